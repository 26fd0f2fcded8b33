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

/** A plain picture carrying EXIF metadata, as a phone photo would. */
export const photo = (w = 1600, h = 1200, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({
    create: { width: w, height: h, channels: 3, background: '#3a7bd5' },
  }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-gps-place' } },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};
