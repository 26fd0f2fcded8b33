import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOST_TENANT_ID,
  ORDER_LIST_COUNT_CAP,
  OrderListQuerySchema,
  orderTotalText,
  RoleName,
  type OrderSummary,
} from '@snowgear/contracts';
import { orders, stores } from '@/db/schema.js';
import { createTestApp, type TestApp } from '@/testing/index.js';
import { zonedMidnight } from '@/lib/local-time.js';
import { LIST_LIMITS, type ListLimits } from './list-page.js';
import { businessDay } from './numbering.js';
import { OrdersService } from './service.js';

/** The order list's capped total and its search, at the service (a super admin sees all). */
describe('order list: total and search', () => {
  let t: TestApp;
  let service: OrdersService;
  const page = (query: Record<string, string>) => OrderListQuerySchema.parse(query);
  let all: OrderSummary[];
  let oldMonth: string;
  const cap3 = { countCap: 3, window: 3 };

  beforeAll(async () => {
    t = await createTestApp();
    const request = {
      server: t.app,
      tenantId: HOST_TENANT_ID,
      headers: {},
      user: {
        id: randomUUID(),
        tenantId: HOST_TENANT_ID,
        userName: 'admin',
        roles: [RoleName.SuperAdmin],
        permissions: [],
        primaryStoreId: null,
        sessionId: '',
      },
    } as unknown as FastifyRequest;
    service = new OrdersService(t.database.db, request, 'Asia/Shanghai');
    const [store] = await t.database.db.select({ id: stores.id }).from(stores).limit(1);
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 1, 1));
    const placed = async (orderNumber: string, customerName: string, customerPhone: string) => {
      await t.database.db.insert(orders).values({
        tenantId: HOST_TENANT_ID,
        orderNumber,
        storeId: store!.id,
        orderType: 'Normal',
        status: 1,
        customerName,
        customerPhone,
        rentalStartAt: start,
        rentalEndAt: new Date(start.getTime() + 86_400_000),
        days: 1,
        deliveryMethod: 'SelfPickup',
        returnMethod: 'SelfReturn',
        totalFen: 100,
      });
    };
    const today = businessDay(new Date(), 'Asia/Shanghai');
    // A customer with a Latin name, to search it in another case.
    await placed(`${today}9999`, 'Anna Lee_50%', '13512340000');
    // Placed today, with the month of the oldest demo orders inside its phone number: found
    // among that month's orders by the phone, newest of all.
    const oldest = (await service.list(page({ maxResultCount: '1000' }))).items.at(-1)!;
    oldMonth = oldest.orderNumber.slice(0, 6);
    await placed(`${today}9998`, '月份', `1${oldMonth}0000`);
    all = (await service.list(page({ maxResultCount: '1000' }))).items;
  });
  afterAll(() => t.close());

  it('counts exactly up to the cap, and one more beyond it', async () => {
    const exact = all.length;
    expect(exact).toBeGreaterThan(8);
    expect((await service.list(page({ maxResultCount: '2' }))).totalCount).toBe(exact);
    expect(await service.count(page({}))).toBe(exact);

    const capped = await service.list(page({ maxResultCount: '2' }), cap3);
    expect(capped.totalCount).toBe(4); // "more than 3"
    expect(capped.items.map((o) => o.id)).toEqual(all.slice(0, 2).map((o) => o.id));
    // Counted from the page's start: still "more" further in, exact near the end.
    expect(
      (await service.list(page({ skipCount: '2', maxResultCount: '2' }), cap3)).totalCount,
    ).toBe(Math.min(exact, 2 + 3 + 1));
    const nearEnd = String(exact - 2);
    expect(
      (await service.list(page({ skipCount: nearEnd, maxResultCount: '2' }), cap3)).totalCount,
    ).toBe(exact);
  });

  it('pages through every order with a capped total, as the client pages', async () => {
    const seen: string[] = [];
    let total = Infinity;
    while (seen.length < total) {
      const next = await service.list(
        page({ skipCount: String(seen.length), maxResultCount: '2' }),
        cap3,
      );
      if (next.items.length === 0) break;
      seen.push(...next.items.map((o) => o.id));
      total = next.totalCount;
    }
    expect(seen).toEqual(all.map((o) => o.id));
  });

  it('shows a total beyond the cap as "cap+"', () => {
    expect(orderTotalText(ORDER_LIST_COUNT_CAP)).toBe(String(ORDER_LIST_COUNT_CAP));
    expect(orderTotalText(ORDER_LIST_COUNT_CAP + 1)).toBe(`${ORDER_LIST_COUNT_CAP}+`);
    expect(orderTotalText(7)).toBe('7');
  });

  /** Every page of a list as the client loads them (until it has the total), with these limits. */
  async function walk(query: Record<string, string>, limits: ListLimits, size: number) {
    const ids: string[] = [];
    let total = Infinity;
    while (ids.length < total) {
      const next = await service.list(
        page({ ...query, skipCount: String(ids.length), maxResultCount: String(size) }),
        limits,
      );
      if (next.items.length === 0) break;
      ids.push(...next.items.map((o) => o.id));
      total = next.totalCount;
    }
    return ids;
  }
  /** Small limits take each way of reading a narrowed page: all matches, the newest few first. */
  const LIMITS: ListLimits[] = [
    LIST_LIMITS,
    { countCap: 1, window: 1 },
    { countCap: 1, window: 100 },
    { countCap: 2, window: 3 },
  ];

  it('finds what a plain case-insensitive "contains" finds, for short and long keywords alike', async () => {
    const someName = all.find((o) => [...o.customerName].length >= 2)!.customerName;
    const keywords = [
      'an', // two Latin letters, other case
      'AN',
      'a', // one character
      'nna l', // spans a space inside one field
      'lee_5', // a LIKE wildcard, literally
      '50%',
      '_',
      '%',
      '0001',
      '1',
      someName.slice(0, 1),
      someName.slice(0, 2),
      someName,
      `${all[0]!.orderNumber.slice(-2)} ${all[0]!.customerName.slice(0, 1)}`, // across two fields
      '不存在的名字',
      // The beginnings of order numbers: a year, a month (also in a phone), a day, a whole number.
      '202',
      all.at(-1)!.orderNumber.slice(0, 4),
      oldMonth,
      all[0]!.orderNumber.slice(0, 6),
      all.at(-1)!.orderNumber.slice(0, 8),
      all.at(-1)!.orderNumber,
      `${oldMonth.slice(0, 5)}9`, // no such month
    ];
    const contains = (o: OrderSummary, k: string) =>
      [o.orderNumber, o.customerName, o.customerPhone].some((v) =>
        v.toLowerCase().includes(k.toLowerCase()),
      );
    for (const keyword of keywords) {
      const expected = all.filter((o) => contains(o, keyword)).map((o) => o.id);
      const found = await service.list(page({ keyword, maxResultCount: '1000' }));
      expect(
        found.items.map((o) => o.id),
        keyword,
      ).toEqual(expected);
      expect(found.totalCount, keyword).toBe(expected.length);
      for (const limits of LIMITS) {
        expect(await walk({ keyword }, limits, 2), `${keyword} ${JSON.stringify(limits)}`).toEqual(
          expected,
        );
      }
    }
    expect(
      (await service.list(page({ keyword: 'an', maxResultCount: '1000' }))).items.map(
        (o) => o.customerName,
      ),
    ).toContain('Anna Lee_50%');
    // The month's search took both of its parts: the phone placed today, then the month's numbers.
    const month = all.filter((o) => contains(o, oldMonth));
    expect(month[0]!.customerName).toBe('月份');
    expect(month.filter((o) => o.orderNumber.startsWith(oldMonth)).length).toBeGreaterThan(2);
  });

  it('reads lists narrowed by rental days, with a tab or without, the same whichever way', async () => {
    const days = [...new Set(all.map((o) => o.rentalStartTime.slice(0, 10)))].sort();
    const from = days[0]!;
    const to = days[Math.floor(days.length / 2)]!;
    const start = zonedMidnight(from, 'Asia/Shanghai').getTime();
    const end = zonedMidnight(to, 'Asia/Shanghai', 1).getTime();
    const within = (o: OrderSummary) => {
      const at = new Date(o.rentalStartTime).getTime();
      return at >= start && at < end;
    };
    const tabStatus = all.find(within)!.status;
    const cases: [Record<string, string>, OrderSummary[]][] = [
      [{ startFrom: from, startTo: to }, all.filter(within)],
      [
        { startFrom: from, startTo: to, status: `${tabStatus},10` },
        all.filter((o) => within(o) && [tabStatus, 10].includes(o.status)),
      ],
      [
        { startFrom: from, keyword: '1' },
        all.filter(
          (o) =>
            new Date(o.rentalStartTime).getTime() >= start &&
            [o.orderNumber, o.customerName, o.customerPhone].some((v) => v.includes('1')),
        ),
      ],
    ];
    for (const [query, expected] of cases) {
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const limits of LIMITS) {
        for (const size of [1, 3]) {
          expect(await walk(query, limits, size), JSON.stringify([query, limits, size])).toEqual(
            expected.map((o) => o.id),
          );
        }
      }
    }
  });
});
