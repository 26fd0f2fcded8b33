import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { currentWedgeTarget, useKeyboardWedge, useScannerStore } from '@/features/scanner';

/**
 * A driver's barcode gun: on /driver/ pages its scans go to the panel that asked for them
 * (loading the van, the delivery and pickup check at the door), as the store pages' quick
 * actions feed theirs; a scan no panel asked for, or a burst it could not read, is said.
 */
export function DriverGun() {
  const { t } = useTranslation();
  const showError = useAppStore((s) => s.showError);
  const scannerOpen = useScannerStore((s) => s.pending !== null);
  useKeyboardWedge(
    (text) => {
      const target = currentWedgeTarget();
      if (target) {
        target(text);
        return;
      }
      playSound(SoundKind.scanError);
      showError(t('smartScan.nothingToScan', { code: text.slice(0, 24) }));
    },
    !scannerOpen,
    (partial) => {
      playSound(SoundKind.scanError);
      showError(t('smartScan.unreadable', { code: partial.slice(0, 24) }));
    },
  );
  return null;
}
