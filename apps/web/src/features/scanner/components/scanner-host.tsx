import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllTexts } from '@/lib/i18n';
import { LoadingDots } from '@/components/loading-dots';
import { useScannerStore } from '../stores/scanner-store';

// The camera, the decoder and the dialog load the first time someone scans, not with the app.
const ScannerDialog = lazy(
  withAllTexts(() => import('./scanner-dialog').then((m) => ({ default: m.ScannerDialog }))),
);

/** The one scanner dialog of the app, opened through `scanCode()` / `useScannerStore`. */
export function ScannerHost() {
  const { t } = useTranslation();
  const pending = useScannerStore((s) => s.pending);
  const deliver = useScannerStore((s) => s.deliver);
  const close = useScannerStore((s) => s.close);
  if (!pending) return null;
  return (
    <Suspense
      fallback={
        <div className="scanner-host__loading" role="status" aria-live="polite">
          <LoadingDots light />
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      }
    >
      <ScannerDialog
        key={pending.id}
        options={pending.options}
        onResult={(result) => deliver(pending.id, result)}
        onClose={() => close(pending.id)}
      />
    </Suspense>
  );
}
