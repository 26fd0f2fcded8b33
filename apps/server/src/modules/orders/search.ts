import { and, gte, ilike, like, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { orders, orderSearchTail, orderSearchText } from '@/db/schema.js';
import { likePattern } from '@/lib/paging.js';

/** A trigram index finds words of three characters or more; shorter ones go by characters. */
const TRIGRAM = 3;
const DAY = 86_400_000;
/**
 * How far an order's number's day may lie from its creation time: its day is the business day
 * of that moment in the business time zone (numbering.ts), at most 14 hours from UTC, and that
 * zone may have been another when the order was placed.
 */
const DAY_SLACK = 2 * DAY;

/**
 * Where the orders whose number begins with these digits were placed, when that is one span of
 * days: an order number is its business day (YYYYMMDD) and the day's sequence, so '202611'
 * begins the numbers of November 2026 and '20261125003' those of one day. Undefined for a
 * keyword no number begins with at a known day (not digits, or not a year 2xxx).
 */
export function daysNumbersBeginWith(keyword: string): { from: Date; to: Date } | undefined {
  if (!/^2\d*$/.test(keyword)) return undefined;
  const prefix = keyword.slice(0, 8);
  // The first day whose YYYYMMDD is at least these digits (a month or day of 00 is the first).
  const dayAtLeast = (digits: string) => {
    const full = digits.padEnd(8, '0');
    const month = Math.max(1, Number(full.slice(4, 6)));
    const day = Math.max(1, Number(full.slice(6, 8)));
    return Date.UTC(Number(full.slice(0, 4)), month - 1, day);
  };
  return {
    from: new Date(dayAtLeast(prefix) - DAY_SLACK),
    to: new Date(dayAtLeast(String(Number(prefix) + 1)) + DAY_SLACK),
  };
}

/**
 * Orders whose number, customer name or phone contains the keyword, ignoring case. The match is
 * written so that PostgreSQL finds the candidates in an index instead of reading every order of
 * the store, with the same result:
 * - one or two characters: the number, name and phone in one text (migration 0022) hold each of
 *   the keyword's characters (a GIN index of the characters; trigrams cannot find 王芳);
 * - three or more: the number begins with it (`keywordParts`), or the rest of the text holds it.
 */
export function keywordMatch(keyword: string): SQL {
  if ([...keyword].length < TRIGRAM) {
    return and(
      sql`string_to_array(lower(${orderSearchText(orders)}), null) @> string_to_array(lower(${keyword}), null)`,
      or(...fields(likePattern(keyword))),
    )!;
  }
  const parts = keywordParts(keyword);
  return parts ? or(...parts)! : restContains(keyword);
}

/**
 * For a keyword of three digits or more that order numbers can begin with: its match as two
 * parts no order is in both of, each found in an index in its own way.
 * - Numbers beginning with it (a month as YYYYMM, a day as YYYYMMDD): among the orders placed on
 *   the days such numbers are given, read off the list's newest-first index from the last day.
 * - The rest: trigrams of the number from its second character on, the name and the phone
 *   (migration 0024). The number's first characters are left out of that text, or '202611'
 *   would make every order of November 2026 a candidate to read.
 * The list reads a page of each part and merges them (list-page.ts). Null for other keywords.
 */
export function keywordParts(keyword: string): [SQL, SQL] | null {
  const days = [...keyword].length >= TRIGRAM ? daysNumbersBeginWith(keyword) : undefined;
  if (!days) return null;
  const begins = and(
    like(orders.orderNumber, `${keyword}%`),
    gte(orders.createdAt, days.from),
    lt(orders.createdAt, days.to),
  )!;
  return [begins, and(restContains(keyword), not(begins))!];
}

/** The number from its second character on, the name or the phone contains the keyword. */
function restContains(keyword: string): SQL {
  const pattern = likePattern(keyword);
  const [, ...others] = fields(pattern);
  return and(
    sql`${orderSearchTail(orders)} ilike ${pattern}`,
    or(sql`substr(${orders.orderNumber}, 2) ilike ${pattern}`, ...others),
  )!;
}

/** The number, name and phone each containing this LIKE pattern. */
function fields(pattern: string): SQL[] {
  return [
    ilike(orders.orderNumber, pattern),
    ilike(orders.customerName, pattern),
    ilike(orders.customerPhone, pattern),
  ];
}
