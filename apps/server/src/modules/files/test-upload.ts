import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Where a multipart body puts its fields: `fieldsAfterFile` names those sent after the file (`true`: all). */
export interface MultipartOrder {
  fieldsAfterFile?: boolean | readonly string[];
}

/**
 * Builds a multipart/form-data body the way a browser sends an upload (for the file tests): the
 * fields first, unless `order` puts some after the file, as other HTTP clients may.
 */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
  order: MultipartOrder = {},
) {
  const boundary = '----snowgear' + Math.random().toString(16).slice(2);
  const after = (name: string) =>
    order.fieldsAfterFile === true ||
    (Array.isArray(order.fieldsAfterFile) && order.fieldsAfterFile.includes(name));
  const fieldParts = (late: boolean) =>
    Object.entries(fields)
      .filter(([k]) => after(k) === late)
      .map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      );
  const chunks: Buffer[] = fieldParts(false);
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(...fieldParts(true), Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A body arriving in pieces of `size` bytes, each a turn of the event loop after the one before,
 * as a phone's network delivers it (an upload read in one piece hides what parsing does between).
 */
export function inPieces(payload: Buffer, size: number): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (at >= payload.length) {
        this.push(null);
        return;
      }
      const piece = payload.subarray(at, at + size);
      at += size;
      setImmediate(() => this.push(piece));
    },
  });
}

/**
 * Uploads a file through `POST /api/files/upload` as a signed-in caller (their access token),
 * with the verification headers: the answer as it comes.
 */
export function uploadAs(
  app: FastifyInstance,
  csrf: Record<string, string>,
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type?: string },
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: body.payload,
    headers: {
      ...csrf,
      ...headers,
      'content-type': body.contentType,
      authorization: `Bearer ${token}`,
    },
  });
}

/** A plain picture carrying EXIF metadata, as a phone photo would. */
export const photo = (w = 1600, h = 1200, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({
    create: { width: w, height: h, channels: 3, background: '#3a7bd5' },
  }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-gps-place' } },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

/**
 * A real PNG of `width` × `height` black-and-white pixels that compresses to almost nothing: at
 * 16000 × 16000 it is 31 KB announcing 256 megapixels, which decoding would unpack to gigabytes.
 */
export function pixelBomb(width = 16000, height = 16000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (greyscale), default compression, filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
