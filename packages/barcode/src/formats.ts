import type { ReadInputBarcodeFormat, ReadResult } from 'zxing-wasm/reader';

/** The barcode formats the product reads, named as in the scanner's test manifests. */
export const BarcodeFormat = {
  QrCode: 'QR_CODE',
  Code128: 'CODE_128',
  Code39: 'CODE_39',
  Code93: 'CODE_93',
  Ean13: 'EAN_13',
  Ean8: 'EAN_8',
  UpcA: 'UPC_A',
  UpcE: 'UPC_E',
  Itf: 'ITF',
  Pdf417: 'PDF_417',
  Aztec: 'AZTEC',
} as const;
export type BarcodeFormat = (typeof BarcodeFormat)[keyof typeof BarcodeFormat];

export const BARCODE_FORMATS: readonly BarcodeFormat[] = Object.values(BarcodeFormat);

export function isBarcodeFormat(value: unknown): value is BarcodeFormat {
  return BARCODE_FORMATS.includes(value as BarcodeFormat);
}

/** What zxing-wasm is asked to look for: only the product's formats (fewer false reads, faster). */
export const ZXING_FORMATS: ReadInputBarcodeFormat[] = [
  'QRCode',
  'Code128',
  'Code39',
  'Code93',
  'EAN13',
  'EAN8',
  'UPCA',
  'UPCE',
  'ITF',
  'PDF417',
  'Aztec',
];

/** Matrix and stacked codes carry Reed-Solomon error correction, so a read is trustworthy. */
export const ERROR_CORRECTED_FORMATS: ReadonlySet<BarcodeFormat> = new Set([
  BarcodeFormat.QrCode,
  BarcodeFormat.Pdf417,
  BarcodeFormat.Aztec,
]);

const BY_SYMBOLOGY: Partial<Record<ReadResult['symbology'], BarcodeFormat>> = {
  QRCode: BarcodeFormat.QrCode,
  Code128: BarcodeFormat.Code128,
  Code39: BarcodeFormat.Code39,
  Code93: BarcodeFormat.Code93,
  ITF: BarcodeFormat.Itf,
  PDF417: BarcodeFormat.Pdf417,
  Aztec: BarcodeFormat.Aztec,
};

/**
 * UPC-A written as its 8-digit UPC-E (zero-suppressed) form: number system, six digits, check
 * digit. Null when the UPC-A number cannot be zero-suppressed.
 */
export function upcAToUpcE(upcA: string): string | null {
  if (!/^[01]\d{11}$/.test(upcA)) return null;
  const system = upcA.slice(0, 1);
  const maker = upcA.slice(1, 6);
  const item = upcA.slice(6, 11);
  const check = upcA.slice(11);
  const m3 = maker.slice(2, 3);
  const m5 = maker.slice(4, 5);
  const p5 = item.slice(4, 5);
  let body: string | null = null;
  if (maker.endsWith('00') && m3 <= '2' && item.startsWith('00')) {
    body = maker.slice(0, 2) + item.slice(2) + m3;
  } else if (maker.endsWith('00') && item.startsWith('000')) {
    body = maker.slice(0, 3) + item.slice(3) + '3';
  } else if (m5 === '0' && item.startsWith('0000')) {
    body = maker.slice(0, 4) + p5 + '4';
  } else if (m5 !== '0' && item.startsWith('0000') && p5 >= '5') {
    body = maker + p5;
  }
  return body === null ? null : system + body + check;
}

/** The UPC-E form zxing-cpp keeps in a result's `extra` JSON, if any. */
function upcEFromExtra(extra: string): string | null {
  try {
    const parsed: unknown = JSON.parse(extra);
    if (typeof parsed === 'object' && parsed !== null && 'UPCE' in parsed) {
      const value = parsed.UPCE;
      if (typeof value === 'string' && /^[01]\d{7}$/.test(value)) return value;
    }
  } catch {
    // No extra information: fall through.
  }
  return null;
}

/** The part of a zxing-wasm result that normalisation looks at. */
export type RawRead = Pick<ReadResult, 'format' | 'symbology' | 'text' | 'extra'>;

/**
 * A zxing-wasm result in the product's terms. zxing-cpp reports UPC-A as a 13-digit EAN-13 with
 * a leading 0 (an EAN-13 starting with 0 is by definition a UPC-A symbol) and UPC-E as its
 * expanded 13-digit GTIN; the product uses the 12-digit UPC-A and the 8-digit UPC-E.
 * Null for a format outside the product's list.
 */
export function toProductRead(read: RawRead): { format: BarcodeFormat; text: string } | null {
  const { format, text } = read;
  if (read.symbology !== 'EANUPC') {
    const product = BY_SYMBOLOGY[read.symbology];
    return product ? { format: product, text } : null;
  }
  if (format === 'EAN8') return { format: BarcodeFormat.Ean8, text };
  if (format === 'EAN13' || format === 'UPCA') {
    if (/^0\d{12}$/.test(text)) return { format: BarcodeFormat.UpcA, text: text.slice(1) };
    if (/^\d{12}$/.test(text)) return { format: BarcodeFormat.UpcA, text };
    return format === 'EAN13' ? { format: BarcodeFormat.Ean13, text } : null;
  }
  if (format === 'UPCE') {
    if (/^[01]\d{7}$/.test(text)) return { format: BarcodeFormat.UpcE, text };
    const upcA = /^0[01]\d{11}$/.test(text) ? text.slice(1) : text;
    const upcE = upcAToUpcE(upcA) ?? upcEFromExtra(read.extra);
    return upcE === null ? null : { format: BarcodeFormat.UpcE, text: upcE };
  }
  return null;
}
