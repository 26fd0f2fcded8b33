import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES_MAX } from '@snowgear/contracts';
import { customerAddresses } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Address {
  id: string;
  label: string;
  address: string;
  isDefault: boolean;
}

describe("a customer's saved addresses", () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'admin']));
    tokens.customer = await customerToken(t);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  /** A new customer of their own, so each test starts with no addresses. */
  const newCustomer = async (phoneNumber: string) => {
    const res = await phoneSignIn(t, csrf, { phoneNumber, realName: '李四' });
    tokens[phoneNumber] = res.json<{ accessToken: string }>().accessToken;
    return phoneNumber;
  };
  const list = async (who: string) =>
    (await call(who, 'GET', '/api/app/my-addresses')).json<{ items: Address[] }>().items;
  const add = async (who: string, body: object) => {
    const res = await call(who, 'POST', '/api/app/my-addresses', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Address>();
  };
  const defaults = (items: Address[]) => items.filter((a) => a.isDefault).map((a) => a.address);

  it('saves an address trimmed; the first becomes the default, later ones do not', async () => {
    const phone = await newCustomer('13700000101');
    expect(await list(phone)).toEqual([]);
    const first = await add(phone, { label: ' 酒店 ', address: '  崇礼区万龙度假天堂酒店 1208  ' });
    expect(first).toMatchObject({
      id: expect.any(String),
      label: '酒店',
      address: '崇礼区万龙度假天堂酒店 1208',
      isDefault: true,
    });
    const second = await add(phone, { address: '崇礼区太子城小镇 3 号楼' });
    expect(second).toMatchObject({ label: '', isDefault: false });
    const items = await list(phone);
    expect(items.map((a) => a.id)).toEqual([first.id, second.id]);
  });

  it('lists the default first, then the newest; a new default clears the old one', async () => {
    const phone = await newCustomer('13700000102');
    const a = await add(phone, { address: '地址 A' });
    const b = await add(phone, { address: '地址 B' });
    const c = await add(phone, { address: '地址 C' });
    expect((await list(phone)).map((x) => x.address)).toEqual(['地址 A', '地址 C', '地址 B']);

    const d = await add(phone, { address: '地址 D', isDefault: true });
    expect(d.isDefault).toBe(true);
    let items = await list(phone);
    expect(items.map((x) => x.address)).toEqual(['地址 D', '地址 C', '地址 B', '地址 A']);
    expect(defaults(items)).toEqual(['地址 D']);

    // Made the default by a change: still exactly one.
    const res = await call(phone, 'PUT', `/api/app/my-addresses/${b.id}`, {
      label: '家',
      address: '地址 B2',
      isDefault: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: b.id,
      label: '家',
      address: '地址 B2',
      isDefault: true,
    });
    items = await list(phone);
    expect(items[0]?.id).toBe(b.id);
    expect(defaults(items)).toEqual(['地址 B2']);

    // Changed without isDefault: the default stays where it is.
    const kept = await call(phone, 'PUT', `/api/app/my-addresses/${b.id}`, { address: '地址 B3' });
    expect(kept.json()).toMatchObject({ label: '', isDefault: true });
    await call(phone, 'PUT', `/api/app/my-addresses/${c.id}`, { address: '地址 C2' });
    expect(defaults(await list(phone))).toEqual(['地址 B3']);
    expect(a.isDefault && !c.isDefault).toBe(true);
  });

  it('passes the default to the newest left when it is deleted, and to nobody when none is left', async () => {
    const phone = await newCustomer('13700000103');
    const a = await add(phone, { address: '地址 A' });
    const b = await add(phone, { address: '地址 B' });
    const c = await add(phone, { address: '地址 C' });
    // Deleting one that is not the default moves nothing.
    expect((await call(phone, 'DELETE', `/api/app/my-addresses/${b.id}`)).statusCode).toBe(204);
    expect(defaults(await list(phone))).toEqual(['地址 A']);

    await add(phone, { address: '地址 E' });
    expect((await call(phone, 'DELETE', `/api/app/my-addresses/${a.id}`)).statusCode).toBe(204);
    const items = await list(phone);
    expect(items.map((x) => [x.address, x.isDefault])).toEqual([
      ['地址 E', true],
      ['地址 C', false],
    ]);

    for (const { id } of items) await call(phone, 'DELETE', `/api/app/my-addresses/${id}`);
    expect(await list(phone)).toEqual([]);
    // Starting again: the first is the default again.
    expect((await add(phone, { address: '地址 F' })).isDefault).toBe(true);
    expect(await list(phone)).toHaveLength(1);
    expect(c.isDefault).toBe(false);
  });

  it('keeps at most 20 addresses an account, also when they are added at the same time', async () => {
    const phone = await newCustomer('13700000104');
    const results = await Promise.all(
      Array.from({ length: ADDRESSES_MAX + 3 }, (_, i) =>
        call(phone, 'POST', '/api/app/my-addresses', { address: `雪场路 ${i} 号` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(ADDRESSES_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().error).toMatchObject({
      code: 'Address:LimitReached',
      message: '每个账号最多保存 20 个地址，请先删除不再需要的',
    });
    const english = await call(
      phone,
      'POST',
      '/api/app/my-addresses',
      { address: 'One more road' },
      'en',
    );
    expect(english.statusCode).toBe(409);
    expect(english.json().error.message).toBe(
      'An account keeps at most 20 addresses; please delete one you no longer need',
    );
    const items = await list(phone);
    expect(items).toHaveLength(ADDRESSES_MAX);
    // Added at once, still exactly one default.
    expect(defaults(items)).toHaveLength(1);
  });

  it("hides one customer's addresses from another: listing, changing and deleting answer 404", async () => {
    const mine = await add('customer', { label: '家', address: '张家口市桥东区 8 号' });
    const other = await newCustomer('13700000105');
    expect(await list(other)).toEqual([]);
    for (const res of [
      await call(other, 'PUT', `/api/app/my-addresses/${mine.id}`, { address: '改掉的地址' }),
      await call(other, 'DELETE', `/api/app/my-addresses/${mine.id}`),
      await call(
        'customer',
        'DELETE',
        '/api/app/my-addresses/00000000-0000-0000-0000-000000000000',
      ),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'Address:NotFound',
        message: '地址不存在或已被删除',
      });
    }
    const [row] = await t.database.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.id, mine.id));
    expect(row).toMatchObject({ address: '张家口市桥东区 8 号', isDefault: true });

    expect((await call('customer', 'DELETE', `/api/app/my-addresses/${mine.id}`)).statusCode).toBe(
      204,
    );
    expect((await call('customer', 'DELETE', `/api/app/my-addresses/${mine.id}`)).statusCode).toBe(
      404,
    );
  });

  it('is for customers only: staff are refused, nobody signed in must sign in', async () => {
    for (const who of ['employee', 'admin']) {
      for (const res of [
        await call(who, 'GET', '/api/app/my-addresses'),
        await call(who, 'POST', '/api/app/my-addresses', { address: '员工宿舍' }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('App:Forbidden');
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/app/my-addresses' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatchObject({ code: 'App:Unauthorized' });
  });

  it('refuses bad input with 400 in the ABP shape, naming the field and the reason', async () => {
    const cases: [object, string, string][] = [
      [{}, 'address', expect.any(String)],
      [{ address: '   ' }, 'address', 'AddressRequired'],
      [{ address: '\u200b\u3000' }, 'address', 'AddressRequired'],
      [{ address: '甲' }, 'address', 'AddressTooShort'],
      [{ address: '路'.repeat(121) }, 'address', 'AddressTooLong'],
      [{ address: '崇礼区\n万龙' }, 'address', 'InvalidCharacters'],
      [{ address: '崇礼区\u202e万龙' }, 'address', 'InvalidCharacters'],
      [{ address: '崇礼区万龙', label: '标'.repeat(21) }, 'label', 'AddressLabelTooLong'],
      [{ address: '崇礼区万龙', isDefault: 'yes' }, 'isDefault', expect.any(String)],
    ];
    for (const [body, field, reason] of cases) {
      const res = await call('customer', 'POST', '/api/app/my-addresses', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        error: expect.objectContaining({
          code: 'App:Validation',
          message: expect.any(String),
          validationErrors: [{ members: [field], message: reason }],
        }),
      });
    }
    // The bounds themselves are fine.
    const longest = await add('customer', { label: '标'.repeat(20), address: '路'.repeat(120) });
    expect(longest.address).toHaveLength(120);
    const shortest = await add('customer', { address: '路口' });
    expect(shortest.label).toBe('');

    const badId = await call('customer', 'PUT', '/api/app/my-addresses/not-an-id', {
      address: '崇礼区万龙',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.validationErrors[0].members).toEqual(['id']);
  });
});
