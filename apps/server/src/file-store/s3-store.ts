import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { checkStorageKey, StoredFileMissingError, type FileStore } from './store.js';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** Service URL of an S3-compatible service; unset: AWS S3. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key with a '/', e.g. `snowgear/files`. */
  keyPrefix?: string;
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, OSS, COS ...). */
export class S3FileStore implements FileStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    const prefix = options.keyPrefix?.replace(/^\/+|\/+$/g, '');
    this.prefix = prefix ? `${prefix}/` : '';
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // Several S3-compatible services refuse or lack the CRC32 checksums the SDK adds by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A stalled service fails the request instead of holding an upload or download open forever.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    });
    const where = options.endpoint ? ` at ${new URL(options.endpoint).origin}` : '';
    this.description = `S3 bucket ${this.bucket}${where}${this.prefix ? ` under ${this.prefix}` : ''}`;
  }

  private objectKey(key: string): string {
    return this.prefix + checkStorageKey(key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /** Streams the object as it arrives; nothing is held whole in memory. */
  async read(key: string): Promise<Readable> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) });
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(command);
    } catch (err) {
      if (err instanceof NoSuchKey) throw new StoredFileMissingError(key);
      throw err;
    }
    if (!(answer.Body instanceof Readable)) {
      throw new Error(`no stream in the S3 answer for ${key}`);
    }
    return answer.Body;
  }

  /** S3 answers a delete of a missing key with success, as the local store does. */
  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  /** The bucket answers to these credentials. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
