/** Node helpers: the decoder with the binary from node_modules, image files, test manifests. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import sharp from 'sharp';
import { readBarcodes } from 'zxing-wasm/reader';
import { decodeBarcode, DecodeMode, prepareDecoder } from './decoder';
import { type BarcodeFormat, BARCODE_FORMATS, isBarcodeFormat, toProductRead } from './formats';
import type { RgbaImage } from './preprocess';

/** Prepares the decoder with zxing-wasm's binary read from the installed package. */
export async function prepareNodeDecoder(): Promise<void> {
  const require = createRequire(import.meta.url);
  const bytes = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  await prepareDecoder({ wasmBinary });
}

/** An image file (PNG, JPEG, …), by its path or its bytes, as RGBA pixels. */
export async function loadImage(file: string | Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export interface ManifestEntry {
  /** Image path relative to the manifest's folder. */
  file: string;
  format: BarcodeFormat;
  expected: string;
}

export interface Manifest {
  /** Absolute folder the entries' paths are relative to. */
  dir: string;
  entries: ManifestEntry[];
}

function isEntry(value: unknown): value is ManifestEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.file === 'string' &&
    typeof entry.expected === 'string' &&
    isBarcodeFormat(entry.format)
  );
}

/** A manifest file: a JSON array of `{ file, format, expected }`. */
export async function readManifest(path: string): Promise<Manifest> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${path}: expected a JSON array`);
  const entries = parsed.map((entry: unknown, i) => {
    if (!isEntry(entry)) {
      throw new Error(
        `${path}: entry ${i} needs file, expected and one of ${BARCODE_FORMATS.join(', ')}`,
      );
    }
    return entry;
  });
  return { dir: dirname(resolve(path)), entries };
}

/** Any decoder under measurement: only the text counts. */
export type Decode = (image: RgbaImage) => Promise<{ text: string } | null>;

export const decodePhoto: Decode = (image) => decodeBarcode(image, DecodeMode.Photo);

/**
 * The reference the product is measured against: zxing-wasm as it comes (all formats, its
 * default options with tryHarder), first result, UPC-A and UPC-E written as 12 and 8 digits.
 */
export const decodeReference: Decode = async (image) => {
  const [first] = await readBarcodes(image, { tryHarder: true });
  if (!first) return null;
  return { text: toProductRead(first)?.text ?? first.text };
};

export interface Tally {
  n: number;
  successes: number;
  /** Share of successes, 0 to 1. */
  rate: number;
  /** Median decoding time per image in milliseconds (image loading excluded). */
  medianMs: number;
}

export interface Evaluation extends Tally {
  byFormat: Partial<Record<BarcodeFormat, Tally>>;
  failures: { file: string; format: BarcodeFormat; expected: string; got: string | null }[];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function tally(rows: { success: boolean; ms: number }[]): Tally {
  const successes = rows.filter((row) => row.success).length;
  return {
    n: rows.length,
    successes,
    rate: rows.length ? successes / rows.length : 0,
    medianMs: median(rows.map((row) => row.ms)),
  };
}

/** Decodes every image of a manifest; success = decoded text, trimmed, equals the expected text. */
export async function evaluate(
  manifest: Manifest,
  decode: Decode = decodePhoto,
): Promise<Evaluation> {
  const rows: { entry: ManifestEntry; success: boolean; ms: number }[] = [];
  const failures: Evaluation['failures'] = [];
  for (const entry of manifest.entries) {
    const image = await loadImage(resolve(manifest.dir, entry.file));
    const start = performance.now();
    const result = await decode(image);
    const ms = performance.now() - start;
    const success = result?.text.trim() === entry.expected.trim();
    rows.push({ entry, success, ms });
    if (!success) failures.push({ ...entry, got: result?.text ?? null });
  }
  const byFormat: Evaluation['byFormat'] = {};
  for (const format of BARCODE_FORMATS) {
    const ofFormat = rows.filter((row) => row.entry.format === format);
    if (ofFormat.length) byFormat[format] = tally(ofFormat);
  }
  return { ...tally(rows), byFormat, failures };
}
