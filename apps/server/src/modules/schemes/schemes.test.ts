import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCartInput, BookingCatalog, Scheme } from '@snowgear/contracts';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;

describe('schemes', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let cart: BookingCartInput;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, ['employee']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    const storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const start = new Date(Date.now() + 10 * DAY).toISOString();
    const catalog = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=3`,
      })
    ).json<BookingCatalog>();
    const skis = catalog.categories.find((c) => c.name === '双板滑雪板')!;
    cart = {
      storeId,
      rentalStartTime: start,
      days: 3,
      riders: [{ key: 'a', name: '王五', heightCm: 180 }],
      lines: [{ type: 'item', categoryId: skis.id, size: skis.kinds[0]!.size, riderKey: 'a' }],
    };
  });
  afterAll(() => t.close());

  it('saves a plan with its quote, lists, changes and deletes it — its owner only', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/app/schemes',
          headers: csrf,
          payload: { name: '周末', cart },
        })
      ).statusCode,
    ).toBe(401);
    const saved = await call('customer', 'POST', '/api/app/schemes', { name: '周末计划', cart });
    expect(saved.statusCode).toBe(201);
    const scheme = saved.json<Scheme>();
    expect(scheme).toMatchObject({ name: '周末计划', storeName: '万龙雪场店' });
    expect(scheme.quote).toBeGreaterThan(0);

    expect(
      (await call('customer', 'GET', '/api/app/schemes')).json<Scheme[]>().map((s) => s.id),
    ).toEqual([scheme.id]);
    // An English reader reads the store's English name, in the list and one by one.
    const inEnglish = (lang: string) =>
      call('customer', 'GET', '/api/app/schemes', undefined, lang);
    expect((await inEnglish('en-US')).json<Scheme[]>()[0]!.storeName).toBe('Wanlong Resort Store');
    expect(
      (await call('customer', 'GET', `/api/app/schemes/${scheme.id}`, undefined, 'en-US')).json()
        .storeName,
    ).toBe('Wanlong Resort Store');
    // Someone else's scheme reads as none.
    expect((await call('employee', 'GET', `/api/app/schemes/${scheme.id}`)).statusCode).toBe(404);
    expect((await call('employee', 'DELETE', `/api/app/schemes/${scheme.id}`)).statusCode).toBe(
      404,
    );

    const changed = await call('customer', 'PUT', `/api/app/schemes/${scheme.id}`, {
      name: '改成四天',
      cart: { ...cart, days: 4 },
    });
    expect(changed.json()).toMatchObject({ name: '改成四天' });
    expect(changed.json().quote).toBeGreaterThan(scheme.quote);

    expect((await call('customer', 'DELETE', `/api/app/schemes/${scheme.id}`)).statusCode).toBe(
      204,
    );
    expect((await call('customer', 'GET', '/api/app/schemes')).json()).toEqual([]);
  });

  it('opens from its short link without signing in, with a fresh quote', async () => {
    const scheme = (
      await call('customer', 'POST', '/api/app/schemes', { name: '全家', cart })
    ).json<Scheme>();
    const shared = await t.app.inject({ url: `/api/app/schemes/${scheme.id}/shared` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ name: '全家', cart: { days: 3 }, mine: false });
    expect(shared.json().freshQuote.total).toBe(scheme.quote);
    // Its owner, signed in, may change it; another signed-in caller only reads it.
    const asOwner = await call('customer', 'GET', `/api/app/schemes/${scheme.id}/shared`);
    expect(asOwner.json().mine).toBe(true);
    const asOther = await call('employee', 'GET', `/api/app/schemes/${scheme.id}/shared`);
    expect(asOther.json().mine).toBe(false);
    expect(
      (await t.app.inject({ url: '/api/app/schemes/00000000-0000-4000-8000-000000000000/shared' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a plan with a bad cart, next to the field', async () => {
    const bad = await call('customer', 'POST', '/api/app/schemes', {
      name: '',
      cart: { ...cart, days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const members = bad
      .json()
      .error.validationErrors.map((v: { members: string[] }) => v.members[0]);
    expect(members).toEqual(expect.arrayContaining(['name', 'cart.days']));
  });
});
