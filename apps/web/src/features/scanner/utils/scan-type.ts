import { ScanType } from './scanner-constants';

/** Two-dimensional symbologies; everything else the decoder reads is a barcode. */
const TWO_D = new Set(['QR_CODE', 'PDF_417', 'AZTEC', 'DATA_MATRIX']);

/** Whether a decoded format is what the caller asked the scanner for. */
export function matchesScanType(format: string | undefined, scanType: ScanType): boolean {
  if (scanType === ScanType.all || !format) return true;
  const isQr = format === 'QR_CODE';
  if (scanType === ScanType.qrCode) return isQr;
  return !TWO_D.has(format);
}
