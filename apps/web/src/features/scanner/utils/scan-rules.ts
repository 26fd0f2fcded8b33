import { isOrderNumber } from '@snowgear/contracts';

/**
 * What a scanned text means (spec §5). Pure functions: the dialog, smart scan, the barcode
 * fields and the keyboard-wedge listener all read codes through these.
 */

/** Barcode-format names the WeChat scanner puts before a comma ('CODE_128,SGWLSKI001'). */
const WECHAT_FORMAT_PREFIXES = new Set([
  'QR_CODE',
  'DATA_MATRIX',
  'AZTEC',
  'PDF_417',
  'MAXICODE',
  'CODE_128',
  'CODE_39',
  'CODE_93',
  'CODABAR',
  'EAN_13',
  'EAN_8',
  'UPC_A',
  'UPC_E',
  'UPC_EAN_EXTENSION',
  'ITF',
  'RSS_14',
  'RSS_EXPANDED',
  'WX_CODE',
]);

/**
 * A WeChat result shaped 'FORMAT,text' keeps only the text. Only real format names count:
 * a QR code's own text may contain commas ('A1,B2' stays as it is).
 */
export function stripWeChatFormatPrefix(result: string): string {
  const match = /^([A-Z0-9_]+),([\s\S]*)$/.exec(result);
  if (match && WECHAT_FORMAT_PREFIXES.has(match[1]!)) return match[2]!;
  return result;
}

function parseLink(text: string): URL | null {
  if (!/^(https?:\/\/|\/)/i.test(text)) return null;
  try {
    return new URL(text, 'http://scan.invalid');
  } catch {
    return null;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** A scanned link with an `sn` query (an equipment label) yields that serial number. */
export function extractSerialNumber(text: string): string {
  const trimmed = text.trim();
  const sn = parseLink(trimmed)?.searchParams.get('sn')?.trim();
  return sn || trimmed;
}

export type SmartScanTarget =
  | { kind: 'orderCreate'; orderNumber: string }
  | { kind: 'orderCreateWithoutNumber' }
  | { kind: 'order'; orderNumber: string }
  | { kind: 'equipment'; barcode: string }
  | { kind: 'empty' };

/** The order-create pages a booking QR code links to (history or hash routing alike). */
const ORDER_CREATE_PATH = /\/(customer\/order-create|store\/orders\/create)\/?(?=[?#]|$)/;
const ORDER_NUMBER_QUERY = /[?&]orderNumber=([^&#\s]*)/;

/**
 * Smart scan (spec §5): an order-create link with its orderNumber, a 12-digit number starting
 * with 20 (an order number), or else an equipment barcode (a label's `sn` link included).
 */
export function classifySmartScan(raw: string): SmartScanTarget {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  if (ORDER_CREATE_PATH.test(text)) {
    const orderNumber = safeDecode(ORDER_NUMBER_QUERY.exec(text)?.[1] ?? '').trim();
    return orderNumber
      ? { kind: 'orderCreate', orderNumber }
      : { kind: 'orderCreateWithoutNumber' };
  }
  if (isOrderNumber(text)) return { kind: 'order', orderNumber: text };
  return { kind: 'equipment', barcode: extractSerialNumber(text) };
}

/**
 * A caller-supplied check of a scan result: true, or false / a message when refused.
 * (spec §5: the validator's text, else 'scan result format is incorrect'.)
 */
export type ScanValidator = (text: string) => boolean | string;

export function validateScan(
  text: string,
  validator: ScanValidator | undefined,
  fallbackMessage: string,
): { ok: true } | { ok: false; message: string } {
  if (!validator) return { ok: true };
  const verdict = validator(text);
  if (verdict === true) return { ok: true };
  return { ok: false, message: typeof verdict === 'string' && verdict ? verdict : fallbackMessage };
}
