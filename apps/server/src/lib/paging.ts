import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PagedRequest } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';

/** Drizzle `limit`/`offset` from ABP paging input. */
export function pageOf(input: Pick<PagedRequest, 'skipCount' | 'maxResultCount'>) {
  return { limit: input.maxResultCount, offset: input.skipCount };
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How many rows match, counted no further than `limit`: `count(*)` over a sub-select with that
 * LIMIT, so PostgreSQL stops reading once it has `limit` rows, where an exact count reads every
 * match (linear in the table at a million orders).
 */
export async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const upTo = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit)
    .as('up_to');
  const [row] = await db.select({ n: count() }).from(upTo);
  return row?.n ?? 0;
}
