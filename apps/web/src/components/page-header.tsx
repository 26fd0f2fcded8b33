import { createContext, use, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';

/**
 * What a page's header shows at its right where the page puts nothing there, as the layout says:
 * the customer pages' language switch (app/layouts/page-layout.tsx).
 */
export const HeaderExtraContext = createContext<ReactNode>(null);

/** The layout's header extra, for a page whose header is its own (a hero, a greeting). */
export function HeaderExtra() {
  return use(HeaderExtraContext);
}

/**
 * A page's top bar: title and a back arrow (to `backTo`, else the previous page; none on a
 * tab's own page, `noBack`). antd-mobile's
 * look, but its back control is a real button with a name: NavBar's own is a `div` that a
 * keyboard cannot reach and a screen reader reads as a button without a name.
 */
export function PageHeader({
  title,
  backTo,
  right,
  noBack = false,
}: {
  title: ReactNode;
  backTo?: string;
  right?: ReactNode;
  noBack?: boolean;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const extra = use(HeaderExtraContext);
  const handleBack = () => {
    if (backTo) void navigate(backTo);
    else if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <header className="adm-nav-bar page-header">
      <div className="adm-nav-bar-left">
        {!noBack && (
          <button type="button" className="adm-nav-bar-back page-header__back" onClick={handleBack}>
            <span className="adm-nav-bar-back-arrow" aria-hidden>
              <LeftOutline />
            </span>
            {t('app.back')}
          </button>
        )}
      </div>
      <div className="adm-nav-bar-title">
        <h1 className="page-header__title">{title}</h1>
      </div>
      <div className="adm-nav-bar-right">{right ?? extra}</div>
    </header>
  );
}
