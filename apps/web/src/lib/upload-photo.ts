import imageCompression from 'browser-image-compression';
import compressionLib from 'browser-image-compression/dist/browser-image-compression.js?url';
import type { FileInfo } from '@snowgear/contracts';
import { uploadCompressed } from './upload-file';
import { limitConcurrency } from '@/lib/limit-concurrency';

/**
 * Photos go up two at a time, however many were picked: the server takes only a few uploads per
 * person at once, and a phone compresses one photo at a time better than nine.
 */
const inTurn = limitConcurrency(2);

export interface UploadedPhoto {
  info: FileInfo;
  /** The compressed photo as uploaded, to show without asking the server. */
  preview: Blob;
}

/**
 * Shrinks a photo in the browser (a worker, with the library served from our own origin:
 * STACK.md trap 4) to at most 1 MB and 1920 px, as JPEG.
 */
export function compressPhoto(file: File): Promise<Blob> {
  return imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1920,
    useWebWorker: true,
    libURL: new URL(compressionLib, window.location.href).href,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
}

/** A photo shrunk in the browser and uploaded (two at a time: see `inTurn`). */
export function uploadPhoto(file: File, businessType: string): Promise<UploadedPhoto> {
  return inTurn(async () => {
    const small = await compressPhoto(file);
    const name = file.name.replace(/\.\w+$/, '.jpg');
    const info = await uploadCompressed(small, name, businessType);
    return { info, preview: small };
  });
}
