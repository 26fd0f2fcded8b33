import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ErrorBlock } from '@/components/error-block';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorBlock
      status="empty"
      title={t('errors.notFoundTitle')}
      description={t('errors.notFoundDesc')}
      fullPage
    >
      <Button color="primary" onClick={() => void navigate(Paths.home)}>
        {t('app.backHome')}
      </Button>
    </ErrorBlock>
  );
}
