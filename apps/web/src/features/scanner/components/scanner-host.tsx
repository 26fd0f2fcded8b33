import { lazy, Suspense } from 'react';
import { Mask, SpinLoading } from 'antd-mobile';
import { useScannerStore } from '../stores/scanner-store';

// The camera, the decoder and the dialog load the first time someone scans, not with the app.
const ScannerDialog = lazy(() =>
  import('./scanner-dialog').then((m) => ({ default: m.ScannerDialog })),
);

/** The one scanner dialog of the app, opened through `scanCode()` / `useScannerStore`. */
export function ScannerHost() {
  const pending = useScannerStore((s) => s.pending);
  const deliver = useScannerStore((s) => s.deliver);
  const close = useScannerStore((s) => s.close);
  if (!pending) return null;
  return (
    <Suspense
      fallback={
        <Mask visible>
          <div className="scanner-host__loading" role="status" aria-live="polite">
            <SpinLoading color="white" />
          </div>
        </Mask>
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
