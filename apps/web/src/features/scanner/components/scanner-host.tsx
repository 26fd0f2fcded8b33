import { useScannerStore } from '../stores/scanner-store';
import { ScannerDialog } from './scanner-dialog';

/** The one scanner dialog of the app, opened through `scanCode()` / `useScannerStore`. */
export function ScannerHost() {
  const pending = useScannerStore((s) => s.pending);
  const deliver = useScannerStore((s) => s.deliver);
  const close = useScannerStore((s) => s.close);
  if (!pending) return null;
  return (
    <ScannerDialog
      key={pending.id}
      options={pending.options}
      onResult={(result) => deliver(pending.id, result)}
      onClose={() => close(pending.id)}
    />
  );
}
