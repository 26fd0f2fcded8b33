import { hasVisibleText, textProblem, TextIssue } from '@snowgear/contracts';

/**
 * The real type of an upload, from its first bytes (the name and the browser's claim are not
 * trusted). Only what the product stores: common photo formats and PDF.
 */
export type Sniffed = { contentType: string; isImage: boolean; extension: string } | null;

const startsWith = (b: Buffer, bytes: number[], offset = 0) =>
  bytes.every((v, i) => b[offset + i] === v);

export function sniff(bytes: Buffer): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { contentType: 'image/jpeg', isImage: true, extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', isImage: true, extension: 'png' };
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]))
    return { contentType: 'image/gif', isImage: true, extension: 'gif' };
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return { contentType: 'image/webp', isImage: true, extension: 'webp' };
  }
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = bytes.subarray(8, 12).toString('ascii');
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand))
      return { contentType: 'image/heic', isImage: true, extension: 'heic' };
    if (brand === 'avif') return { contentType: 'image/avif', isImage: true, extension: 'avif' };
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: 'application/pdf', isImage: false, extension: 'pdf' };
  return null;
}

/**
 * A display name without folders, control characters or bidi overrides ('../../x.jpg' → 'x.jpg',
 * 'gpj.\u202eexe' → 'gpj.exe'); a name with nothing visible left takes the fallback.
 */
export function safeFileName(name: string, fallback: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const kept = [...base]
    .filter((c) => textProblem(c) !== TextIssue.InvalidCharacters && !'"<>|:*?'.includes(c))
    .join('')
    .trim();
  // Cut by characters, never through a surrogate pair.
  const clean = [...kept].slice(0, 120).join('');
  return hasVisibleText(clean) && clean !== '.' && clean !== '..' ? clean : fallback;
}
