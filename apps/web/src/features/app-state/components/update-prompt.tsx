import { useTranslation } from 'react-i18next';
import { useUpdateStore } from '../stores/update-store';

/** 'A new version is ready': reload now, or later (it is taken at the next start anyway). */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const ready = useUpdateStore((s) => s.ready);
  const apply = useUpdateStore((s) => s.apply);
  const dismiss = useUpdateStore((s) => s.dismiss);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>{t('app.updateReady')}</span>
      <button type="button" className="app-button app-button--on-colour" onClick={dismiss}>
        {t('app.updateLater')}
      </button>
      <button type="button" className="app-button app-button--light" onClick={apply}>
        {t('app.updateNow')}
      </button>
    </div>
  );
}
