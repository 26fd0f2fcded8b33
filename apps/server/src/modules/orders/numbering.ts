import { sql } from 'drizzle-orm';
import type { Transaction } from '@/db/client.js';
import { orderNumberSequences, orders } from '@/db/schema.js';

/** Made once per zone: making a formatter costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day part of an order number: YYYYMMDD in the business time zone. */
export function businessDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
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

/**
 * Gives an order the next number of the day (as `nextOrderNumber` counts) in one statement. The
 * tenant's counter row stays locked from this statement to the commit, and every booking of the
 * tenant, at any store, passes through it: so the booking takes it last and holds it for this one
 * statement and the commit. Null after 9999, the order then unnumbered (its transaction is rolled
 * back, which gives the counter's step back too).
 */
export async function numberOrder(
  tx: Transaction,
  orderId: string,
  tenantId: string,
  at: Date,
  timeZone: string,
): Promise<string | null> {
  const day = businessDay(at, timeZone);
  const result: unknown = await tx.execute(sql`
    with counter as (
      insert into ${orderNumberSequences} (tenant_id, day, last) values (${tenantId}, ${day}, 1)
      on conflict (tenant_id, day) do update set last = ${orderNumberSequences.last} + 1
      returning last
    )
    update ${orders} set order_number = ${day}::text || lpad(counter.last::text, 4, '0')
    from counter
    where ${orders.id} = ${orderId} and counter.last <= ${DAILY_ORDER_LIMIT}
    returning ${orders.orderNumber} as "orderNumber"`);
  return (result as { rows: { orderNumber: string }[] }).rows[0]?.orderNumber ?? null;
}
