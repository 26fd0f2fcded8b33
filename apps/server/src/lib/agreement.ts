import { createHash } from 'node:crypto';

/**
 * The version of the rental agreement a customer accepts: it changes whenever the text does, so
 * an order records exactly which text was accepted, and a booking made on a stale copy is refused.
 */
export function agreementVersion(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}
