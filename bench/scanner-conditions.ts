/**
 * Labels as a rental counter's camera sees them, made here so anyone can measure the same set:
 * each weak format's codes printed (bwip-js), on a paper-grey card, then photographed under one
 * condition at a time: out of focus, glare from a lamp, wrapped round a boot's curve, in low
 * light with sensor noise. Written as PNGs with a manifest the scanner bench reads
 * (`npm run bench:scanner -- --conditions`).
 *
 * The codes come from a fixed seed: every run, on every machine, draws the same images.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { BarcodeFormat } from '@snowgear/barcode';

const WIDTH = 640;
const HEIGHT = 480;
const CODES_PER_FORMAT = 6;

/** A small deterministic generator (mulberry32): the same digits on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The GS1 check digit of `digits` (EAN-13 and UPC-A alike). */
function checkDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E's six digits written out as the UPC-A they stand for (number system 0). */
function upcEToA(six: string): string {
  const [d1, d2, d3, d4, d5, d6] = six.split('') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (d6 === '0' || d6 === '1' || d6 === '2') return `0${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  if (d6 === '3') return `0${d1}${d2}${d3}00000${d4}${d5}`;
  if (d6 === '4') return `0${d1}${d2}${d3}${d4}00000${d5}`;
  return `0${d1}${d2}${d3}${d4}${d5}0000${d6}`;
}

interface Code {
  format: BarcodeFormat;
  bcid: string;
  /** What bwip-js is given. */
  text: string;
  /** What the scanner should report. */
  expected: string;
}

function codesOf(next: () => number): Code[] {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const codes: Code[] = [];
  for (let i = 0; i < CODES_PER_FORMAT; i += 1) {
    const ean = `69${digits(10)}`;
    codes.push({ format: 'EAN_13', bcid: 'ean13', text: ean, expected: ean + checkDigit(ean) });
    const upcA = `0${digits(10)}`;
    codes.push({ format: 'UPC_A', bcid: 'upca', text: upcA, expected: upcA + checkDigit(upcA) });
    const six = digits(6);
    const upcE = `0${six}${checkDigit(upcEToA(six))}`;
    codes.push({ format: 'UPC_E', bcid: 'upce', text: upcE, expected: upcE });
    const label = `SGWL-SKI-${digits(6)}`;
    codes.push({ format: 'PDF_417', bcid: 'pdf417', text: label, expected: label });
  }
  return codes;
}

/** A condition: what it does to the grey photo of a label, in place or as a new one. */
interface Condition {
  name: string;
  apply: (gray: Uint8ClampedArray, next: () => number) => Promise<Uint8ClampedArray>;
}

async function blurred(gray: Uint8ClampedArray, sigma: number): Promise<Uint8ClampedArray> {
  const { data } = await sharp(gray, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .blur(sigma)
    // sharp gives three channels back for a grey input: keep one.
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8ClampedArray(data);
}

const CONDITIONS: Condition[] = [
  { name: 'focus', apply: (gray, next) => blurred(gray, 1.6 + next() * 0.8) },
  {
    // A lamp's reflection: a bright, soft-edged patch over part of the bars.
    name: 'glare',
    apply: async (gray, next) => {
      const out = new Uint8ClampedArray(gray);
      const cx = WIDTH * (0.35 + next() * 0.3);
      const cy = HEIGHT * (0.4 + next() * 0.2);
      const rx = 70 + next() * 40;
      const ry = 45 + next() * 30;
      for (let y = 0; y < HEIGHT; y += 1) {
        for (let x = 0; x < WIDTH; x += 1) {
          const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
          const light = Math.max(0, 1 - d) ** 1.5 * 0.85;
          const i = y * WIDTH + x;
          out[i] = out[i]! + (255 - out[i]!) * light;
        }
      }
      return blurred(out, 0.8);
    },
  },
  {
    // Round a boot's shaft: the bars crowd towards the edges, which also turn darker.
    name: 'curve',
    apply: async (gray, next) => {
      const out = new Uint8ClampedArray(gray.length);
      const radius = WIDTH * (0.3 + next() * 0.06);
      const cx = WIDTH / 2;
      for (let x = 0; x < WIDTH; x += 1) {
        const offset = (x - cx) / radius;
        const inside = Math.abs(offset) < 1;
        const source = inside ? cx + radius * Math.asin(offset) * 0.9 : -1;
        const shade = inside ? 0.55 + 0.45 * Math.cos(Math.asin(offset)) : 0;
        const sx = Math.round(source);
        for (let y = 0; y < HEIGHT; y += 1) {
          const value = sx >= 0 && sx < WIDTH ? gray[y * WIDTH + sx]! : 40;
          out[y * WIDTH + x] = value * shade;
        }
      }
      return blurred(out, 0.7);
    },
  },
  {
    // A dim corner of the shop: a third of the light, and the noise a phone's sensor adds.
    name: 'low-light',
    apply: async (gray, next) => {
      const out = new Uint8ClampedArray(gray.length);
      for (let i = 0; i < gray.length; i += 1) {
        const noise = (next() + next() + next() - 1.5) * 18;
        out[i] = gray[i]! * 0.3 + 8 + noise;
      }
      return blurred(out, 0.6);
    },
  },
];

/** The label printed at its size, centred on a grey card the size of a photo, as grey levels. */
async function photographed(code: Code, next: () => number): Promise<Uint8ClampedArray> {
  const png = await bwipjs.toBuffer({
    bcid: code.bcid,
    text: code.text,
    scale: 3,
    // PDF417 in three data columns (a label's usual shape, about three times as wide as high).
    ...(code.bcid === 'pdf417' ? { columns: 3 } : { height: 12 }),
    includetext: code.bcid !== 'pdf417',
    paddingwidth: 6,
    paddingheight: 6,
    backgroundcolor: 'ffffff',
  });
  const label = await sharp(png).greyscale().png().toBuffer();
  const meta = await sharp(label).metadata();
  const scale = Math.min(1, (WIDTH * 0.7) / (meta.width ?? WIDTH));
  const resized = await sharp(label)
    .resize(Math.round((meta.width ?? WIDTH) * scale))
    .png()
    .toBuffer();
  const size = await sharp(resized).metadata();
  const left = Math.round((WIDTH - (size.width ?? 0)) / 2 + (next() - 0.5) * 40);
  const top = Math.round((HEIGHT - (size.height ?? 0)) / 2 + (next() - 0.5) * 40);
  const { data } = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 168, g: 170, b: 166 } },
  })
    .composite([{ input: resized, left, top }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp keeps three channels for a grey composite: take one.
  const channels = data.length / (WIDTH * HEIGHT);
  const gray = new Uint8ClampedArray(WIDTH * HEIGHT);
  for (let i = 0; i < gray.length; i += 1) gray[i] = data[i * channels]!;
  return gray;
}

/** Writes the set into `dir` and returns the path of its manifest. */
export async function writeConditionSet(dir: string): Promise<string> {
  const next = random(20261127);
  const entries: { file: string; format: BarcodeFormat; expected: string }[] = [];
  for (const code of codesOf(next)) {
    const gray = await photographed(code, next);
    for (const condition of CONDITIONS) {
      const taken = await condition.apply(gray, next);
      const file = join(condition.name, `${code.format.toLowerCase()}-${code.text}.png`);
      mkdirSync(join(dir, condition.name), { recursive: true });
      await sharp(Buffer.from(taken.buffer), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
        .png()
        .toFile(join(dir, file));
      entries.push({ file, format: code.format, expected: code.expected });
    }
  }
  const manifest = join(dir, 'manifest.json');
  writeFileSync(manifest, JSON.stringify(entries, null, 1));
  return manifest;
}
