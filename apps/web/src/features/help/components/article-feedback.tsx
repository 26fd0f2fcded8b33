import { Button } from 'antd-mobile';
import { FrownOutline, SmileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { useSendHelpFeedback } from '../api/send-help-feedback';

/** 'Was this helpful?' under an article; one answer per visit. */
export function ArticleFeedback({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const feedback = useSendHelpFeedback(articleId);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const handleAnswer = (helpful: boolean) =>
    feedback.mutate(helpful, { onSuccess: () => showSuccess(t('help.thanks')) });

  if (feedback.isSuccess) {
    return (
      <p className="article-feedback" role="status">
        {t('help.thanks')}
      </p>
    );
  }
  return (
    <div className="article-feedback" role="group" aria-label={t('help.wasHelpful')}>
      <span>{t('help.wasHelpful')}</span>
      <Button
        size="small"
        shape="rounded"
        loading={feedback.isPending}
        onClick={() => handleAnswer(true)}
      >
        <SmileOutline aria-hidden /> {t('help.helpful')}
      </Button>
      <Button
        size="small"
        shape="rounded"
        disabled={feedback.isPending}
        onClick={() => handleAnswer(false)}
      >
        <FrownOutline aria-hidden /> {t('help.notHelpful')}
      </Button>
    </div>
  );
}
