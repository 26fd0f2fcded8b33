import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { attemptCounters } from '@/db/schema.js';

/**
 * Attempt counters in the database, so every server process sees the same counts. A window
 * opens at a key's first attempt and lasts `windowSeconds`; an attempt after it opens a new one.
 *
 * `count` is one upsert: concurrent attempts are serialised on the key's row and each sees its
 * own number, so forty simultaneous tries cannot all pass a limit of five.
 */
export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Seconds until the window closes (at least 1). */
  retryAfterSeconds: number;
}

const retryAfter = (windowEndsAt: Date) =>
  Math.max(1, Math.ceil((windowEndsAt.getTime() - Date.now()) / 1000));

export async function countAttempt(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<AttemptCount> {
  const expired = sql`${attemptCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${attemptCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: attemptCounters.count, windowEndsAt: attemptCounters.windowEndsAt });
  return { count: row!.count, retryAfterSeconds: retryAfter(new Date(row!.windowEndsAt)) };
}

/** The attempts counted so far in an open window, without counting one; null when none. */
export async function currentAttempts(db: Database, key: string): Promise<AttemptCount | null> {
  const [row] = await db
    .select({ count: attemptCounters.count, windowEndsAt: attemptCounters.windowEndsAt })
    .from(attemptCounters)
    .where(sql`${attemptCounters.key} = ${key} and ${attemptCounters.windowEndsAt} > now()`);
  return row
    ? { count: row.count, retryAfterSeconds: retryAfter(new Date(row.windowEndsAt)) }
    : null;
}

/** Takes back one counted attempt (it turned out not to be a failure). */
export async function uncountAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(sql`${attemptCounters.key} = ${key}`);
}

/** Forgets the counts of these keys (e.g. an account's failures after a successful sign-in). */
export async function resetAttempts(db: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(attemptCounters).where(inArray(attemptCounters.key, keys));
}

/** Drops closed windows; any process may call it. */
export async function sweepAttemptCounters(db: Database): Promise<number> {
  const gone = await db
    .delete(attemptCounters)
    .where(lt(attemptCounters.windowEndsAt, sql`now()`))
    .returning({ key: attemptCounters.key });
  return gone.length;
}
