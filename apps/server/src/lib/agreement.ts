import { createHash } from 'node:crypto';

/**
 * The version of the rental agreement a customer accepts: it changes whenever either text does
 * (the Chinese, or the English a foreign customer reads), so an order records exactly which
 * texts were accepted, and a booking made on a stale copy is refused. An agreement without an
 * English text keeps the version it had before there was one.
 */
export function agreementVersion(text: string, textEn = ''): string {
  const hash = createHash('sha256').update(text, 'utf8');
  if (textEn) hash.update('\u0000', 'utf8').update(textEn, 'utf8');
  return hash.digest('hex').slice(0, 16);
}
