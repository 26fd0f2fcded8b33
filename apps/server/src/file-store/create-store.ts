import { join } from 'node:path';
import type { Settings } from '@/config/env.js';
import { LocalFileStore, type FileStore } from './store.js';

/** The one place that chooses where uploaded bytes live: a bucket when S3_BUCKET is set. */
export async function createFileStore(settings: Settings): Promise<FileStore> {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = settings;
  if (!S3_BUCKET) return new LocalFileStore(settings.FILES_DIR ?? join(settings.DATA_DIR, 'files'));
  // loadSettings refuses a bucket without both credentials; this guard only narrows the types.
  if (!S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  // The S3 client is loaded only for a bucket (the build keeps it in a file of its own).
  const { S3FileStore } = await import('./s3-store.js');
  return new S3FileStore({
    bucket: S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    keyPrefix: settings.S3_KEY_PREFIX,
  });
}
