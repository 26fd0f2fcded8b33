import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '@/db/client.js';
import { attemptCounters } from '@/db/schema.js';
import { countAttempt } from '@/lib/attempt-counters.js';

/**
 * @fastify/rate-limit stores that count in PostgreSQL, so several server processes without Redis
 * share their limits (with Redis, its own store counts; the embedded database is one process and
 * counts in memory).
 *
 * - A route's own limit (sign-in, SMS, WeChat, uploads, help search…) is counted exactly: one
 *   upsert per request on `attempt_counters`, as the sign-in counters are. Those routes are few
 *   and seldom called, and their limits guard against guessing, so no process may let more through.
 * - The general limit of every other API call (hundreds a minute per person) would cost each call a
 *   statement. Each process counts it in memory and adds its counts to the shared ones in one
 *   statement at most every FLUSH_MS, learning the others' at the same time: across processes,
 *   a person may get through a fifth of a second's calls more than the limit, never a minute's.
 *   Its windows are aligned to the clock, so every process closes them at the same moment. The
 *   ceiling of anonymous calls per address (a limit bound to no route) is counted so too.
 */

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

export const FLUSH_MS = 200;

interface Window {
  endsAt: number;
  /** The count all processes had made, as the last flush learned it. */
  shared: number;
  /** Counted here, being added to the shared count now. */
  sending: number;
  /** Counted here since. */
  pending: number;
}

/**
 * The clock the general limit's windows are aligned to, and how long after a count its flush
 * comes. Production keeps the defaults; a test sets where a window starts, or flushes only when it
 * says so.
 */
export interface SharedWindowsTiming {
  now?: () => number;
  flushEveryMs?: number;
}

/** The general limit: counted here, shared every FLUSH_MS. */
class SharedWindows {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private readonly now: () => number;
  private readonly flushEveryMs: number;

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void,
    { now = Date.now, flushEveryMs = FLUSH_MS }: SharedWindowsTiming,
  ) {
    this.now = now;
    this.flushEveryMs = flushEveryMs;
  }

  incr(key: string, cb: Callback, timeWindow: number): void {
    const now = this.now();
    const start = now - (now % timeWindow);
    const id = `rate:api:${key}:${start}`;
    let window = this.windows.get(id);
    if (!window) {
      window = { endsAt: start + timeWindow, shared: 0, sending: 0, pending: 0 };
      this.windows.set(id, window);
    }
    window.pending += 1;
    this.schedule();
    cb(null, {
      current: window.shared + window.sending + window.pending,
      ttl: window.endsAt - now,
    });
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  /** Adds what was counted here to the shared counts and learns theirs (one statement). */
  async flush(): Promise<void> {
    // Called before its time (a test), it stands for the flush that was due.
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing) return this.schedule();
    const now = this.now();
    const batch: { key: string; count: number; windowEndsAt: Date }[] = [];
    for (const [id, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(id);
      else if (window.pending > 0) {
        window.sending = window.pending;
        window.pending = 0;
        batch.push({ key: id, count: window.sending, windowEndsAt: new Date(window.endsAt) });
      }
    }
    if (batch.length === 0) return;
    this.flushing = true;
    try {
      const totals = await this.db
        .insert(attemptCounters)
        .values(batch)
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: { count: sql`${attemptCounters.count} + excluded.count` },
        })
        .returning({ key: attemptCounters.key, count: attemptCounters.count });
      for (const { key, count } of totals) {
        const window = this.windows.get(key);
        if (window) window.shared = count - window.sending;
      }
    } catch (err) {
      // The database is away: the counts stay this process's own until it is back.
      this.log(`rate limit: counts not shared (${(err as Error).message})`);
    } finally {
      for (const { key } of batch) {
        const window = this.windows.get(key);
        if (window) {
          window.shared += window.sending;
          window.sending = 0;
        }
      }
      this.flushing = false;
    }
  }

  close() {
    clearTimeout(this.timer);
  }
}

/** A route's own limit, counted exactly. */
class ExactCounter implements FastifyRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly route: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    countAttempt(this.db, `rate:${this.route}:${key}`, Math.ceil(timeWindow / 1000)).then(
      ({ count, retryAfterSeconds }) => cb(null, { current: count, ttl: retryAfterSeconds * 1000 }),
      (err: Error) => cb(err),
    );
  }

  child(routeOptions: RouteOptions): ExactCounter {
    return new ExactCounter(this.db, routeName(routeOptions));
  }
}

/**
 * The route a child store counts for. The plugin passes its merged options with the route under
 * `routeInfo` (as its own Redis store reads it), whatever its types say.
 */
function routeName(routeOptions: RouteOptions): string {
  const route =
    (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ??
    routeOptions;
  return `${[route.method ?? ''].flat().join(',')}${route.url ?? ''}`;
}

/** The store class @fastify/rate-limit constructs (`store` option), on this database. */
export function databaseRateLimitStore(
  { db, background }: { db: Database; background: Database },
  log: (line: string) => void,
  timing: SharedWindowsTiming = {},
): { windows: SharedWindows; Store: FastifyRateLimitStoreCtor } {
  // A route's count is part of its request; the general limit's flushes are no request's.
  const windows = new SharedWindows(background, log, timing);
  return {
    windows,
    Store: class DatabaseRateLimitStore implements FastifyRateLimitStore {
      incr(key: string, cb: Callback, timeWindow: number): void {
        windows.incr(key, cb, timeWindow);
      }

      child(routeOptions: RouteOptions): FastifyRateLimitStore {
        const route = routeName(routeOptions);
        // A limit made apart from any route (the ceiling of anonymous calls per address) counts
        // every call, as the general limit does: counted the same way.
        return route ? new ExactCounter(db, route) : this;
      }
    },
  };
}
