import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  customerToken,
  signIn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { accessPlugin } from './access.js';

describe('route access declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every API route of the running app declares who may call it', () => {
    const table = t.app.routeAccessTable;
    expect(table.length).toBeGreaterThan(5);
    const undeclared = table.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('checks who calls before what they sent: 401, then 403, and only then 400', async () => {
    const csrf = await verificationHeaders(t.app);
    const { employee } = await signIn(t.app, csrf, ['employee']);
    const customer = await customerToken(t);
    const send = (token: string | null, url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          ...csrf,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    const badParams = '/api/app/orders/not-an-id/cancel';
    const cases = [
      // A body of the wrong shape, and params that are no id.
      [badParams, JSON.stringify({ reason: 42 })],
      // A body that is not JSON at all.
      [badParams, '{"reason":'],
    ] as const;
    for (const [url, payload] of cases) {
      const anonymous = await send(null, url, payload);
      expect(anonymous.statusCode, payload).toBe(401);
      expect(anonymous.json().error).toMatchObject({ code: 'App:Unauthorized', details: null });
      expect(anonymous.json().error).not.toHaveProperty('validationErrors');
      expect(anonymous.body).not.toContain('reason');
      const wrongRole = await send(customer, url, payload);
      expect(wrongRole.statusCode, payload).toBe(403);
      expect(wrongRole.json().error).toMatchObject({ code: 'App:Forbidden', details: null });
      expect(wrongRole.body).not.toContain('reason');
      expect((await send(employee!, url, payload)).statusCode, payload).toBe(400);
    }
  });

  it('refuses to register an API route without a declaration', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    await app.after();
    expect(() => app.get('/api/app/forgotten', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers 401 for a route that needs sign-in when nobody is signed in', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    app.get(
      '/api/app/private',
      { config: { access: { authenticated: true } } },
      async () => 'secret',
    );
    app.setErrorHandler((err: { statusCode?: number }, _req, reply) =>
      reply.code(err.statusCode ?? 500).send({ status: err.statusCode }),
    );
    const res = await app.inject('/api/app/private');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});
