import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { like } from 'drizzle-orm';
import { attemptCounters } from '@/db/schema.js';
import { createTestApp, type TestApp } from '@/testing/index.js';
import { databaseRateLimitStore, type SharedWindowsTiming } from './rate-limit-store.js';

const MINUTE = 60_000;

/**
 * A clock that starts at the beginning of a minute and runs on from there. The general limit's
 * windows are the clock's minutes: on the real clock, counts made just before a minute ends fall
 * in a window that closes before they are shared (and is then dropped, never written), and a test
 * that counts across the end of a minute starts again from nothing halfway through.
 */
function startOfAMinute(): () => number {
  const started = Date.now();
  const minute = started - (started % MINUTE) + MINUTE;
  return () => minute + (Date.now() - started);
}

/** One count through a store, as the plugin asks for it. */
const count = (store: FastifyRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((done, fail) =>
    store.incr(key, (err, result) => (err ? fail(err) : done(result!)), MINUTE, 5),
  );

/**
 * The rate-limit store for several server processes on PostgreSQL without Redis: two stores on
 * one database stand for two processes.
 */
describe('rate limits counted in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  /** Two processes on one clock, flushing as `timing` says (by default every FLUSH_MS). */
  const processes = (timing: SharedWindowsTiming = {}) => {
    const log: string[] = [];
    const now = startOfAMinute();
    const open = () => {
      const shared = databaseRateLimitStore(t.database, (line) => log.push(line), {
        now,
        ...timing,
      });
      return { ...shared, store: new shared.Store({}) };
    };
    return { one: open(), two: open(), log };
  };

  it("counts a route's own limit exactly across processes, apart from other routes", async () => {
    const { one, two } = processes();
    const route = { routeInfo: { method: 'POST', url: '/api/account/login' } };
    const signInHere = one.store.child(route as never);
    const signInThere = two.store.child(route as never);
    const key = `address:198.51.100.${Math.floor(Math.random() * 250)}`;

    expect((await count(signInHere, key)).current).toBe(1);
    expect((await count(signInThere, key)).current).toBe(2);
    const third = await count(signInHere, key);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(50_000);
    expect(third.ttl).toBeLessThanOrEqual(MINUTE);
    // Another route, and another caller, count from nothing.
    const sms = one.store.child({ routeInfo: { method: 'POST', url: '/api/sms/send' } } as never);
    expect((await count(sms, key)).current).toBe(1);
    expect((await count(signInThere, `${key}0`)).current).toBe(1);
  });

  it('counts the general limit in each process and shares the counts at each flush', async () => {
    // Each flush here is the test's: one due meanwhile (a statement slowed by a busy machine lets
    // a process's own flush come first) would share and learn at moments the counts below do not
    // expect.
    const { one, two, log } = processes({ flushEveryMs: 3_600_000 });
    const key = `user:${crypto.randomUUID()}`;
    for (let i = 1; i <= 3; i++) expect((await count(one.store, key)).current).toBe(i);
    for (let i = 1; i <= 3; i++) expect((await count(two.store, key)).current).toBe(i);
    // Sharing is no request's work: it is not in what requests are measured to cost.
    const before = t.database.stats.queries;
    await one.windows.flush();
    expect(t.database.stats.queries).toBe(before);
    await two.windows.flush();
    // The second process's flush learned the first's three calls: its next call is the seventh.
    expect((await count(two.store, key)).current).toBe(7);
    // The first learns of the second's at its own next flush.
    expect((await count(one.store, key)).current).toBe(4);
    // Each flush adds what was counted since and learns the total so far: 3 + 3 + 1 (the first's
    // fourth) here, then the second's seventh.
    await one.windows.flush();
    expect((await count(one.store, key)).current).toBe(8);
    await two.windows.flush();
    expect((await count(two.store, key)).current).toBe(9);
    expect(log).toEqual([]);
    one.windows.close();
    two.windows.close();
  });

  it('shares its counts by itself a moment after counting', async () => {
    const { one } = processes();
    const key = `user:${crypto.randomUUID()}`;
    await count(one.store, key);
    await count(one.store, key);
    const shared = async () =>
      (
        await t.database.db
          .select({ count: attemptCounters.count })
          .from(attemptCounters)
          .where(like(attemptCounters.key, `rate:api:${key}:%`))
      )[0]?.count;
    expect(await shared()).toBeUndefined();
    await expect.poll(shared, { timeout: 10_000, interval: 20 }).toBe(2);
  });
});
