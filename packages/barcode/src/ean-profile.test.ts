import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcode, DecodeMode } from './decoder';
import { readEanByProfile } from './ean-profile';
import { BarcodeFormat } from './formats';
import { type RgbaImage, toGray } from './preprocess';
import { decodeReference, loadImage, prepareNodeDecoder, readManifest } from './node';

const PUBLIC_MANIFEST = fileURLToPath(new URL('../testdata/manifest.public.json', import.meta.url));

beforeAll(prepareNodeDecoder);

/**
 * A product label (`bcid` as bwip-js names it) printed `width` px wide on a brown box, photographed
 * out of focus (a Gaussian blur of `sigma` px) in flat light (contrast 0.6).
 */
async function blurredLabel(
  bcid: 'ean13' | 'upca' | 'ean8' | 'upce',
  text: string,
  width: number,
  sigma: number,
): Promise<RgbaImage> {
  const png = await bwipjs.toBuffer({ bcid, text, scale: 4, includetext: true });
  const label = await sharp(png)
    .flatten({ background: '#f4f4f0' })
    .extend({ top: 16, bottom: 16, left: 24, right: 24, background: '#f4f4f0' })
    .resize({ width })
    .png()
    .toBuffer();
  // sharp composites after its other operations: the blur is a second pass.
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 110, b: 100 } },
  })
    .composite([{ input: label, gravity: 'centre' }])
    .png()
    .toBuffer();
  return loadImage(await sharp(photo).blur(sigma).linear(0.6, 40).png().toBuffer());
}

/** The check digit of an EAN or UPC-A number (weights 3, 1, 3, … from its last digit). */
function checkDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E's six digits as the UPC-A number they stand for, without its check digit. */
function upcEAsUpcA(six: string): string {
  const [d1, d2, d3, d4, d5, d6] = [...six] as [string, string, string, string, string, string];
  if (d6 <= '2') return `0${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  if (d6 === '3') return `0${d1}${d2}${d3}00000${d4}${d5}`;
  if (d6 === '4') return `0${d1}${d2}${d3}${d4}00000${d5}`;
  return `0${d1}${d2}${d3}${d4}${d5}0000${d6}`;
}

describe('EAN and UPC by their grey levels', () => {
  it('reads a UPC-A out of focus that no zxing strategy reads', async () => {
    // Modules of about 1.5 px under a blur of 1.9 px: thin spaces never come up to white.
    const image = await blurredLabel('upca', '036000291452', 220, 1.9);
    expect(await decodeReference(image)).toBeNull();
    expect(await decodeBarcode(image, DecodeMode.Photo)).toEqual({
      text: '036000291452',
      format: BarcodeFormat.UpcA,
      strategy: 'profile',
    });
  });

  it('reads an EAN-13 out of focus that no zxing strategy reads', async () => {
    const image = await blurredLabel('ean13', '4006381333931', 180, 1.6);
    expect(await decodeReference(image)).toBeNull();
    expect(await decodeBarcode(image, DecodeMode.Photo)).toEqual({
      text: '4006381333931',
      format: BarcodeFormat.Ean13,
      strategy: 'profile',
    });
  });

  it('reads no wrong number from labels blurred from just readable to past reading', async () => {
    // Digits whose blurred bars look alike (R2 and R8, at one contrast) were once read as each
    // other with a valid check digit: a wrong item at the counter is worse than no read.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const digits = (n: number) =>
      Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const labels: { bcid: 'ean13' | 'ean8' | 'upce'; text: string; width: number }[] = [];
    for (let n = 0; n < 6; n++) {
      const twelve = digits(12);
      labels.push({ bcid: 'ean13', text: twelve + checkDigit(twelve), width: 190 });
      const seven = digits(7);
      labels.push({ bcid: 'ean8', text: seven + checkDigit(seven), width: 130 });
      const six = digits(6);
      labels.push({ bcid: 'upce', text: `0${six}${checkDigit(upcEAsUpcA(six))}`, width: 160 });
    }
    const reads: Partial<Record<string, number>> = {};
    for (const { bcid, text, width } of labels) {
      for (const sigma of [1.4, 2.0, 2.6]) {
        const read = readEanByProfile(toGray(await blurredLabel(bcid, text, width, sigma)));
        if (!read) continue;
        expect(read.format === BarcodeFormat.UpcA ? `0${read.text}` : read.text).toBe(text);
        reads[bcid] = (reads[bcid] ?? 0) + 1;
      }
    }
    // It still reads most of those within its reach (the least blur).
    expect(reads.ean13).toBeGreaterThanOrEqual(6);
    expect(reads.ean8).toBeGreaterThanOrEqual(6);
    expect(reads.upce).toBeGreaterThanOrEqual(6);
  });

  it('does not take the left half of an EAN-13 for a UPC-E', async () => {
    // The start guard, six L and G digits and the middle guard with the bar after it are a UPC-E
    // to the guards; this one's parities and digits pass UPC-E's check too.
    const image = await blurredLabel('ean13', '6992618336180', 190, 2);
    expect(readEanByProfile(toGray(image))?.format).not.toBe(BarcodeFormat.UpcE);
  });

  it('reads nothing from the photos of other formats, and never a wrong EAN or UPC', async () => {
    const family = new Set<BarcodeFormat>([
      BarcodeFormat.Ean13,
      BarcodeFormat.UpcA,
      BarcodeFormat.Ean8,
      BarcodeFormat.UpcE,
    ]);
    const manifest = await readManifest(PUBLIC_MANIFEST);
    const read: Partial<Record<BarcodeFormat, number>> = {};
    for (const entry of manifest.entries) {
      const found = readEanByProfile(toGray(await loadImage(join(manifest.dir, entry.file))));
      if (family.has(entry.format)) {
        if (found)
          expect(found, entry.file).toEqual({ text: entry.expected, format: entry.format });
        if (found) read[entry.format] = (read[entry.format] ?? 0) + 1;
      } else {
        expect(found, entry.file).toBeNull();
      }
    }
    // On its own it reads most of the family's photos (zxing reads them all before it is asked).
    expect(read).toMatchObject({ EAN_8: 2 });
    for (const format of [BarcodeFormat.Ean13, BarcodeFormat.UpcA, BarcodeFormat.UpcE]) {
      expect(read[format], format).toBeGreaterThanOrEqual(8);
    }
  });

  it('reads an EAN-8 and a UPC-E out of focus that no zxing strategy reads', async () => {
    for (const [bcid, text, width, format] of [
      ['ean8', '96385074', 130, BarcodeFormat.Ean8],
      ['upce', '01234565', 160, BarcodeFormat.UpcE],
    ] as const) {
      const image = await blurredLabel(bcid, text, width, 1.6);
      expect(await decodeReference(image)).toBeNull();
      expect(await decodeBarcode(image, DecodeMode.Photo)).toEqual({
        text,
        format,
        strategy: 'profile',
      });
    }
  });
});
