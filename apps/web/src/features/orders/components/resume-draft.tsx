import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderCreateDraft } from '../utils/order-create-form';

/**
 * An order started here and never sent: before anything else, the clerk says whether it is the
 * same customer's (carry on) or a new one's (a blank order), so the last customer's gear never
 * goes out on the next customer's order.
 */
export function ResumeDraft({
  draft,
  onResume,
  onBlank,
}: {
  draft: OrderCreateDraft;
  onResume: () => void;
  onBlank: () => void;
}) {
  const { t } = useTranslation();
  const who = draft.customerName.trim() || t('orderCreate.resume.noName');
  return (
    <section
      className="order-create__resume"
      role="alertdialog"
      aria-labelledby="resume-draft-title"
      aria-describedby="resume-draft-text"
    >
      <h2 id="resume-draft-title">{t('orderCreate.resume.title')}</h2>
      <p id="resume-draft-text">{t('orderCreate.resume.text')}</p>
      <Button block size="large" color="primary" onClick={onResume}>
        {t('orderCreate.resume.continue', { who, count: draft.items.length })}
      </Button>
      <Button block size="large" onClick={onBlank}>
        {t('orderCreate.resume.blank')}
      </Button>
    </section>
  );
}
