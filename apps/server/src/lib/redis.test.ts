import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  createTestApp,
  secondInstance,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { startRedis, type TestRedis } from '@/testing/redis.js';

/**
 * `REDIS_URL` in the production shape (PostgreSQL, several processes): two server instances on one
 * database and one Redis count the API's rate limits together, and readiness follows Redis.
 */
describe.runIf(testDatabaseKind === 'postgres')('with Redis', () => {
  let redis: TestRedis;
  let one: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let other: FastifyInstance;

  beforeAll(async () => {
    redis = await startRedis();
    one = await createTestApp({
      settings: {
        REDIS_URL: redis.url,
        RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '6',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
      },
    });
    second = await secondInstance(one);
    other = second.app;
    // Both connected to Redis before counting starts.
    for (const app of [one.app, other]) {
      await vi.waitFor(async () => expect((await app.inject('/ready')).statusCode).toBe(200), {
        timeout: 10_000,
        interval: 20,
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await one?.close();
    await redis?.stop();
  });

  const browse = (app: FastifyInstance, address: string) =>
    // A public read a first visit does not make: counted per address without a cookie.
    app.inject({ url: '/api/app/help/articles', remoteAddress: address });

  it('counts an address’s calls across both processes: the seventh is refused by either', async () => {
    const address = '198.51.100.21';
    for (const app of [one.app, other, one.app, other, one.app, other]) {
      expect((await browse(app, address)).statusCode).toBe(200);
    }
    const refused = await browse(one.app, address);
    expect(refused.statusCode).toBe(428);
    expect(refused.json().error.code).toBe('App:ProofOfWorkRequired');
    expect((await browse(other, address)).statusCode).toBe(428);
    // Another address behind another counter is not affected.
    expect((await browse(other, '198.51.100.22')).statusCode).toBe(200);
  });

  it('caps sign-in attempts per browser across both processes', async () => {
    const csrf = await verificationHeaders(one.app);
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/app/account/login',
        remoteAddress: '198.51.100.31',
        headers: csrf,
        payload: { userNameOrEmailAddress: 'driver', password: '1q2w3E*' },
      });
    for (const app of [one.app, other, one.app]) expect((await attempt(app)).statusCode).toBe(200);
    const fourth = await attempt(other);
    expect(fourth.statusCode, fourth.body).toBe(428);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is not ready while Redis is away, goes on serving, and is ready again when it is back', async () => {
    await redis.stop();
    await expect
      .poll(async () => (await one.app.inject('/ready')).json().error?.message, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe('Redis unreachable');
    expect((await one.app.inject('/ready')).statusCode).toBe(503);
    // Requests do not wait for Redis: they are served, uncounted.
    expect((await browse(one.app, '198.51.100.41')).statusCode).toBe(200);
    expect((await one.app.inject('/health')).statusCode).toBe(200);

    redis = await startRedis(redis.port);
    await expect
      .poll(async () => (await one.app.inject('/ready')).statusCode, { timeout: 10_000 })
      .toBe(200);
    // Both processes listen again for what their caches must forget (lib/forget-bus.ts).
    const probe = new Redis(redis.url);
    const listeners = async () =>
      ((await probe.pubsub('NUMSUB', 'snowgear_forget')) as [string, number])[1];
    await expect.poll(listeners, { timeout: 10_000 }).toBe(2);
    probe.disconnect();
  });
});
