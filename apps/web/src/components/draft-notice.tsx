import { Button } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from './lazy-popups';
import { Notice } from './notice';

/**
 * Says a form holds what was entered on an earlier visit (a draft, lib/drafts.ts), with a way to
 * start afresh (after asking: it drops everything) and a way to put the notice away.
 */
export function DraftNotice({
  onStartOver,
  onDismiss,
}: {
  onStartOver: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const handleStartOver = () => {
    void confirmDialog({
      content: t('app.draftStartOverConfirm'),
      confirmText: t('app.draftStartOver'),
      cancelText: t('app.cancel'),
      onConfirm: onStartOver,
    });
  };
  return (
    <Notice
      actions={
        <>
          <Button size="small" fill="none" color="primary" onClick={handleStartOver}>
            {t('app.draftStartOver')}
          </Button>
          <Button size="small" fill="none" aria-label={t('app.draftDismiss')} onClick={onDismiss}>
            <CloseOutline aria-hidden />
          </Button>
        </>
      }
    >
      {t('app.draftRestored')}
    </Notice>
  );
}
