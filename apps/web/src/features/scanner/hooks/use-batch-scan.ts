import { useCallback, useEffect, useRef, useState } from 'react';
import {
  scanMany,
  type ScanRequestOptions,
  type ScanResult,
  type ScanVerdict,
} from '../stores/scanner-store';

/**
 * Batch mode from a panel or page: `scanMany()` keeps the camera open and sends every code to
 * `onEach` (always the newest one the component rendered, so it sees current state); the barcode
 * gun reaches the same handler through `useWedgeTarget`. `scanning` is true while it is open.
 */
export function useBatchScan(onEach: (text: string) => Promise<ScanVerdict> | ScanVerdict) {
  const latest = useRef(onEach);
  useEffect(() => {
    latest.current = onEach;
  });
  const [scanning, setScanning] = useState(false);
  const open = useCallback(async (options: Omit<ScanRequestOptions, 'onEach'> = {}) => {
    setScanning(true);
    try {
      await scanMany({ ...options, onEach: (result: ScanResult) => latest.current(result.text) });
    } finally {
      setScanning(false);
    }
  }, []);
  return { scanMany: open, scanning };
}
