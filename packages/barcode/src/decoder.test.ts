import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcode, DecodeMode } from './decoder';
import { BarcodeFormat } from './formats';
import {
  decodeReference,
  evaluate,
  loadImage,
  type Manifest,
  prepareNodeDecoder,
  readManifest,
} from './node';

const PUBLIC_MANIFEST = fileURLToPath(new URL('../testdata/manifest.public.json', import.meta.url));
/** What the pipeline reaches on the public photos (109 of 110), rounded down a little. */
const SUCCESS_FLOOR = 0.95;

let manifest: Manifest;

beforeAll(async () => {
  await prepareNodeDecoder();
  manifest = await readManifest(PUBLIC_MANIFEST);
});

describe('photo mode on real barcode photos', () => {
  it('reads at least as many as plain zxing-wasm with tryHarder, and no fewer than the floor', async () => {
    const product = await evaluate(manifest);
    const reference = await evaluate(manifest, decodeReference);
    expect(product.n).toBe(110);
    expect(product.successes, JSON.stringify(product.failures)).toBeGreaterThanOrEqual(
      reference.successes,
    );
    expect(product.rate).toBeGreaterThanOrEqual(SUCCESS_FLOOR);
    for (const format of [BarcodeFormat.Ean13, BarcodeFormat.UpcA, BarcodeFormat.UpcE]) {
      expect(product.byFormat[format]!.successes).toBeGreaterThanOrEqual(
        reference.byFormat[format]!.successes,
      );
    }
  });
});

describe('photo mode on what defeated it before', () => {
  it('reads a UPC-A whose bars glare on a glossy wrapper washes out in stretches', async () => {
    const image = await loadImage(
      fileURLToPath(new URL('../testdata/upca/upca-5_29.png', import.meta.url)),
    );
    expect(await decodeReference(image)).toBeNull();
    expect(await decodeBarcode(image, DecodeMode.Photo)).toEqual({
      text: '625034201058',
      format: BarcodeFormat.UpcA,
      strategy: 'upscale-sharpen-wide',
    });
  });
});

describe('live mode', () => {
  it('decodes a clean QR code quickly', async () => {
    const png = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'SG-SKI-000123', scale: 6 });
    const { data, info } = await sharp(png)
      .flatten({ background: '#ffffff' })
      .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
      .resize(640, 480, { fit: 'contain', background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
    await decodeBarcode(image, DecodeMode.Live); // warm-up
    const start = performance.now();
    const result = await decodeBarcode(image, DecodeMode.Live);
    const ms = performance.now() - start;
    expect(result).toEqual({
      text: 'SG-SKI-000123',
      format: BarcodeFormat.QrCode,
      strategy: 'live',
    });
    // 30 frames per second leave 33 ms a frame; a shared test machine gets some slack.
    expect(ms).toBeLessThan(100);
  });

  it('answers null for an image without a code', async () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(255), width: 320, height: 240 };
    expect(await decodeBarcode(blank, DecodeMode.Live)).toBeNull();
    expect(await decodeBarcode(blank, DecodeMode.Photo)).toBeNull();
  });

  it('rejects pixel data that does not match the size', async () => {
    const wrong = { data: new Uint8ClampedArray(10), width: 4, height: 4 };
    await expect(decodeBarcode(wrong, DecodeMode.Live)).rejects.toThrow(RangeError);
  });
});
