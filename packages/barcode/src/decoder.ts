import {
  prepareZXingModule,
  readBarcodes,
  type ReaderOptions,
  type ReadResult,
  type ZXingModuleOverrides,
} from 'zxing-wasm/reader';
import {
  type BarcodeFormat,
  ERROR_CORRECTED_FORMATS,
  toProductRead,
  ZXING_FORMATS,
} from './formats';
import { readEanByProfile } from './ean-profile';
import {
  adaptiveThreshold,
  fitWithin,
  type GrayImage,
  otsuThreshold,
  resize,
  type RgbaImage,
  scaleContrast,
  stretchLevels,
  toGray,
  toRgba,
  unsharpMask,
  unwrapCylinder,
} from './preprocess';

export const DecodeMode = {
  /** One fast attempt, for camera frames at up to 30 per second. */
  Live: 'live',
  /** Every strategy in turn, for a still photo. */
  Photo: 'photo',
} as const;
export type DecodeMode = (typeof DecodeMode)[keyof typeof DecodeMode];

/** Which pre-processing produced a read. */
export const DecodeStrategy = {
  Live: 'live',
  Plain: 'plain',
  Contrast: 'contrast',
  Threshold: 'threshold',
  Levels: 'levels',
  AdaptiveThreshold: 'adaptive-threshold',
  Sharpen: 'sharpen',
  UpscaleSharpen: 'upscale-sharpen',
  UpscaleSharpenWide: 'upscale-sharpen-wide',
  SharpenHard: 'sharpen-hard',
  Unwrap: 'unwrap',
  /** EAN-13 or UPC-A read from the grey levels along scan lines (ean-profile.ts). */
  Profile: 'profile',
} as const;
export type DecodeStrategy = (typeof DecodeStrategy)[keyof typeof DecodeStrategy];

export interface DecodeResult {
  text: string;
  format: BarcodeFormat;
  strategy: DecodeStrategy;
}

/**
 * Where the zxing-wasm binary comes from. Never a CDN: a browser passes the URL of the copy the
 * app serves itself, Node passes the file's bytes.
 */
export type WasmSource = { wasmUrl: string } | { wasmBinary: ArrayBuffer };

let prepared: Promise<unknown> | null = null;

/** Loads and compiles the decoder's WebAssembly; call once before decoding. */
export async function prepareDecoder(source: WasmSource): Promise<void> {
  const overrides: ZXingModuleOverrides =
    'wasmUrl' in source
      ? {
          locateFile: (path: string, prefix: string) =>
            path.endsWith('.wasm') ? source.wasmUrl : prefix + path,
        }
      : { wasmBinary: source.wasmBinary };
  prepared = prepareZXingModule({ overrides, fireImmediately: true });
  await prepared;
}

/** zxing-wasm's own default would fetch the binary from a CDN, so decoding waits for ours. */
async function ready(): Promise<void> {
  if (!prepared) throw new Error('prepareDecoder() must be called before decoding');
  await prepared;
}

/** Photos are shrunk to this longer side first: larger ones cost time and rarely help. */
const MAX_PHOTO_SIDE = 1600;
/** A curved label is flattened on the photo shrunk to this longer side (see PHOTO_STRATEGIES). */
const MAX_UNWRAP_SIDE = 800;
/** Only photos up to this size are also tried enlarged (thin bars of small codes). */
const MAX_UPSCALE_SIDE = 1024;
/**
 * A linear code read on this many scan lines is accepted at once. Fewer lines (a read that
 * barely passed) are kept as candidates until another strategy reads the same text or none is
 * left: a check digit alone lets about one misread in ten through.
 */
const CONFIDENT_LINE_COUNT = 5;
const VOTES_TO_ACCEPT = 2;

const COMMON_OPTIONS: ReaderOptions = {
  formats: ZXING_FORMATS,
  // The encoded bytes as text, not a human-readable rendering (GS1 brackets, control pictures).
  textMode: 'Plain',
};
const LIVE_OPTIONS: ReaderOptions = {
  ...COMMON_OPTIONS,
  tryHarder: false,
  tryInvert: false,
};
const PHOTO_OPTIONS: ReaderOptions = {
  ...COMMON_OPTIONS,
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
};

interface PhotoStrategy {
  name: DecodeStrategy;
  apply: (gray: GrayImage) => GrayImage | null;
  /** What the reader looks for in the result (PHOTO_OPTIONS unless said). */
  options?: ReaderOptions;
}

/**
 * A flattened curve is looked at for PDF417 alone, upright and as printed: linear codes read on
 * a curve as they are, and the flattening is tried at many radii, so each try must be cheap.
 */
const UNWRAP_OPTIONS: ReaderOptions = {
  ...COMMON_OPTIONS,
  formats: ['PDF417'],
  tryHarder: true,
  tryRotate: false,
  tryInvert: false,
  tryDownscale: false,
};

/** Spec order first (plain, doubled contrast, black/white), then what raised the success rate. */
export const PHOTO_STRATEGIES: readonly PhotoStrategy[] = [
  { name: DecodeStrategy.Plain, apply: (gray) => gray },
  { name: DecodeStrategy.Contrast, apply: (gray) => scaleContrast(gray, 2) },
  { name: DecodeStrategy.Threshold, apply: otsuThreshold },
  { name: DecodeStrategy.Levels, apply: (gray) => stretchLevels(gray) },
  {
    name: DecodeStrategy.AdaptiveThreshold,
    apply: (gray) =>
      adaptiveThreshold(gray, Math.max(4, Math.round(Math.min(gray.width, gray.height) / 16)), 5),
  },
  { name: DecodeStrategy.Sharpen, apply: (gray) => unsharpMask(gray, 1, 0.7) },
  {
    name: DecodeStrategy.UpscaleSharpen,
    apply: (gray) =>
      Math.max(gray.width, gray.height) <= MAX_UPSCALE_SIDE
        ? unsharpMask(resize(gray, 2), 3, 1)
        : null,
  },
  {
    // Glare on a glossy wrapper washes out stretches of the bars: a wider, stronger sharpening
    // of the enlarged photo brings their edges back (a UPC-A under cling film read on 30 lines).
    name: DecodeStrategy.UpscaleSharpenWide,
    apply: (gray) =>
      Math.max(gray.width, gray.height) <= MAX_UPSCALE_SIDE
        ? unsharpMask(resize(gray, 2), 5, 1.5)
        : null,
  },
  // Out of focus: bars blurred into each other over several pixels, pulled apart harder.
  { name: DecodeStrategy.SharpenHard, apply: (gray) => unsharpMask(gray, 5, 3) },
  // A label round a boot's shaft or a pole, aimed at its middle, laid flat again. The radius is
  // not known and the flattening reads only within about 5 % of it: cylinders from a quarter to
  // half the picture's width, 5 % apart, on a picture of at most 800 px (a label big enough to
  // curve is big enough there). PDF417's columns no longer read once the sides crowd.
  ...Array.from({ length: 15 }, (_, step) => ({
    name: DecodeStrategy.Unwrap,
    options: UNWRAP_OPTIONS,
    apply: (gray: GrayImage) => {
      const small = fitWithin(gray, MAX_UNWRAP_SIDE);
      return unwrapCylinder(small, small.width * 0.25 * 1.05 ** step);
    },
  })),
];

interface Read {
  text: string;
  format: BarcodeFormat;
  lineCount: number;
  center: { x: number; y: number };
  size: number;
}

function toRead(result: ReadResult): Read | null {
  const product = toProductRead(result);
  if (!product) return null;
  const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
  const corners = [topLeft, topRight, bottomRight, bottomLeft];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return {
    ...product,
    lineCount: result.lineCount,
    center: { x: xs.reduce((a, b) => a + b, 0) / 4, y: ys.reduce((a, b) => a + b, 0) / 4 },
    size: Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)),
  };
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * The one read to report: a symbol read twice (two decodings of the same bars) keeps the read
 * seen on more scan lines; of different symbols, the one nearest the centre, where the user aimed.
 */
function pickRead(reads: readonly Read[], width: number, height: number): Read | null {
  const sameSymbol = (a: Read, b: Read) =>
    distance(a.center, b.center) < Math.max(a.size, b.size, 8) / 2;
  const kept = reads.filter(
    (read) => !reads.some((other) => other.lineCount > read.lineCount && sameSymbol(other, read)),
  );
  const middle = { x: width / 2, y: height / 2 };
  let best: Read | null = null;
  for (const read of kept) {
    if (!best || distance(read.center, middle) < distance(best.center, middle)) best = read;
  }
  return best;
}

async function readOnce(image: RgbaImage, options: ReaderOptions): Promise<Read | null> {
  // zxing-wasm's input type is the DOM's ImageData where the DOM exists; only data, width and
  // height are read.
  const input = image as Parameters<typeof readBarcodes>[0];
  const results = await readBarcodes(input, options);
  const reads = results.map(toRead).filter((read): read is Read => read !== null);
  return pickRead(reads, image.width, image.height);
}

function isConfident(read: Read): boolean {
  return ERROR_CORRECTED_FORMATS.has(read.format) || read.lineCount >= CONFIDENT_LINE_COUNT;
}

async function decodePhoto(image: RgbaImage): Promise<DecodeResult | null> {
  const gray = fitWithin(toGray(image), MAX_PHOTO_SIDE);
  const candidates = new Map<string, { result: DecodeResult; votes: number; lines: number }>();
  for (const strategy of PHOTO_STRATEGIES) {
    const processed = strategy.apply(gray);
    if (!processed) continue;
    const read = await readOnce(toRgba(processed), strategy.options ?? PHOTO_OPTIONS);
    if (!read) continue;
    const result = { text: read.text, format: read.format, strategy: strategy.name };
    if (isConfident(read)) return result;
    const key = `${read.format}\n${read.text}`;
    const candidate = candidates.get(key) ?? { result, votes: 0, lines: 0 };
    candidate.votes += 1;
    candidate.lines += read.lineCount;
    candidates.set(key, candidate);
    if (candidate.votes >= VOTES_TO_ACCEPT) return candidate.result;
  }
  let best: { result: DecodeResult; votes: number; lines: number } | null = null;
  for (const candidate of candidates.values()) {
    if (
      !best ||
      candidate.votes > best.votes ||
      (candidate.votes === best.votes && candidate.lines > best.lines)
    ) {
      best = candidate;
    }
  }
  if (best) return best.result;
  // Last, as zxing never read it: an EAN-13 or UPC-A too blurred for its bars' edges, read by
  // how its grey levels match each digit's blurred bars (it holds to its own agreement rule).
  const profile = readEanByProfile(gray);
  return profile && { ...profile, strategy: DecodeStrategy.Profile };
}

function assertImage(image: RgbaImage): void {
  const { data, width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`Invalid image size ${width}×${height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`Expected ${width * height * 4} RGBA bytes, got ${data.length}`);
  }
}

/**
 * The barcode in an RGBA image, or null. `live` makes one fast attempt (camera frames); `photo`
 * tries each strategy of {@link PHOTO_STRATEGIES} until one reads a code it can trust, and last
 * reads EAN-13 and UPC-A by their grey levels.
 */
export async function decodeBarcode(
  image: RgbaImage,
  mode: DecodeMode,
): Promise<DecodeResult | null> {
  assertImage(image);
  await ready();
  if (mode === DecodeMode.Photo) return decodePhoto(image);
  const read = await readOnce(image, LIVE_OPTIONS);
  return read && { text: read.text, format: read.format, strategy: DecodeStrategy.Live };
}
