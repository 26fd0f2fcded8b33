import type { FileInfo } from '@snowgear/contracts';
import { api } from './api-client';

/**
 * Uploads a photo already compressed (or a drawn signature) as a temporary file of a business
 * type, kept a day; the record that uses it (an item, an order) keeps it.
 */
export function uploadCompressed(
  blob: Blob,
  fileName: string,
  businessType: string,
): Promise<FileInfo> {
  const form = new FormData();
  form.append('businessType', businessType);
  form.append('isTemporary', 'true');
  form.append('expirationHours', '24');
  form.append('fileName', fileName);
  form.append('file', blob, fileName);
  return api.post<FileInfo>('/files/upload', form, {
    silent: true,
    timeout: 120_000,
  });
}
