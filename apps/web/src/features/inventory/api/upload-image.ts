import imageCompression from 'browser-image-compression';
import compressionLib from 'browser-image-compression/dist/browser-image-compression.js?url';
import type { FileInfo } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/**
 * Shrinks a photo in the browser (a worker, with the library served from our own origin:
 * STACK.md trap 4) and uploads it as a temporary equipment image; saving the item keeps it.
 */
export async function uploadEquipmentImage(file: File): Promise<FileInfo> {
  const small = await imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1920,
    useWebWorker: true,
    libURL: new URL(compressionLib, window.location.href).href,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
  const form = new FormData();
  form.append('businessType', 'EquipmentImage');
  form.append('isTemporary', 'true');
  form.append('expirationHours', '24');
  form.append('fileName', file.name.replace(/\.\w+$/, '.jpg'));
  form.append('file', small, file.name.replace(/\.\w+$/, '.jpg'));
  return api.post<FileInfo>('/files/upload', form, {
    silent: true,
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
  });
}
