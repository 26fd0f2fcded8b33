import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { S3FileStore } from '@/file-store/s3-store.js';
import { StoredFileMissingError } from '@/file-store/store.js';
import { photo, uploadAs } from './test-upload.js';

/**
 * The S3 store against s3rver, a real S3 server on loopback: the SDK signs and sends the same HTTP
 * requests it sends to AWS, MinIO, OSS or COS.
 */
const BUCKET = 'snowgear-files';
// s3rver's built-in credentials; it checks every request's signature against them.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let serverDir: string;
let endpoint: string;
/** Looks in the bucket directly, past the store under test. */
let bucket: S3Client;

beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 'snowgear-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: serverDir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  await bucket.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  bucket?.destroy();
  await server?.close();
  rmSync(serverDir, { recursive: true, force: true });
});

const objectKeys = async (prefix: string) => {
  const list = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (list.Contents ?? []).map((o) => o.Key).sort();
};

const getObject = async (key: string) => {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return {
    contentType: object.ContentType,
    bytes: Buffer.from(await object.Body!.transformToByteArray()),
  };
};

describe('S3 file store', () => {
  const store = () =>
    new S3FileStore({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      ...CREDENTIALS,
      keyPrefix: 'unit/',
    });
  const newKey = (name: string) => `${randomUUID()}/${randomUUID()}/${name}`;

  it('stores bytes with their type under the prefix, reads them back and removes them', async () => {
    const s3 = store();
    const key = newKey('original.png');
    const bytes = await photo(40, 30, 'png');
    await s3.put(key, bytes, 'image/png');

    expect(await objectKeys('unit/')).toContain(`unit/${key}`);
    expect(await getObject(`unit/${key}`)).toEqual({ contentType: 'image/png', bytes });
    expect(await buffer(await s3.read(key))).toEqual(bytes);

    await s3.remove(key);
    expect(await objectKeys('unit/')).not.toContain(`unit/${key}`);
    await expect(s3.remove(key)).resolves.toBeUndefined();
  });

  it('reports a missing key as a missing file', async () => {
    const key = newKey('small.webp');
    await expect(store().read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('refuses keys the server would not have made, without asking S3', async () => {
    const s3 = store();
    const before = await objectKeys('');
    for (const key of ['../secret', 'a/../../b', '/root/key', 'A/B', 'a//b', 'a/b c', '']) {
      await expect(s3.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage/);
      await expect(s3.read(key)).rejects.toThrow(/invalid storage key/);
      await expect(s3.remove(key)).rejects.toThrow(/invalid storage key/);
    }
    expect(await objectKeys('')).toEqual(before);
  });
});

describe('files through the app on an S3 store', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({
      settings: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        S3_KEY_PREFIX: 'app',
      },
    });
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['employee']);
  });
  afterAll(() => t.close());

  const upload = async (fields: Record<string, string>, file: { name: string; bytes: Buffer }) => {
    const res = await uploadAs(t.app, csrf, tokens.employee!, fields, file);
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; accessUrl: string; thumbnails: { accessUrl: string }[] }>();
  };
  const folder = (id: string) => `app/${HOST_TENANT_ID}/${id}/`;
  const download = (url: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${tokens.employee}` } });

  it('puts an upload and its thumbnails in the bucket, not the local folder', async () => {
    const info = await upload(
      { businessType: 'EquipmentImage' },
      { name: 'ski.jpg', bytes: await photo(1000, 600) },
    );
    expect(await objectKeys(folder(info.id))).toEqual(
      ['medium.webp', 'original.jpg', 'small.webp'].map((name) => folder(info.id) + name),
    );
    expect(readdirSync(t.settings.FILES_DIR!)).toEqual([]);

    const original = await download(info.accessUrl);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload).toEqual((await getObject(`${folder(info.id)}original.jpg`)).bytes);

    const small = await download(info.thumbnails[0]!.accessUrl);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(240);
    expect(await getObject(`${folder(info.id)}small.webp`)).toEqual({
      contentType: 'image/webp',
      bytes: small.rawPayload,
    });
  });

  it('downloads a stored file byte for byte and deletes it from the bucket', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const info = await upload({ businessType: 'Contract' }, { name: 'contract.pdf', bytes: pdf });
    const downloaded = await download(info.accessUrl);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload).toEqual(pdf);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${info.id}`,
      headers: { ...csrf, authorization: `Bearer ${tokens.employee}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await objectKeys(folder(info.id))).toEqual([]);
    expect((await download(info.accessUrl)).statusCode).toBe(404);
  });

  it('answers 404 when the object is gone, as the local store does for a lost file', async () => {
    const info = await upload(
      { businessType: 'EquipmentImage' },
      { name: 'lost.png', bytes: await photo(30, 30, 'png') },
    );
    for (const key of await objectKeys(folder(info.id))) {
      await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    }
    for (const url of [info.accessUrl, info.thumbnails[0]!.accessUrl]) {
      const res = await download(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['_abperrorformat']).toBe('true');
      expect(res.json().error.code).toBe('File:NotFound');
    }
  });
});

describe('readiness on an S3 store', () => {
  const LATE_BUCKET = 'snowgear-files-late';
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      settings: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: LATE_BUCKET,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      },
    });
  });
  afterAll(() => t.close());

  it('is not ready while the bucket cannot be reached, and ready by itself once it can', async () => {
    const away = await t.app.inject('/ready');
    expect(away.statusCode).toBe(503);
    expect(away.json().error).toMatchObject({
      code: 'App:NotReady',
      message: 'file store unreachable',
    });
    // The process itself is fine: no reason to restart it.
    expect((await t.app.inject('/health')).statusCode).toBe(200);

    await bucket.send(new CreateBucketCommand({ Bucket: LATE_BUCKET }));
    const back = await t.app.inject('/ready');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'ready' });
  });
});
