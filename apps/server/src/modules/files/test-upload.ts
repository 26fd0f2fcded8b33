import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Builds a multipart/form-data body the way a browser sends an upload (for the file tests). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const boundary = '----snowgear' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
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
