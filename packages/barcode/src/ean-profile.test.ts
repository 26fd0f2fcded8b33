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
  bcid: 'ean13' | 'upca',
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
  const { data, info } = await sharp(photo)
    .blur(sigma)
    .linear(0.6, 40)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** The check digit of an EAN-13's first twelve digits. */
function checkDigit(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

describe('EAN-13 and UPC-A by their grey levels', () => {
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
    const reads: string[] = [];
    for (let n = 0; n < 8; n++) {
      const twelve = Array.from({ length: 12 }, () => Math.floor(random() * 10)).join('');
      const text = twelve + checkDigit(twelve);
      for (const sigma of [1.4, 2.0, 2.6]) {
        const read = readEanByProfile(toGray(await blurredLabel('ean13', text, 190, sigma)));
        if (!read) continue;
        expect(read.format === BarcodeFormat.UpcA ? `0${read.text}` : read.text).toBe(text);
        reads.push(read.text);
      }
    }
    // It still reads most of those within its reach (the least blur).
    expect(reads.length).toBeGreaterThanOrEqual(8);
  });

  it('reads nothing from the photos of other formats, and never a wrong EAN or UPC-A', async () => {
    const manifest = await readManifest(PUBLIC_MANIFEST);
    for (const entry of manifest.entries) {
      const read = readEanByProfile(toGray(await loadImage(join(manifest.dir, entry.file))));
      if (entry.format === BarcodeFormat.Ean13 || entry.format === BarcodeFormat.UpcA) {
        if (read) expect(read.text, entry.file).toBe(entry.expected);
      } else {
        expect(read, entry.file).toBeNull();
      }
    }
  });
});
