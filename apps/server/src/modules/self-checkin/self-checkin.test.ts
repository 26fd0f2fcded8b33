import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SELF_CHECKIN_RIDERS_MAX, type SelfCheckin } from '@snowgear/contracts';
import { selfCheckins } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('self check-in at the counter', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let wanlong: string;
  let yunding: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    call = callerAs(t.app, csrf, await signIn(t.app, csrf, ['employee', 'admin', 'multi']));
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    yunding = stores['云顶夜场店']!;
  });
  afterAll(() => t.close());

  const open = async (as = 'employee', storeId = wanlong) => {
    const res = await call(as, 'POST', '/api/app/self-checkins', { storeId });
    expect(res.statusCode, res.body).toBe(201);
    const checkin = res.json<SelfCheckin>();
    return { ...checkin, token: checkin.path.split('/').pop()! };
  };
  /** A family member's phone: no sign-in, the verification cookie only. */
  const phone = (method: 'GET' | 'POST', url: string, payload?: object, language = 'zh-CN') =>
    t.app.inject({ method, url, payload, headers: { ...csrf, 'accept-language': language } });

  it('takes each family member from their own phone, without signing in, onto the clerk’s check-in', async () => {
    const checkin = await open();
    expect(checkin.path).toMatch(/^\/customer\/checkin\/[A-Za-z0-9_-]{20,}$/);
    expect(checkin.riders).toEqual([]);

    const first = await phone('GET', `/api/app/checkin/${checkin.token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ storeName: '万龙雪场店', count: 0, full: false });
    expect(
      (await phone('GET', `/api/app/checkin/${checkin.token}`, undefined, 'en-US')).json(),
    ).toMatchObject({ storeName: 'Wanlong Resort Store' });

    const added = await phone('POST', `/api/app/checkin/${checkin.token}/riders`, {
      name: '王爸爸',
      heightCm: 178,
      weightKg: 76,
      age: 41,
      ability: 'II',
      bootSizeMondopoint: 27.5,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ count: 1 });
    await phone('POST', `/api/app/checkin/${checkin.token}/riders`, { name: '王小妹', age: 8 });

    // The clerk's order reads them, in the order they came, each with a key of its own.
    const read = (
      await call('employee', 'GET', `/api/app/self-checkins/${checkin.id}`)
    ).json<SelfCheckin>();
    expect(read.riders.map((r) => r.name)).toEqual(['王爸爸', '王小妹']);
    expect(read.riders[0]).toMatchObject({
      heightCm: 178,
      ability: 'II',
      bootSizeMondopoint: 27.5,
    });
    expect(new Set(read.riders.map((r) => r.key)).size).toBe(2);
  });

  it('refuses a bad rider next to the field, and a code that is unknown or has expired', async () => {
    const checkin = await open();
    const bad = await phone('POST', `/api/app/checkin/${checkin.token}/riders`, {
      name: '',
      heightCm: 900,
    });
    expect(bad.statusCode).toBe(400);
    expect((await phone('GET', '/api/app/checkin/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    await t.database.db
      .update(selfCheckins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(selfCheckins.id, checkin.id));
    const expired = await phone('POST', `/api/app/checkin/${checkin.token}/riders`, {
      name: '迟到',
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toContain('请让店员重新出示二维码');
  });

  it(`takes ${SELF_CHECKIN_RIDERS_MAX} riders at most, however many send at once`, async () => {
    const checkin = await open();
    const answers = await Promise.all(
      Array.from({ length: SELF_CHECKIN_RIDERS_MAX + 3 }, (_, i) =>
        phone('POST', `/api/app/checkin/${checkin.token}/riders`, { name: `队员${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(SELF_CHECKIN_RIDERS_MAX);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().error.code).toBe('SelfCheckin:Full');
    const read = (
      await call('employee', 'GET', `/api/app/self-checkins/${checkin.id}`)
    ).json<SelfCheckin>();
    expect(read.riders).toHaveLength(SELF_CHECKIN_RIDERS_MAX);
  });

  it('opens at the clerk’s own store only, and another store’s staff read none of it', async () => {
    expect(
      (await call('employee', 'POST', '/api/app/self-checkins', { storeId: yunding })).statusCode,
    ).toBe(403);
    const theirs = await open('admin', yunding);
    expect((await call('employee', 'GET', `/api/app/self-checkins/${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'GET', `/api/app/self-checkins/${theirs.id}`)).statusCode).toBe(
      200,
    );
  });
});
