import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/testing/index.js';
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
