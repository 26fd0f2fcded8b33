import imageCompression from 'browser-image-compression';
import compressionLib from 'browser-image-compression/dist/browser-image-compression.js?url';
import type { FileInfo } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
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
 * STACK.md trap 4) and uploads it as a temporary file of a business type; the record that uses
 * it (an item, an order) keeps it.
 */
export function uploadPhoto(file: File, businessType: string): Promise<UploadedPhoto> {
  return inTurn(async () => {
    const small = await imageCompression(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: 1920,
      useWebWorker: true,
      libURL: new URL(compressionLib, window.location.href).href,
      fileType: 'image/jpeg',
      initialQuality: 0.85,
    });
    const name = file.name.replace(/\.\w+$/, '.jpg');
    const form = new FormData();
    form.append('businessType', businessType);
    form.append('isTemporary', 'true');
    form.append('expirationHours', '24');
    form.append('fileName', name);
    form.append('file', small, name);
    const info = await api.post<FileInfo>('/files/upload', form, {
      silent: true,
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: 120_000,
    });
    return { info, preview: small };
  });
}
