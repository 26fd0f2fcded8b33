import { useCallback, useState } from 'react';
import { scanCode, type ScanRequestOptions, type ScanResult } from '../stores/scanner-store';

/**
 * One scan from a page (the driver's scan binding, barcode fields): `scan()` opens the scanner
 * and resolves with the result, or null when the user closed it; `scanning` is true meanwhile.
 */
export function useScanner() {
  const [scanning, setScanning] = useState(false);
  const scan = useCallback(async (options?: ScanRequestOptions): Promise<ScanResult | null> => {
    setScanning(true);
    try {
      return await scanCode(options);
    } finally {
      setScanning(false);
    }
  }, []);
  return { scan, scanning };
}
