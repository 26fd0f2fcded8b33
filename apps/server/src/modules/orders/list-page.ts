import { and, desc, eq, getTableColumns, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { ORDER_LIST_COUNT_CAP } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { orders } from '@/db/schema.js';
import { countUpTo } from '@/lib/paging.js';

type OrderRow = typeof orders.$inferSelect;

export interface ListLimits {
  /** The total is counted no further than this many orders past the page's start. */
  countCap: number;
  /**
   * A narrowed list past the cap looks first among the newest orders: the page's start and this
   * many for each order the page shows (1,000: enough when one order in a thousand matches,
   * as the last four digits of a phone do; walking them costs a few milliseconds at any size,
   * where gathering every match grows with the orders).
   */
  window: number;
}

export const LIST_LIMITS: ListLimits = { countCap: ORDER_LIST_COUNT_CAP, window: 1_000 };

/** A LIMIT that limits nothing (the largest a PostgreSQL integer holds). */
const EVERY_ROW = 2_147_483_647;

/** The list's order: newest first, then by number. */
const newestFirst = (t: { createdAt: AnyColumn; orderNumber: AnyColumn }) => [
  desc(t.createdAt),
  desc(t.orderNumber),
];

/**
 * One page of a list of orders, newest first, and the list's total counted up to a cap.
 *
 * A tab's own filters (store, status) have indexes in the list's order (migration 0022), so
 * PostgreSQL reads a page off one and stops. A list narrowed further (a keyword, rental days)
 * has no such index, and PostgreSQL then often walks the newest-first index and filters,
 * expecting matches to be spread evenly: when they all lie in the past (a month's order
 * numbers, rentals of a day last year) that walk reads most of the store. So a narrowed list is
 * read in the way its size calls for, with the same result:
 * - no more matches than the count's cap: all of them (found through the search's or the days'
 *   indexes), sorted;
 * - more, for a search given in `parts` (two filters no order meets both of, each read newest
 *   first off an index: a past month's order numbers and the rest; search.ts): the newest of
 *   each, merged;
 * - more, otherwise: the tab's newest orders (a thousand for each the page shows), filtered,
 *   when they hold the whole page (its matches are then the newest of all); else all matches,
 *   sorted. Only a word matching many orders, few of them recent, is slow that way.
 * `base` is the tab's filters alone (undefined: the list is not narrowed).
 */
export async function readListPage(
  db: Database,
  filters: {
    where: SQL | undefined;
    base: SQL | undefined;
    parts?: [SQL | undefined, SQL | undefined];
  },
  page: { limit: number; offset: number },
  limits: ListLimits = LIST_LIMITS,
): Promise<{ rows: OrderRow[]; totalCount: number }> {
  const { where, base, parts } = filters;
  // Past a full page there must be room for "more", or the client would stop paging.
  const counted = page.offset + Math.max(limits.countCap, page.limit);
  const counting = countList(db, where, parts, counted + 1);
  if (!base) {
    // The page's numbers first, counted down an index alone (the tab's index holds the order,
    // the filters and the number, and old orders are all-visible: no row is read to be
    // skipped), then the page's rows by their numbers. Reading whole rows to skip them cost
    // 1 ms per 700 skipped; counting down the index, 1 ms per 7,000.
    const numbers = db
      .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt })
      .from(orders)
      .where(where)
      .orderBy(...newestFirst(orders))
      .limit(page.limit)
      .offset(page.offset)
      .as('page');
    const [rows, totalCount] = await Promise.all([
      db
        .select(getTableColumns(orders))
        .from(numbers)
        // The filters again: they hold the tenant, whose orders' numbers are unique.
        .innerJoin(orders, and(eq(orders.orderNumber, numbers.orderNumber), where))
        .orderBy(...newestFirst(numbers)),
      counting,
    ]);
    return { rows, totalCount };
  }
  const totalCount = await counting;
  if (totalCount > counted && !parts) {
    // Named as the table, so the list's filters (written on `orders`) apply to it as they are.
    const recent = db
      .select()
      .from(orders)
      .where(base)
      .orderBy(...newestFirst(orders))
      .limit(page.offset + page.limit * limits.window)
      .as('orders');
    const rows = await db
      .select()
      .from(recent)
      .where(where)
      .orderBy(...newestFirst(recent))
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length === page.limit) return { rows, totalCount };
  }
  const newest = (part: SQL | undefined) =>
    db
      .select()
      .from(orders)
      .where(part)
      .orderBy(...newestFirst(orders))
      .limit(page.offset + page.limit);
  // A search in two parts: the newest of each, merged (UNION ALL of lists in the same order: a
  // Merge Append). Else every match: a LIMIT no list reaches keeps PostgreSQL from merging the
  // sub-select into the outer query and planning it for one page (the usual fence, OFFSET 0,
  // drizzle leaves out); only the outer query sorts and pages them.
  const candidates = parts
    ? unionAll(newest(parts[0]), newest(parts[1])).as('orders')
    : db.select().from(orders).where(where).limit(EVERY_ROW).as('orders');
  const rows = await db
    .select()
    .from(candidates)
    .orderBy(...newestFirst(candidates))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, totalCount };
}

/**
 * How many orders match, counted no further than `upTo`. A search in two parts no order is in
 * both of is counted part by part, the second only when the first leaves room: counted together,
 * PostgreSQL gathered both parts' candidates in one bitmap (a month's orders by their day:
 * 175,000 at five million orders) before the count could stop.
 */
async function countList(
  db: Database,
  where: SQL | undefined,
  parts: [SQL | undefined, SQL | undefined] | undefined,
  upTo: number,
): Promise<number> {
  if (!parts) return countUpTo(db, orders, where, upTo);
  const first = await countUpTo(db, orders, parts[0], upTo);
  if (first >= upTo) return upTo;
  return first + (await countUpTo(db, orders, parts[1], upTo - first));
}
