import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import {
  callerAs,
  createTestApp,
  secondInstance,
  signIn,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { startRedis, type TestRedis } from '@/testing/redis.js';

/**
 * Two server processes on one PostgreSQL, each caching the client configuration and who is
 * signed in for far longer than a test waits: a change made through one is seen by the other at
 * once, as the first tells it what to forget — over PostgreSQL, or over Redis when it is set.
 */
describe.runIf(testDatabaseKind === 'postgres')('two server processes, one database', () => {
  describe.each([
    { carrier: 'PostgreSQL LISTEN/NOTIFY', withRedis: false },
    { carrier: 'Redis pub/sub', withRedis: true },
  ])('caches forgotten over $carrier', ({ withRedis }) => {
    const LONG_CACHES = { CONFIG_CACHE_SECONDS: '600', SIGNED_IN_CACHE_SECONDS: '300' };
    let redis: TestRedis | undefined;
    let one: TestApp;
    let second: Awaited<ReturnType<typeof secondInstance>>;
    let other: FastifyInstance;
    let csrf: Record<string, string>;
    const tokens: Record<string, string> = {};

    /** How many connections listen for what to forget, on PostgreSQL and on Redis. */
    const listeners = async () => {
      const listening: unknown = await one.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query = 'listen snowgear_forget'`,
      );
      const onPostgres = (listening as { rows: { n: number }[] }).rows[0]!.n;
      let onRedis = 0;
      if (redis) {
        const probe = new Redis(redis.url);
        onRedis = ((await probe.pubsub('NUMSUB', 'snowgear_forget')) as [string, number])[1];
        probe.disconnect();
      }
      return { onPostgres, onRedis };
    };

    beforeAll(async () => {
      redis = withRedis ? await startRedis() : undefined;
      one = await createTestApp({
        settings: { ...LONG_CACHES, ...(redis ? { REDIS_URL: redis.url } : {}) },
      });
      // The second process: the same settings and database, caches and connections of its own.
      second = await secondInstance(one);
      other = second.app;
      csrf = await verificationHeaders(one.app);
      Object.assign(tokens, await signIn(one.app, csrf, ['admin', 'employee']));
      // Each process starts listening in the background: both listen before anything changes.
      await vi.waitFor(
        async () => {
          const { onPostgres, onRedis } = await listeners();
          expect(withRedis ? onRedis : onPostgres).toBe(2);
        },
        { timeout: 10_000, interval: 20 },
      );
    });
    afterAll(async () => {
      await second?.close();
      await one?.close();
      await redis?.stop();
    });

    it('both processes listen on $carrier, and on nothing else', async () => {
      expect(await listeners()).toEqual(
        withRedis ? { onPostgres: 0, onRedis: 2 } : { onPostgres: 2, onRedis: 0 },
      );
    });

    const systemName = async (app: FastifyInstance) =>
      (await app.inject('/api/app/config-distribution/h5')).json<{
        systemInfo: { systemName: string };
      }>().systemInfo.systemName;

    it('a change of the system information reaches the other process’s configuration at once', async () => {
      const before = await systemName(other);
      expect(await systemName(one.app)).toBe(before);
      const info = (
        await callerAs(one.app, csrf, tokens)('admin', 'GET', '/api/app/admin/system-info')
      ).json<Record<string, unknown>>();
      const saved = await callerAs(one.app, csrf, tokens)(
        'admin',
        'PUT',
        '/api/app/admin/system-info',
        {
          ...info,
          systemName: `${before}·二号`,
        },
      );
      expect(saved.statusCode).toBe(200);
      expect(await systemName(one.app)).toBe(`${before}·二号`);
      await expect
        .poll(() => systemName(other), { timeout: 10_000, interval: 20 })
        .toBe(`${before}·二号`);
    });

    it('a deactivated employee is refused by the other process at once, not after its cache', async () => {
      const asEmployee = (app: FastifyInstance) =>
        app.inject({
          url: '/api/app/account/my-profile',
          headers: { authorization: `Bearer ${tokens.employee}` },
        });
      // The other process has the employee's sign-in in its cache.
      const profile = await asEmployee(other);
      expect(profile.statusCode).toBe(200);
      const id = profile.json<{ id: string }>().id;
      const off = await callerAs(one.app, csrf, tokens)(
        'admin',
        'POST',
        `/api/app/employees/${id}/deactivate`,
      );
      expect(off.statusCode, off.body).toBeLessThan(300);
      expect((await asEmployee(one.app)).statusCode).toBe(401);
      await expect
        .poll(async () => (await asEmployee(other)).statusCode, { timeout: 10_000, interval: 20 })
        .toBe(401);
    });
  });
});
