import sharp from 'sharp';

// One libvips thread per image: with FILE_IMAGE_CONCURRENCY images at a time, image work holds at
// most that many cores and leaves the others to every other request.
sharp.concurrency(1);
// No cache of libvips operations: every upload is a new image, so the cache (up to 50 MB of
// decoded pixels by default) never answered a request and only kept memory after the last one.
sharp.cache(false);

/** Thumbnails made on upload: small for lists, medium for the dialog. */
export const THUMBNAILS = [
  { size: 'small', width: 240 },
  { size: 'medium', width: 800 },
] as const;

/** Formats stored re-encoded (which drops their metadata); others are kept as uploaded. */
const REENCODED = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** An image whose header announces more pixels than the bound; nothing was decoded. */
export class TooManyPixelsError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`image of ${width}×${height} pixels is above the bound`);
    this.name = 'TooManyPixelsError';
  }
}

export interface ImageVariants {
  /** The bytes to keep as the original: re-encoded without metadata, or the upload as it came. */
  original: Buffer;
  width: number;
  height: number;
  thumbnails: { size: string; data: Buffer; width: number; height: number }[];
}

/**
 * Reads the header only (cheap even for a huge image) and refuses an image above `maxPixels`
 * before anything decodes it: a 31 KB PNG can announce 256 megapixels. sharp's own input bound
 * is off for this read: above it (about 268 megapixels) sharp refuses even to read the header,
 * and the caller would hear "damaged" instead of "too large".
 */
export async function checkPixels(bytes: Buffer, maxPixels: number): Promise<void> {
  const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (width * height > maxPixels) throw new TooManyPixelsError(width, height);
}

/**
 * Decodes the image once, rotated by its EXIF orientation, and derives everything from those
 * pixels: the stored original (re-encoded, so a phone photo's GPS position stays on the phone)
 * and the WebP thumbnails.
 */
export async function makeImageVariants(
  bytes: Buffer,
  contentType: string,
  maxPixels: number,
): Promise<ImageVariants> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels })
    .rotate()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const format = REENCODED[contentType as keyof typeof REENCODED];
  const original = format ? await sharp(data, raw).toFormat(format).toBuffer() : bytes;
  const thumbnails: ImageVariants['thumbnails'] = [];
  for (const t of THUMBNAILS) {
    const thumb = await sharp(data, raw)
      .resize({ width: t.width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
    thumbnails.push({
      size: t.size,
      data: thumb.data,
      width: thumb.info.width,
      height: thumb.info.height,
    });
  }
  return { original, width: info.width, height: info.height, thumbnails };
}
