import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '@/config/env.js';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';
import { prepareDatabase } from '@/prepare.js';

const ADMIN = { userName: 'boss', password: 'Snow-2026x' };

/** A real business's first start: no demo data, one super administrator from the settings. */
describe('the first start of a real business', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const login = (userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: userName, password },
    });

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      settings: { ADMIN_USER_NAME: ADMIN.userName, ADMIN_PASSWORD: ADMIN.password },
    });
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  it('makes the super administrator, and nothing of the demo', async () => {
    const res = await login(ADMIN.userName, ADMIN.password);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ accessToken: string }>().accessToken;
    const profile = await t.app.inject({
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({ userName: ADMIN.userName, roles: ['SuperAdmin'] });
    // The demo's users and stores are not there.
    expect((await login('admin', '1q2w3E*')).statusCode).not.toBe(200);
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json<{
      storeConfigs: Record<string, unknown>;
    }>();
    expect(Object.keys(config.storeConfigs)).toEqual([]);
    // The roles the administrator hands out are all there.
    const roles = await t.app.inject({
      url: '/api/app/roles/matrix',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(roles.statusCode, roles.body).toBe(200);
    expect(JSON.stringify(roles.json())).toContain('StoreEmployee');
  });

  it('reads the settings only while the database is empty', async () => {
    await prepareDatabase(t.database, {
      seedDemoData: false,
      firstAdmin: { userName: 'someone-else', password: 'Other-2026x' },
      log: { info: () => undefined, warn: () => undefined },
    });
    expect((await login('someone-else', 'Other-2026x')).statusCode).not.toBe(200);
    expect((await login(ADMIN.userName, ADMIN.password)).statusCode).toBe(200);
  });

  it('refuses a weak first password at start-up without printing it', () => {
    const start = () => loadSettings({ SEED_DEMO_DATA: 'false', ADMIN_PASSWORD: 'secret1' });
    expect(start).toThrow(/ADMIN_PASSWORD: PasswordRequiresUpper \(value not shown\)/);
    expect(start).not.toThrow(/secret1/);
  });
});
