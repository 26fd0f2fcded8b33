import { sql } from 'drizzle-orm';
import {
  BOOKING_YEARS_AROUND_NOW,
  textProblem,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';

/**
 * What the fuzz test checks was written: text that breaks the shared text rules, booked ranges
 * outside 1–365 days or sane years, negative money. Returns one line per problem.
 */

/** Columns that hold several lines by design (remarks, notes, the timeline, raw provider text). */
const MULTI_LINE = new Set([
  'business_parameters.value',
  'system_settings.value',
  'agreement_versions.text',
  'agreement_versions.text_en',
  'help_articles.body',
  'equipment.remarks',
  'equipment_operation_history.remarks',
  'small_equipment_movements.remarks',
  'files.description',
  'orders.remarks',
  'order_events.message',
  'order_events.message_en',
  'payment_notifications.body',
  'payment_notifications.detail',
  'refunds.failure',
]);

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function scanText(db: Database): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and (data_type in ('text', 'character varying')
          or (data_type = 'ARRAY' and udt_name = '_text'))
        order by table_name, column_name`,
  );
  const problems: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const value =
      type === 'ARRAY' ? sql`unnest(${sql.identifier(column)})` : sql.identifier(column);
    const values = await rows<{ v: string | null }>(
      db,
      sql`select distinct ${value} as v from ${sql.identifier(table)}`,
    );
    const multiLine = MULTI_LINE.has(`${table}.${column}`);
    for (const { v } of values) {
      if (v === null) continue;
      const problem = textProblem(v, { multiLine });
      if (problem)
        problems.push(`${table}.${column} ${problem}: ${JSON.stringify(v.slice(0, 80))}`);
    }
  }
  return problems;
}

const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;

export async function scanRangesAndMoney(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const now = Date.now();
  const sane = (d: Date) => Math.abs(d.getTime() - now) <= (BOOKING_YEARS_AROUND_NOW + 1) * YEAR_MS;
  const ranges = [
    ...(
      await rows<{ id: string; s: string; e: string; days: number }>(
        db,
        sql`select id, rental_start_at as s, rental_end_at as e, days from orders`,
      )
    ).map((r) => ({ what: `order ${r.id}`, ...r })),
    ...(
      await rows<{ id: string; s: string; e: string }>(
        db,
        sql`select id, start_at as s, end_at as e from equipment_unavailable_times`,
      )
    ).map((r) => ({ what: `unavailable time ${r.id}`, days: undefined, ...r })),
  ];
  for (const r of ranges) {
    const start = new Date(r.s);
    const end = new Date(r.e);
    const span = (end.getTime() - start.getTime()) / DAY_MS;
    if (!(span > 0) || span > UNAVAILABLE_DAYS_MAX) problems.push(`${r.what} spans ${span} days`);
    if (!sane(start) || !sane(end)) problems.push(`${r.what} runs ${r.s} to ${r.e}`);
    if (r.days !== undefined && (r.days < UNAVAILABLE_DAYS_MIN || r.days > UNAVAILABLE_DAYS_MAX))
      problems.push(`${r.what} has ${r.days} days`);
  }
  const negative = await rows<{ what: string; n: number }>(
    db,
    sql`select 'orders.total_fen' as what, count(*)::int as n from orders where total_fen < 0
        union all select 'order_items', count(*)::int from order_items
          where daily_price_fen < 0 or deposit_fen < 0 or days < 1 or days > 365
        union all select 'order_fee_items', count(*)::int from order_fee_items
          where amount_fen < 0 and kind <> 'Discount'
        union all select 'bills', count(*)::int from bills where amount_fen < 0
        union all select 'payments', count(*)::int from payments where amount_fen < 0
        union all select 'refunds', count(*)::int from refunds where amount_fen < 0
        union all select 'equipment', count(*)::int from equipment
          where daily_rent_price_fen < 0 or deposit_fen < 0
        union all select 'small_equipment_stock', count(*)::int from small_equipment_stock
          where quantity < 0 or low_stock_threshold < 0`,
  );
  for (const { what, n } of negative)
    if (n > 0) problems.push(`${what}: ${n} rows with negative money or counts`);
  return problems;
}
