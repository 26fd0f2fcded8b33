import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIDERS_MAX } from '@snowgear/contracts';
import { riderProfiles } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { businessYear } from './service.js';

const zhang = {
  name: '张三',
  isSelf: true,
  heightCm: 175,
  weightKg: 70,
  age: 30,
  ability: 'II',
  bootSizeMondopoint: 26.5,
  bootSoleLengthMm: 305,
  stance: null,
};

describe('riders', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  const year = businessYear('Asia/Shanghai');

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    tokens.customer = await customerToken(t);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  /** A new customer of their own, so counts start at nothing. */
  const newCustomer = async (phoneNumber: string) => {
    const res = await phoneSignIn(t, csrf, { phoneNumber, realName: '李四' });
    tokens[phoneNumber] = res.json<{ accessToken: string }>().accessToken;
    return phoneNumber;
  };

  it('keeps a rider: age as the year of birth, Mondopoint in tenths, read back as entered', async () => {
    const res = await call('customer', 'POST', '/api/app/riders', zhang);
    expect(res.statusCode, res.body).toBe(201);
    const rider = res.json();
    expect(rider).toMatchObject({ ...zhang, id: expect.any(String) });
    const [row] = await t.database.db
      .select()
      .from(riderProfiles)
      .where(eq(riderProfiles.id, rider.id));
    expect(row).toMatchObject({ birthYear: year - 30, bootSizeMondopointMm: 265 });

    // Next season the same rider is a year older without anyone editing them.
    await t.database.db
      .update(riderProfiles)
      .set({ birthYear: year - 31 })
      .where(eq(riderProfiles.id, rider.id));
    const list = (await call('customer', 'GET', '/api/app/riders')).json();
    expect(list.items).toEqual([expect.objectContaining({ id: rider.id, age: 31 })]);
  });

  it('lists the account holder first, and moves the mark when another rider is made "self"', async () => {
    const phone = await newCustomer('13700000001');
    const child = (await call(phone, 'POST', '/api/app/riders', { name: '小明', age: 8 })).json();
    const me = (
      await call(phone, 'POST', '/api/app/riders', { name: '李四', isSelf: true })
    ).json();
    let items = (await call(phone, 'GET', '/api/app/riders')).json().items;
    expect(items.map((r: { name: string }) => r.name)).toEqual(['李四', '小明']);
    expect(child).toMatchObject({ isSelf: false, heightCm: null, ability: null });

    const moved = await call(phone, 'PUT', `/api/app/riders/${child.id}`, {
      name: '小明',
      age: 8,
      isSelf: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    items = (await call(phone, 'GET', '/api/app/riders')).json().items;
    expect(items).toEqual([
      expect.objectContaining({ id: child.id, isSelf: true }),
      expect.objectContaining({ id: me.id, isSelf: false }),
    ]);
  });

  it("hides one account's riders from every other account: listing, changing and deleting", async () => {
    const mine = (await call('customer', 'POST', '/api/app/riders', { name: '张小妹' })).json();
    const theirs = (await call('employee', 'GET', '/api/app/riders')).json();
    expect(theirs.items).toEqual([]);
    for (const res of [
      await call('employee', 'PUT', `/api/app/riders/${mine.id}`, { name: '改名' }),
      await call('employee', 'DELETE', `/api/app/riders/${mine.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'Rider:NotFound',
        message: '滑雪者资料不存在',
      });
    }
    const [row] = await t.database.db
      .select()
      .from(riderProfiles)
      .where(eq(riderProfiles.id, mine.id));
    expect(row?.name).toBe('张小妹');

    const gone = await call('customer', 'DELETE', `/api/app/riders/${mine.id}`);
    expect(gone.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(riderProfiles).where(eq(riderProfiles.id, mine.id)),
    ).toEqual([]);
    expect((await call('customer', 'DELETE', `/api/app/riders/${mine.id}`)).statusCode).toBe(404);
  });

  it('keeps at most 10 riders an account, also when they are added at the same time', async () => {
    const phone = await newCustomer('13700000002');
    const results = await Promise.all(
      Array.from({ length: RIDERS_MAX + 3 }, (_, i) =>
        call(phone, 'POST', '/api/app/riders', { name: `家人${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(RIDERS_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().error).toMatchObject({
      code: 'Rider:LimitReached',
      message: '每个账号最多保存 10 位滑雪者，请先删除不再需要的',
    });
    const english = await call(phone, 'POST', '/api/app/riders', { name: 'Eleven' }, 'en');
    expect(english.json().error.message).toBe(
      'An account keeps at most 10 riders; please delete one you no longer need',
    );
    expect((await call(phone, 'GET', '/api/app/riders')).json().items).toHaveLength(RIDERS_MAX);
  });

  it('refuses measurements out of bounds with the field named, and callers not signed in', async () => {
    const cases: [object, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: '王五', heightCm: 300 }, 'heightCm'],
      [{ name: '王五', weightKg: 5 }, 'weightKg'],
      [{ name: '王五', age: 1 }, 'age'],
      [{ name: '王五', bootSizeMondopoint: 26.3 }, 'bootSizeMondopoint'],
      [{ name: '王五', bootSoleLengthMm: 500 }, 'bootSoleLengthMm'],
      [{ name: '王五', ability: 'IV' }, 'ability'],
      [{ name: '王五', stance: 'sideways' }, 'stance'],
    ];
    for (const [body, field] of cases) {
      const res = await call('customer', 'POST', '/api/app/riders', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        expect.objectContaining({ members: [field] }),
      ]);
    }
    const blank = await call('customer', 'POST', '/api/app/riders', { name: '' });
    expect(blank.json().error.validationErrors[0].message).toBe('RiderNameRequired');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/app/riders' });
    expect(anonymous.statusCode).toBe(401);
  });
});
