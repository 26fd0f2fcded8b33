import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a printed
 * label (Code 128 or QR code) on a light grey desk, as the rear camera would see it; `null`
 * for an empty desk.
 */
export async function writeFakeCameraVideo(
  dir: string,
  name: string,
  code: FakeLabel | FakeLabel[] | null,
): Promise<string> {
  // Several labels: each in turn for a second (10 frames), as a hand moving from item to item.
  const labels = code === null ? [null] : Array.isArray(code) ? code : [code];
  const frames: Buffer[] = [];
  for (const label of labels) {
    const frame = await frameOf(label);
    frames.push(...Array.from({ length: labels.length > 1 ? 10 : 2 }, () => frame));
  }
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const path = join(dir, `${name}.y4m`);
  writeFileSync(path, Buffer.concat([header, ...frames]));
  return path;
}

export interface FakeLabel {
  bcid: 'code128' | 'qrcode';
  text: string;
}

async function frameOf(code: FakeLabel | null): Promise<Buffer> {
  const composite = code ? [await labelLayer(code)] : [];
  const luma = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#c8c8c8' },
  })
    .composite(composite)
    .greyscale()
    .raw()
    .toBuffer();
  // 4:2:0 frame: the grey picture as Y, neutral chroma.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma.subarray(0, WIDTH * HEIGHT), chroma, chroma]);
}

async function labelLayer(code: FakeLabel) {
  const symbol = await bwipjs.toBuffer({
    bcid: code.bcid,
    text: code.text,
    scale: 3,
    ...(code.bcid === 'code128' ? { height: 16, includetext: true } : {}),
    paddingwidth: 8,
    paddingheight: 8,
    backgroundcolor: 'FFFFFF',
  });
  const label = await sharp(symbol)
    .resize({ width: code.bcid === 'code128' ? 420 : 260, withoutEnlargement: false })
    .png()
    .toBuffer();
  const meta = await sharp(label).metadata();
  return {
    input: label,
    left: Math.round((WIDTH - meta.width) / 2),
    top: Math.round((HEIGHT - meta.height) / 2),
  };
}

/** Chromium whose camera passes from label to label, as a hand over a kit on the counter. */
export async function browserSeeingLabels(dir: string, codes: string[]): Promise<Browser> {
  const video = await writeFakeCameraVideo(
    dir,
    'labels',
    codes.map((text) => ({ bcid: 'code128' as const, text })),
  );
  return launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}
