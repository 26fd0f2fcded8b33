import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID, Permissions } from '@snowgear/contracts';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentUnavailableTimes,
  orderItems,
  orders,
  users,
} from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  counterSignatures,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { kindStock, sizeKey } from './capacity.js';
import { OrdersService } from './service.js';
import { cancelUnpaidOrders } from './sweep.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Bookings lie within a few years of now: the tests book next year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number, hours = 0) =>
  new Date(Date.UTC(NEXT_YEAR, 2, 1) + days * DAY + hours * HOUR).toISOString();

interface Piece {
  size: string;
  status?: number;
  dailyFen?: number;
  depositFen?: number;
  store?: string;
}

describe('capacity: a line booked by kind holds an item of its kind', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;
  let wanlong: string;
  let kinds = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    tokens.customer = await customerToken(t);
    stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = 'employee') =>
    callerAs(t.app, csrf, tokens)(as, method, url, payload);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  /** Signatures taken beforehand, for orders sent at the same moment. */
  const signatures = (n: number) => counterSignatures(t.app, csrf, tokens.employee!, n);

  /**
   * A category of its own for each test (boots sized by Mondopoint, a colour that is no size),
   * with its items at 万龙 unless told, barcodes in the order given.
   */
  async function makeKind(pieces: Piece[]) {
    const db = t.database.db;
    const code = `CAP${++kinds}`;
    const [category] = await db
      .insert(equipmentCategories)
      .values({ tenantId: HOST_TENANT_ID, name: `测试雪鞋${kinds}`, sizeKind: 'LargeEquipment' })
      .returning();
    const [mondo, colour] = await db
      .insert(attributeDefinitions)
      .values([
        {
          tenantId: HOST_TENANT_ID,
          categoryId: category!.id,
          name: 'mondo',
          displayName: '鞋码',
          kind: 'select' as const,
          options: ['26.5', '27.5'],
          isSize: true,
          sortOrder: 1,
        },
        {
          tenantId: HOST_TENANT_ID,
          categoryId: category!.id,
          name: 'colour',
          displayName: '颜色',
          kind: 'text' as const,
          sortOrder: 2,
        },
      ])
      .returning();
    const items = [];
    for (const [i, piece] of pieces.entries()) {
      const barcode = `${code}-${String(i + 1).padStart(2, '0')}`;
      const [row] = await db
        .insert(equipment)
        .values({
          tenantId: HOST_TENANT_ID,
          storeId: piece.store ?? wanlong,
          categoryId: category!.id,
          name: `测试雪鞋 ${piece.size}`,
          barcodeNumber: barcode,
          status: piece.status ?? 0,
          dailyRentPriceFen: piece.dailyFen ?? 6000,
          depositFen: piece.depositFen ?? 40000,
        })
        .returning();
      await db.insert(equipmentAttributeValues).values([
        { equipmentId: row!.id, attributeId: mondo!.id, value: piece.size },
        { equipmentId: row!.id, attributeId: colour!.id, value: i % 2 ? '红色' : '黑色' },
      ]);
      items.push({ id: row!.id, barcode, size: piece.size });
    }
    const size = (value: string) => ({ [mondo!.id]: value });
    return { categoryId: category!.id, name: category!.name, size, items };
  }
  const pieces = (n: number, piece: Piece) => Array.from({ length: n }, () => ({ ...piece }));

  const order = (items: object[], from: string, to: string, extra: object = {}) =>
    counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700001234',
      rentalStartTime: from,
      rentalEndTime: to,
      items,
      ...extra,
    });
  async function book(items: object[], from: string, to: string, extra: object = {}) {
    const res = await order(items, from, to, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function pay(booked: { bills: { id: string; status: string }[] }) {
    for (const bill of booked.bills.filter((b) => b.status === 'pending')) {
      const res = await call('POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const get = async (id: string) => (await call('GET', `/api/app/orders/${id}`)).json();
  /** The windows an item is locked for, and by which order. */
  const holdsOf = async (equipmentId: string) =>
    (
      await t.database.db
        .select()
        .from(equipmentUnavailableTimes)
        .where(eq(equipmentUnavailableTimes.equipmentId, equipmentId))
    ).map((h) => ({
      orderId: h.orderId,
      start: h.startAt.toISOString(),
      end: h.endAt.toISOString(),
    }));
  const heldOf = (o: { items: { heldBarcodeNumber: string | null }[] }) =>
    o.items.map((i) => i.heldBarcodeNumber);

  it('N free items of a kind and N + 20 simultaneous bookings: exactly N succeed, the rest hear none is free', async () => {
    const N = 5;
    const kind = await makeKind([...pieces(N, { size: '26.5' }), ...pieces(3, { size: '27.5' })]);
    const signed = await signatures(N + 20);
    const responses = await Promise.all(
      signed.map((agreement, i) =>
        order(
          [{ categoryId: kind.categoryId, size: kind.size('26.5') }],
          at(10, i % 24),
          at(12, i % 24),
          { agreement },
        ),
      ),
    );
    // Anything but 201 and 409 is shown whole, so a rare failure says what it was.
    expect(
      responses
        .filter((r) => r.statusCode !== 201 && r.statusCode !== 409)
        .map((r) => `${r.statusCode} ${r.body}`),
    ).toEqual([]);
    const won = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
    const lost = responses.filter((r) => r.statusCode === 409).map((r) => r.json().error);
    expect(won).toHaveLength(N);
    expect(lost).toHaveLength(20);
    // Each winner holds its own item of the size asked for.
    const held = won.map((o) => o.items[0].heldBarcodeNumber);
    expect(new Set(held)).toEqual(
      new Set(kind.items.filter((i) => i.size === '26.5').map((i) => i.barcode)),
    );
    for (const o of won)
      expect(o.items[0]).toMatchObject({ size: kind.size('26.5'), sizeLabel: '26.5' });
    for (const error of lost) {
      expect(error).toMatchObject({
        code: 'Equipment:NotAvailable',
        message: `${kind.name} 26.5 在所选时段可租数量不足，目前可租 0 件`,
        data: { index: 0, categoryId: kind.categoryId, size: kind.size('26.5'), free: 0 },
      });
    }
    // Nothing of a refused booking stayed behind, and the other size was never touched.
    const holds = await t.database.db
      .select()
      .from(equipmentUnavailableTimes)
      .where(
        inArray(
          equipmentUnavailableTimes.equipmentId,
          kind.items.map((i) => i.id),
        ),
      );
    expect(holds.map((h) => h.orderId).sort()).toEqual(won.map((o) => o.id).sort());
    const stock = await kindStock(
      t.database.db,
      HOST_TENANT_ID,
      wanlong,
      new Date(at(10)),
      new Date(at(12)),
      [kind.categoryId],
    );
    expect(stock.map((k) => [k.size, k.total, k.free])).toEqual(
      expect.arrayContaining([
        [kind.size('26.5'), 5, 0],
        [kind.size('27.5'), 3, 3],
      ]),
    );
  });

  it('simultaneous orders of two lines each: never more lines than items, never a 500', async () => {
    // Two-line bookings can wait on each other's items; the database ends such a deadlock and
    // the order's transaction runs again.
    const kind = await makeKind(pieces(5, { size: '27.5' }));
    const line = { categoryId: kind.categoryId, size: kind.size('27.5') };
    const signed = await signatures(30);
    const responses = await Promise.all(
      signed.map((agreement, i) =>
        order([line, line], at(15, i % 24), at(17, i % 24), { agreement }),
      ),
    );
    expect(
      responses
        .filter((r) => r.statusCode !== 201 && r.statusCode !== 409)
        .map((r) => `${r.statusCode} ${r.body}`),
    ).toEqual([]);
    const won = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(won).toHaveLength(2);
    expect(new Set(won.flatMap(heldOf)).size).toBe(4);
  });

  it('counts per kind what can be rented and what is free for exactly the window', async () => {
    const now = Date.now();
    const day = (d: number) => new Date(now + d * DAY);
    const kind = await makeKind([
      { size: '26.5', dailyFen: 5000, depositFen: 30000 }, // 01 free
      { size: '26.5' }, // 02 held by an order over the window
      { size: '26.5' }, // 03 held until the window starts
      { size: '26.5' }, // 04 checked out, back before the window
      { size: '26.5' }, // 05 checked out over the window
      { size: '26.5', status: 1 }, // 06 overdue: out, its check-out over
      { size: '26.5', status: 2 }, // 07 damaged
      { size: '26.5', status: 3 }, // 08 lost
      { size: '26.5', status: 4 }, // 09 in transfer
      { size: '26.5', status: 5 }, // 10 scrapped
      { size: '27.5', dailyFen: 7000 }, // 11 another kind
      { size: '26.5', store: stores['太舞小镇店'] }, // 12 another store
    ]);
    const item = (n: number) => kind.items[n - 1]!;
    const lock = (n: number, from: Date, to: Date, source: 'order' | 'manual') =>
      t.database.db.insert(equipmentUnavailableTimes).values({
        tenantId: HOST_TENANT_ID,
        equipmentId: item(n).id,
        startAt: from,
        endAt: to,
        source,
      });
    await lock(2, day(4), day(6), 'order');
    await lock(3, day(1), day(3), 'order');
    await lock(6, day(-3), day(-1), 'manual');
    // Manual check-outs as the counter does them.
    for (const [n, until] of [
      [4, day(2)],
      [5, day(4)],
    ] as const) {
      const out = await call('POST', `/api/app/equipment/stock-out/${item(n).id}`, {
        reason: '借出',
        remarks: '',
        unavailableStartTime: new Date(now - HOUR).toISOString(),
        unavailableEndTime: until.toISOString(),
      });
      expect(out.statusCode, out.body).toBe(200);
    }
    const stockBetween = (from: Date, to: Date) =>
      kindStock(t.database.db, HOST_TENANT_ID, wanlong, from, to, [kind.categoryId]);

    // Days 3 to 5: 02 and 05 are taken; 01, 03 (adjacent) and 04 (back by then) are free.
    expect(await stockBetween(day(3), day(5))).toEqual(
      [
        {
          categoryId: kind.categoryId,
          size: kind.size('26.5'),
          sizeKey: sizeKey(kind.size('26.5')),
          total: 5,
          free: 3,
          minDailyFen: 5000,
          minDepositFen: 30000,
        },
        {
          categoryId: kind.categoryId,
          size: kind.size('27.5'),
          sizeKey: sizeKey(kind.size('27.5')),
          total: 1,
          free: 1,
          minDailyFen: 7000,
          minDepositFen: 40000,
        },
      ].sort((a, b) => a.sizeKey.localeCompare(b.sizeKey)),
    );
    // Day 1 to 2, during the current rentals: only 01 and 02 (held later) are free.
    const during = await stockBetween(day(1), day(2));
    expect(during.find((k) => k.sizeKey === sizeKey(kind.size('26.5')))).toMatchObject({
      total: 5,
      free: 2,
    });
    // The whole store at once gives the same kinds among the others.
    const all = await kindStock(t.database.db, HOST_TENANT_ID, wanlong, day(3), day(5));
    expect(all.filter((k) => k.categoryId === kind.categoryId).map((k) => k.free)).toEqual(
      (await stockBetween(day(3), day(5))).map((k) => k.free),
    );
    expect(sizeKey({ b: '2', a: '1' })).toBe(sizeKey({ a: '1', b: '2' }));
  });

  it('lines of one kind in one order hold different items; one more than is free refuses the whole order', async () => {
    const kind = await makeKind(pieces(2, { size: '26.5' }));
    const line = { categoryId: kind.categoryId, size: kind.size('26.5') };
    const two = await book([line, line], at(20), at(22));
    expect(heldOf(two).sort()).toEqual(kind.items.map((i) => i.barcode));

    const before = await t.database.db.select({ id: orders.id }).from(orders);
    const three = await order([line, line, line], at(30), at(32));
    expect(three.statusCode).toBe(409);
    expect(three.json().error).toMatchObject({
      code: 'Equipment:NotAvailable',
      data: { index: 2, categoryId: kind.categoryId, free: 2 },
    });
    expect(await t.database.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    for (const i of kind.items) expect(await holdsOf(i.id)).toHaveLength(1);

    // In English, and for a line that asks for no size: any size of the category will do.
    const english = await counterOrder(
      'employee',
      {
        storeId: wanlong,
        customerName: '周九',
        customerPhone: '13700001234',
        rentalStartTime: at(21),
        rentalEndTime: at(23),
        items: [{ categoryId: kind.categoryId }],
      },
      'en',
    );
    expect(english.statusCode).toBe(409);
    expect(english.json().error.message).toBe(
      `Not enough ${kind.name} free for these dates: 0 available now`,
    );
  });

  it('preparation takes the held item or an equivalent one, which replaces it; a wrong size is refused', async () => {
    const kind = await makeKind([...pieces(3, { size: '26.5' }), { size: '27.5' }]);
    const [a, b, c, big] = kind.items;
    const mine = await book(
      [{ categoryId: kind.categoryId, size: kind.size('26.5') }],
      at(40),
      at(42),
    );
    const theirs = await book(
      [{ categoryId: kind.categoryId, size: kind.size('26.5') }],
      at(41),
      at(43),
    );
    expect(heldOf(mine)).toEqual([a!.barcode]);
    expect(heldOf(theirs)).toEqual([b!.barcode]);

    const wrongSize = await call('POST', `/api/app/orders/${mine.id}/bind`, {
      barcodes: [big!.barcode],
    });
    expect(wrongSize.statusCode).toBe(422);
    expect(wrongSize.json().error.message).toBe(`设备 ${big!.barcode} 尺码不符，此订单需要：26.5`);
    // Another order's held item is its capacity: not to be taken.
    const taken = await call('POST', `/api/app/orders/${mine.id}/bind`, { barcodes: [b!.barcode] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.data).toMatchObject({ orderId: theirs.id });

    const bound = await call('POST', `/api/app/orders/${mine.id}/bind`, { barcodes: [c!.barcode] });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().items[0]).toMatchObject({
      equipmentId: c!.id,
      barcodeNumber: c!.barcode,
      heldBarcodeNumber: null,
    });
    expect(await holdsOf(a!.id)).toEqual([]);
    expect(await holdsOf(c!.id)).toEqual([{ orderId: mine.id, start: at(40), end: at(42) }]);
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, mine.id));
    expect(line).toMatchObject({ equipmentId: c!.id, heldEquipmentId: null });
    // The released item is free for the window again.
    await book([{ equipmentId: a!.id }], at(40), at(41));
  });

  it('the handover takes the held item as it is, or swaps it for an equivalent one', async () => {
    const kind = await makeKind(pieces(3, { size: '27.5' }));
    const [a, b, c] = kind.items;
    const line = { categoryId: kind.categoryId, size: kind.size('27.5') };
    const first = await book([line], at(50), at(52));
    const second = await book([line], at(50), at(52));
    expect([...heldOf(first), ...heldOf(second)]).toEqual([a!.barcode, b!.barcode]);
    await pay(first);
    await pay(second);

    const asHeld = await call('POST', `/api/app/orders/${first.id}/handover`, {
      barcodes: [a!.barcode],
    });
    expect(asHeld.statusCode, asHeld.body).toBe(200);
    expect(asHeld.json()).toMatchObject({ status: 5 });
    expect(await holdsOf(a!.id)).toEqual([{ orderId: first.id, start: at(50), end: at(52) }]);

    const swapped = await call('POST', `/api/app/orders/${second.id}/handover`, {
      barcodes: [c!.barcode],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().items[0]).toMatchObject({
      barcodeNumber: c!.barcode,
      heldBarcodeNumber: null,
    });
    expect(await holdsOf(b!.id)).toEqual([]);
    expect(await holdsOf(c!.id)).toEqual([{ orderId: second.id, start: at(50), end: at(52) }]);
    expect((await call('GET', `/api/app/equipment/${c!.id}`)).json().status).toBe(1);
    expect((await call('GET', `/api/app/equipment/${b!.id}`)).json().status).toBe(0);
  });

  it('cancelling and the unpaid sweeper release what the lines held', async () => {
    const kind = await makeKind(pieces(2, { size: '26.5' }));
    const line = { categoryId: kind.categoryId, size: kind.size('26.5') };
    const cancelled = await book([line], at(60), at(62));
    const stale = await book([line], at(60), at(62));
    expect(await order([line], at(61), at(63))).toMatchObject({ statusCode: 409 });

    const res = await call('POST', `/api/app/orders/${cancelled.id}/cancel`, {
      reason: '行程有变',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(heldOf(res.json())).toEqual([null]);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * HOUR) })
      .where(eq(orders.id, stale.id));
    expect(await cancelUnpaidOrders(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await get(stale.id)).toMatchObject({ status: 10, items: [{ heldBarcodeNumber: null }] });
    for (const i of kind.items) expect(await holdsOf(i.id)).toEqual([]);
    const stock = await kindStock(
      t.database.db,
      HOST_TENANT_ID,
      wanlong,
      new Date(at(61)),
      new Date(at(63)),
      [kind.categoryId],
    );
    expect(stock[0]).toMatchObject({ total: 2, free: 2 });
    await book([line, line], at(61), at(63));
  });

  it('an extension keeps the held item when it is free for the extra days, else holds another of the kind', async () => {
    const kind = await makeKind(pieces(2, { size: '26.5' }));
    const [a, b] = kind.items;
    const rental = await book(
      [{ categoryId: kind.categoryId, size: kind.size('26.5') }],
      at(70),
      at(72),
    );
    await pay(rental);
    expect(heldOf(rental)).toEqual([a!.barcode]);
    const later = await book([{ equipmentId: a!.id }], at(73), at(75));

    const longer = await call('POST', `/api/app/orders/${rental.id}/extend`, {
      rentalEndTime: at(73),
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(heldOf(longer.json())).toEqual([a!.barcode]);
    expect(await holdsOf(a!.id)).toEqual(
      expect.arrayContaining([{ orderId: rental.id, start: at(70), end: at(73) }]),
    );

    // Item a is booked from day 73: the line moves to b for the whole rental.
    const moved = await call('POST', `/api/app/orders/${rental.id}/extend`, {
      rentalEndTime: at(74),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(heldOf(moved.json())).toEqual([b!.barcode]);
    expect(await holdsOf(a!.id)).toEqual([{ orderId: later.id, start: at(73), end: at(75) }]);
    expect(await holdsOf(b!.id)).toEqual([{ orderId: rental.id, start: at(70), end: at(74) }]);

    // With b booked from day 76 too, nothing of the kind is free to day 77: refused, unchanged.
    await book([{ equipmentId: b!.id }], at(76), at(78));
    const refused = await call('POST', `/api/app/orders/${rental.id}/extend`, {
      rentalEndTime: at(77),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'Equipment:NotAvailable',
      data: { index: 0, categoryId: kind.categoryId, free: 0 },
    });
    expect(await get(rental.id)).toMatchObject({
      rentalEndTime: at(74),
      items: [{ heldBarcodeNumber: b!.barcode }],
    });
    expect(await holdsOf(b!.id)).toEqual(
      expect.arrayContaining([{ orderId: rental.id, start: at(70), end: at(74) }]),
    );
  });

  it('an item held for a booking that breaks or leaves is replaced by another of its kind', async () => {
    const kind = await makeKind(pieces(2, { size: '26.5' }));
    const [a, b] = kind.items;
    const line = { categoryId: kind.categoryId, size: kind.size('26.5') };
    const booking = await book([line], at(85), at(87));
    expect(heldOf(booking)).toEqual([a!.barcode]);
    const damaged = await call('POST', `/api/app/equipment/change-status/${a!.id}`, {
      newStatus: 2,
      reason: '固定器损坏',
      remarks: '',
    });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(heldOf(await get(booking.id))).toEqual([b!.barcode]);
    expect(await holdsOf(a!.id)).toEqual([]);
    expect(await holdsOf(b!.id)).toEqual([{ orderId: booking.id, start: at(85), end: at(87) }]);
    // Nothing else is free: the line keeps its hold on the item sent away.
    const away = await call('POST', `/api/app/equipment/${b!.id}/transfer`, {
      targetStoreId: stores['云顶夜场店'],
      reason: '调拨',
      remarks: '',
    });
    expect(away.statusCode, away.body).toBe(200);
    expect(heldOf(await get(booking.id))).toEqual([b!.barcode]);
  });

  it('an early return of a held item releases it and the line it was held for', async () => {
    const kind = await makeKind(pieces(1, { size: '26.5' }));
    const delivery = await book([{ categoryId: kind.categoryId }], at(80), at(82), {
      deliveryMethod: 'Delivery',
      deliveryAddress: '云顶酒店 1208',
    });
    await pay(delivery);
    const item = kind.items[0]!;
    const res = await call('POST', `/api/app/equipment/early-return/${item.id}`, {
      orderId: delivery.id,
      reason: '客人少来一人',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await holdsOf(item.id)).toEqual([]);
    expect((await get(delivery.id)).items[0]).toMatchObject({
      returnState: 'earlyReturned',
      heldBarcodeNumber: null,
    });
  });

  it('books for a customer at any store, with each line’s pack and rider and the agreement accepted', async () => {
    const taiwu = stores['太舞小镇店']!;
    const kind = await makeKind([{ size: '26.5', store: taiwu }]);
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, HOST_TENANT_ID), eq(users.phoneNumber, '13800138000')));
    const request = {
      server: t.app,
      tenantId: HOST_TENANT_ID,
      headers: {},
      user: {
        id: customer!.id,
        tenantId: HOST_TENANT_ID,
        userName: customer!.userName,
        roles: ['Customer'],
        permissions: [Permissions.CustomerOperations.ViewOrders],
        primaryStoreId: null,
        sessionId: '',
      },
    } as unknown as FastifyRequest;
    const rider = {
      name: '张小三',
      heightCm: 150,
      weightKg: 40,
      age: 10,
      ability: 'I' as const,
      bootSizeMondopoint: 23.5,
      bootSoleLengthMm: 275,
      stance: null,
    };
    const acceptedAt = new Date();
    const created = await new OrdersService(t.database.db, request, 'Asia/Shanghai').create(
      {
        storeId: taiwu,
        orderType: 'Online',
        customerName: '张三',
        customerPhone: '13800138000',
        rentalStartTime: at(90),
        rentalEndTime: at(92),
        deliveryMethod: 'SelfPickup',
        deliveryAddress: '',
        returnMethod: 'SelfReturn',
        returnAddress: '',
        discount: 0,
        remarks: '',
        items: [{ categoryId: kind.categoryId, size: kind.size('26.5') }],
      },
      {
        customerBooking: true,
        lines: [{ packName: '双板全套', riderKey: 'kid', rider }],
        agreement: { version: 'v1', acceptedAt, acceptedFrom: '203.0.113.7' },
      },
    );
    expect(created).toMatchObject({ storeId: taiwu, status: 1, customerId: customer!.id });
    const mine = (await call('GET', `/api/app/orders/${created.id}`, undefined, 'customer')).json();
    expect(mine).toMatchObject({
      agreementVersion: 'v1',
      agreementAcceptedAt: acceptedAt.toISOString(),
      items: [
        {
          heldBarcodeNumber: kind.items[0]!.barcode,
          packName: '双板全套',
          riderKey: 'kid',
          rider: { ...rider, profileId: null },
        },
      ],
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row!.agreementAcceptedFrom).toBe('203.0.113.7');
  });
});
