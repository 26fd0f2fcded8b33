import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ErrorBlock } from '@/components/error-block';

/** Insufficient permission; names the page the user tried to open (the `from` query). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <ErrorBlock
      status="default"
      title={t('errors.forbiddenTitle')}
      description={from ? t('errors.forbiddenFrom', { from }) : t('errors.forbiddenDesc')}
      fullPage
    >
      <Button color="primary" onClick={() => void navigate(Paths.home)}>
        {t('app.backHome')}
      </Button>
    </ErrorBlock>
  );
}
