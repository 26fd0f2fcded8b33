import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_CODE_PATTERN } from '@snowgear/contracts';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  storeTimeOn,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;

describe('agents', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['agent', 'employee']));
    tokens.customer = await customerToken(t);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);

  it('gives each agent one referral code, and a booking through it carries the agent', async () => {
    const first = (await call('agent', 'GET', '/api/app/agent/referral')).json();
    expect(first.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(first.path).toBe(`/customer/order-create?ref=${first.code}`);
    // The same code every time.
    expect((await call('agent', 'GET', '/api/app/agent/referral')).json().code).toBe(first.code);

    const before = (await call('agent', 'GET', '/api/app/agent/performance?period=day')).json();

    // A customer books through the link (the code in any case); an unknown code books too.
    const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const when = storeTimeOn(200, '10:00');
    const catalog = (
      await t.app.inject(
        `/api/app/booking/catalog?storeId=${wanlong}&rentalStartTime=${encodeURIComponent(when)}&days=1`,
      )
    ).json<{
      categories: { id: string; name: string; kinds: { free: number; size: object }[] }[];
    }>();
    const goggles = catalog.categories.find((c) => c.name === '雪镜')!;
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json();
    const book = (referralCode: string, at = when) =>
      call('customer', 'POST', '/api/app/booking/orders', {
        cart: {
          storeId: wanlong,
          rentalStartTime: at,
          days: 1,
          riders: [],
          lines: [
            {
              type: 'item',
              categoryId: goggles.id,
              size: goggles.kinds.find((k) => k.free > 0)!.size,
            },
          ],
        },
        agreementVersion: config.systemInfo.rentalAgreementVersion,
        referralCode,
      });
    const through = await book(first.code.toLowerCase());
    expect(through.statusCode).toBe(201);
    expect(through.json().agentId).toBeTruthy();
    const stranger = await book('NOSUCHCD', storeTimeOn(230, '10:00'));
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().agentId).toBeNull();

    // The agent sees it: the order, the customer, and today's count (unpaid: no revenue yet).
    const mine = (await call('agent', 'GET', '/api/app/agent/orders?maxResultCount=50')).json();
    expect(mine.items[0]).toMatchObject({ id: through.json().id, customerName: '张三' });
    expect(mine.items.some((o: { id: string }) => o.id === stranger.json().id)).toBe(false);
    const customers = (await call('agent', 'GET', '/api/app/agent/customers')).json();
    expect(customers.items[0]).toMatchObject({ phone: '13800138000', name: '张三' });
    const after = (await call('agent', 'GET', '/api/app/agent/performance?period=day')).json();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.revenue).toBe(before.revenue);

    // Once paid its rent counts as revenue (not the deposit), at the business's commission rate.
    const order = through.json();
    for (const bill of order.bills) {
      await call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    const rent = order.feeItems
      .filter((f: { kind: string }) => f.kind !== 'Deposit')
      .reduce((sum: number, f: { amount: number }) => sum + f.amount, 0);
    expect(rent).toBeLessThan(order.totalAmount);
    const paid = (await call('agent', 'GET', '/api/app/agent/performance?period=day')).json();
    expect(paid.revenue).toBeCloseTo(before.revenue + rent, 2);
    expect(paid.commissionRate).toBe(8);
    expect(paid.commission).toBeCloseTo(Math.round(paid.revenue * 8) / 100, 2);
  });

  it('charts the last 7 days a bar a day, and the season a bar a week', async () => {
    const week = (await call('agent', 'GET', '/api/app/agent/performance?period=week')).json();
    expect(week.series).toHaveLength(7);
    expect(week.series.reduce((n: number, b: { orders: number }) => n + b.orders, 0)).toBe(
      week.orders,
    );
    const season = (await call('agent', 'GET', '/api/app/agent/performance?period=season')).json();
    expect(new Date(season.from).getTime()).toBeLessThanOrEqual(new Date(week.from).getTime());
    for (const bar of season.series.slice(0, -1)) {
      expect(new Date(bar.from).getTime() % DAY).toBe(new Date(season.from).getTime() % DAY);
    }
    expect(season.orders).toBeGreaterThanOrEqual(week.orders);
    // Only agents (and a super admin) ask.
    expect((await call('employee', 'GET', '/api/app/agent/performance')).statusCode).toBe(403);
  });
});
