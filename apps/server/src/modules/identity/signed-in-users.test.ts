import { HOST_TENANT_ID } from '@snowgear/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';

describe('what being signed in costs a request', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['manager', 'employee']);
  });
  afterAll(() => t.close());

  /** Statements a request sends, with the headers every signed-in client sends. */
  async function cost(token: string, url = '/api/app/config-distribution/h5') {
    const before = t.database.stats.queries;
    const res = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${token}`, __tenant: HOST_TENANT_ID },
    });
    return { status: res.statusCode, queries: t.database.stats.queries - before };
  }

  it('is one lookup for a new sign-in, then nothing: the configuration costs no query at all', async () => {
    await cost(tokens.manager!); // the configuration and the tenant are now known
    t.app.signedInUsers.forgetAll();
    expect(await cost(tokens.manager!)).toEqual({ status: 200, queries: 1 });
    expect(await cost(tokens.manager!)).toEqual({ status: 200, queries: 0 });
    expect(await cost(tokens.manager!)).toEqual({ status: 200, queries: 0 });
  });

  it('a sign-out counts from the next request, though the sign-in was remembered', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'manager', password: '1q2w3E*' },
    });
    const { accessToken, refreshToken } = login.json<{
      accessToken: string;
      refreshToken: string;
    }>();
    const staffOnly = '/api/app/employees/assignable-roles';
    expect((await cost(accessToken, staffOnly)).status).toBe(200);
    expect((await cost(accessToken, staffOnly)).status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/logout',
      headers: { ...csrf, authorization: `Bearer ${accessToken}` },
      payload: { refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await cost(accessToken, staffOnly)).status).toBe(401);
    // The other sign-in of the same person goes on.
    expect((await cost(tokens.manager!, staffOnly)).status).toBe(200);
  });
});
