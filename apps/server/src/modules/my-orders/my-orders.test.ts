import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  payInSandbox,
  customerToken,
  phoneSignIn,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { multipart, photo } from '@/modules/files/test-upload.js';

const DAY = 86_400_000;
/** Bookings lie within a few years of now: these book the year after next. */
const YEAR = new Date().getUTCFullYear() + 2;
const at = (days: number) => new Date(Date.UTC(YEAR, 0, 10) + days * DAY).toISOString();

interface Order {
  id: string;
  status: number;
  rentalEndTime: string;
  returnMethod: string;
  returnAddress: string;
  totalAmount: number;
  selfReturnAt: string | null;
  items: {
    id: string;
    barcodeNumber: string | null;
    dailyPrice: number;
    deposit: number;
    selfReturnCheck: string | null;
    selfReturnPhotoId: string | null;
  }[];
  feeItems: { kind: string; amount: number; description: string }[];
  bills: { id: string; kind: string; status: string; amount: number; method: string | null }[];
  timeline: { message: string }[];
}

describe("the customer's own orders: cancel, extend, self-return", () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let free: { id: string; barcodeNumber: string }[];
  let next = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'admin']));
    tokens.customer = await customerToken(t);
    const other = await phoneSignIn(t, csrf, { phoneNumber: '13612349876', realName: '赵六' });
    tokens.other = other.json<{ accessToken: string }>().accessToken;
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    free = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json<{ items: { id: string; barcodeNumber: string }[] }>().items;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const get = async (id: string) =>
    (await call('customer', 'GET', `/api/app/orders/${id}`)).json<Order>();

  /** A counter order for the demo customer's verified phone: it is theirs. */
  async function booked(items = 1, from = 0, days = 2) {
    const gear = free.slice(next, next + items);
    next += items;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: at(from),
      rentalEndTime: at(from + days),
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    expect(res.statusCode).toBe(201);
    return { order: res.json<Order>(), gear };
  }

  /** Pays a bill through the sandbox cashier, as the customer's phone would. */
  const pay = (billId: string) => payInSandbox(t.app, csrf, billId);

  async function paidOrder(items = 1, from = 0) {
    const { order, gear } = await booked(items, from);
    await pay(order.bills[0]!.id);
    return { order: await get(order.id), gear };
  }

  async function uploadPhoto(as: string) {
    const body = multipart(
      { businessType: 'SelfReturnPhoto' },
      { name: 'gear.jpg', bytes: await photo(640, 480), type: 'image/jpeg' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: body.payload,
      headers: { ...csrf, 'content-type': body.contentType, authorization: `Bearer ${tokens[as]}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }

  it('cancels a paid booking and sends the money back the way it came', async () => {
    const { order } = await paidOrder();
    expect(order.status).toBe(11);
    // Paid: the payment page sends the order's customer to the order, anyone else to its code.
    const checkout = (as?: string) =>
      t.app.inject({
        url: `/api/app/payments/checkout/${order.id}`,
        headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
      });
    expect((await checkout('customer')).json()).toMatchObject({ isMine: true, due: [] });
    expect((await checkout('other')).json()).toMatchObject({ isMine: false });
    expect((await checkout()).json()).toMatchObject({ isMine: false });

    const stranger = await call('other', 'POST', `/api/app/my-orders/${order.id}/cancel`, {});
    expect(stranger.statusCode).toBe(404);

    const res = await call('customer', 'POST', `/api/app/my-orders/${order.id}/cancel`, {});
    expect(res.statusCode).toBe(200);
    const cancelled = res.json<Order>();
    expect(cancelled.status).toBe(10);
    expect(cancelled.bills.find((b) => b.kind === 'refund')).toMatchObject({
      status: 'paid',
      method: 'wechat',
      amount: order.totalAmount,
    });
    expect(cancelled.timeline.map((e) => e.message)).toContain('取消订单：客户自行取消');

    const again = await call('customer', 'POST', `/api/app/my-orders/${order.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
  });

  it('refuses to cancel once the gear is out, with the reason', async () => {
    const { order, gear } = await paidOrder();
    await call('employee', 'POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    const res = await call('customer', 'POST', `/api/app/my-orders/${order.id}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('使用中');
    expect((await get(order.id)).status).toBe(5);
  });

  it('extends by a day for the price of the day, paid online, and refuses when the gear is booked after', async () => {
    const { order, gear } = await paidOrder(1, 20);
    const res = await call('customer', 'POST', `/api/app/my-orders/${order.id}/extend`, {
      days: 1,
    });
    expect(res.statusCode).toBe(200);
    const extended = res.json<Order>();
    expect(new Date(extended.rentalEndTime).getTime()).toBe(
      new Date(order.rentalEndTime).getTime() + DAY,
    );
    const supplement = extended.bills.find(
      (b) => b.kind === 'supplement' && b.status === 'pending',
    );
    expect(supplement?.amount).toBe(order.items[0]!.dailyPrice);
    await pay(supplement!.id);
    expect((await get(order.id)).bills.find((b) => b.id === supplement!.id)?.status).toBe('paid');

    // Someone books the same item from the day after the new end.
    const after = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '钱七',
      customerPhone: '13700005678',
      rentalStartTime: extended.rentalEndTime,
      rentalEndTime: at(26),
      items: [{ equipmentId: gear[0]!.id }],
    });
    expect(after.statusCode).toBe(201);
    const refused = await call(
      'customer',
      'POST',
      `/api/app/my-orders/${order.id}/extend`,
      { days: 1 },
      'en',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect((await get(order.id)).rentalEndTime).toBe(extended.rentalEndTime);

    const tooMany = await call('customer', 'POST', `/api/app/my-orders/${order.id}/extend`, {
      days: 15,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('takes a self-return, which the store checks in and settles with the deposit sent back online', async () => {
    const { order, gear } = await paidOrder(2, 40);
    const handed = await call('employee', 'POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    expect(handed.statusCode).toBe(200);
    const [first, second] = order.items;
    const photos = [await uploadPhoto('customer'), await uploadPhoto('customer')];
    const url = `/api/app/my-orders/${order.id}/self-return`;
    const entry = (i: number, extra: object = {}) => ({
      orderItemId: order.items[i]!.id,
      check: 'scanned',
      barcode: gear[i]!.barcodeNumber,
      photoFileId: photos[i],
      ...extra,
    });

    // Every item still out, each with its own label and a photo of the customer's.
    const oneMissing = await call('customer', 'POST', url, {
      items: [entry(0)],
      returnMethod: 'SelfReturn',
    });
    expect(oneMissing.statusCode).toBe(400);
    expect(oneMissing.json().error.message).toContain(gear[1]!.barcodeNumber);
    const wrongLabel = await call('customer', 'POST', url, {
      items: [entry(0, { barcode: gear[1]!.barcodeNumber }), entry(1)],
      returnMethod: 'SelfReturn',
    });
    expect(wrongLabel.statusCode).toBe(400);
    const theirPhoto = await uploadPhoto('other');
    const notMine = await call('customer', 'POST', url, {
      items: [entry(0, { photoFileId: theirPhoto }), entry(1)],
      returnMethod: 'SelfReturn',
    });
    expect(notMine.statusCode).toBe(400);
    const noAddress = await call('customer', 'POST', url, {
      items: [entry(0), entry(1, { check: 'ticked', barcode: '' })],
      returnMethod: 'Pickup',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(
      await call('other', 'POST', url, { items: [entry(0), entry(1)], returnMethod: 'SelfReturn' }),
    ).toHaveProperty('statusCode', 404);
    expect((await get(order.id)).status).toBe(5);

    const res = await call('customer', 'POST', url, {
      items: [entry(0), entry(1, { check: 'ticked', barcode: '' })],
      returnMethod: 'Pickup',
      returnAddress: '万龙度假酒店 1208',
    });
    expect(res.statusCode).toBe(200);
    const pending = res.json<Order>();
    expect(pending).toMatchObject({
      status: 7,
      returnMethod: 'Pickup',
      returnAddress: '万龙度假酒店 1208',
    });
    expect(pending.selfReturnAt).not.toBeNull();
    expect(pending.items.map((i) => i.selfReturnCheck)).toEqual(['scanned', 'ticked']);
    // The store's pickup fee (global 30) comes out of the deposit.
    expect(pending.totalAmount).toBe(order.totalAmount + 30);
    expect(pending.timeline.at(-1)!.message).toBe('客户自助归还 2 件：上门取件 万龙度假酒店 1208');

    // The store's workspace lists it, and its staff see the photos; another customer does not.
    const waiting = (
      await call('employee', 'GET', `/api/app/orders?selfReturn=true&maxResultCount=50`)
    ).json<{ items: { id: string }[] }>();
    expect(waiting.items.map((o) => o.id)).toContain(order.id);
    const photoOf = (as: string) =>
      t.app.inject({
        url: `/api/files/download/${pending.items[0]!.selfReturnPhotoId}`,
        headers: { authorization: `Bearer ${tokens[as]}` },
      });
    expect((await photoOf('employee')).statusCode).toBe(200);
    expect((await photoOf('other')).statusCode).toBe(404);

    // A second submission is refused: the gear is already on its way back.
    expect(
      (
        await call('customer', 'POST', url, {
          items: [entry(0), entry(1)],
          returnMethod: 'SelfReturn',
        })
      ).statusCode,
    ).toBe(409);

    // The store checks each item in; the last settles and the rest of the deposit goes back.
    await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: first!.id, state: 'returned' }],
    });
    const settled = (
      await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
        items: [{ orderItemId: second!.id, state: 'damaged', damageFee: 20 }],
      })
    ).json<Order>();
    const deposits = order.items.reduce((sum, i) => sum + i.deposit, 0);
    expect(settled.bills.find((b) => b.kind === 'refund')).toMatchObject({
      status: 'paid',
      method: 'wechat',
      amount: deposits - 30 - 20,
    });
    expect(settled.status).toBe(9);
    const mine = await get(order.id);
    expect(mine.timeline.some((e) => e.message.startsWith('原路退款'))).toBe(true);
    const stillWaiting = (
      await call('employee', 'GET', `/api/app/orders?selfReturn=true&maxResultCount=50`)
    ).json<{ items: { id: string }[] }>();
    expect(stillWaiting.items.map((o) => o.id)).not.toContain(order.id);
  });

  it('is for customers only', async () => {
    const { order } = await booked(1, 60);
    const staff = await call('employee', 'POST', `/api/app/my-orders/${order.id}/cancel`, {});
    expect(staff.statusCode).toBe(403);
    expect((await get(order.id)).status).toBe(1);
  });
});
