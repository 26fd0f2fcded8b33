import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '@/config/env.js';
import { createFileStore } from './create-store.js';
import { S3FileStore } from './s3-store.js';
import { LocalFileStore } from './store.js';

describe('choosing the file store', () => {
  it('keeps files in the local folder unless a bucket is set', async () => {
    const store = await createFileStore(loadSettings({ DATA_DIR: '/srv/snowgear' }));
    expect(store).toBeInstanceOf(LocalFileStore);
    expect(store.description).toBe('local folder /srv/snowgear/files');
  });

  it('uses the bucket when S3_BUCKET is set', async () => {
    const store = await createFileStore(
      loadSettings({
        S3_BUCKET: 'snowgear-files',
        S3_ENDPOINT: 'https://minio.example.com:9000',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_KEY_PREFIX: 'snowgear/files/',
      }),
    );
    expect(store).toBeInstanceOf(S3FileStore);
    expect(store.description).toBe(
      'S3 bucket snowgear-files at https://minio.example.com:9000 under snowgear/files/',
    );
    expect(store.description).not.toContain('secret-key');
  });

  it('refuses a bucket without both credentials, naming what is missing', () => {
    let message = '';
    try {
      loadSettings({ S3_BUCKET: 'snowgear-files' });
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/start-up stopped/);
    expect(message).toMatch(/S3_ACCESS_KEY_ID: required when S3_BUCKET is set/);
    expect(message).toMatch(/S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/);
    expect(() => loadSettings({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key-id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required/,
    );
  });

  it('refuses an endpoint that is not an http(s) URL and a prefix that is not a plain path', () => {
    expect(() => loadSettings({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadSettings({ S3_ENDPOINT: 'ftp://minio.example.com' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadSettings({ S3_KEY_PREFIX: '/files' })).toThrow(/S3_KEY_PREFIX/);
    expect(() => loadSettings({ S3_KEY_PREFIX: 'a b' })).toThrow(/S3_KEY_PREFIX/);
    expect(loadSettings({ S3_ENDPOINT: '', S3_BUCKET: '' }).S3_BUCKET).toBeUndefined();
  });
});
