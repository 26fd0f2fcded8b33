import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NavBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A page's top bar: title and a back arrow (to `backTo`, else the previous page). */
export function PageHeader({
  title,
  backTo,
  right,
}: {
  title: ReactNode;
  backTo?: string;
  right?: ReactNode;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const handleBack = () => {
    if (backTo) void navigate(backTo);
    else if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <NavBar className="page-header" onBack={handleBack} backIcon back={t('app.back')} right={right}>
      <h1 className="page-header__title">{title}</h1>
    </NavBar>
  );
}
