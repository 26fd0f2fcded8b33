import { sql } from 'drizzle-orm';
import type { Transaction } from '@/db/client.js';
import { orderNumberSequences } from '@/db/schema.js';

/** The day part of an order number: YYYYMMDD in the business time zone. */
export function businessDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}

export const DAILY_ORDER_LIMIT = 9999;

/**
 * The next order number of the day (spec §9: 12 digits starting with 20): YYYYMMDD + a 4-digit
 * sequence, taken atomically with the tenant's daily counter row. Returns null after 9999.
 */
export async function nextOrderNumber(
  tx: Transaction,
  tenantId: string,
  at: Date,
  timeZone: string,
): Promise<string | null> {
  const day = businessDay(at, timeZone);
  const [row] = await tx
    .insert(orderNumberSequences)
    .values({ tenantId, day, last: 1 })
    .onConflictDoUpdate({
      target: [orderNumberSequences.tenantId, orderNumberSequences.day],
      set: { last: sql`${orderNumberSequences.last} + 1` },
    })
    .returning({ last: orderNumberSequences.last });
  const seq = row?.last ?? 0;
  if (seq < 1 || seq > DAILY_ORDER_LIMIT) return null;
  return `${day}${String(seq).padStart(4, '0')}`;
}
