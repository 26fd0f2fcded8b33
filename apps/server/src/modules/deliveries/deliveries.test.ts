import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photo } from '@/modules/files/test-upload.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Item {
  id: string;
  barcodeNumber: string;
  deposit: number;
}
interface Task {
  orderId: string;
  kind: string;
  driverId: string | null;
  driverName: string | null;
  address: string;
  customerPhone: string;
  items: { name: string; barcodeNumber: string | null }[];
  toCollect: number;
  doneAt: string | null;
}

const DAY = 86_400_000;

describe('delivery and pickup runs', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let goggles: string;
  let driverId: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager', 'driver', 'admin']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const categories = (await call('employee', 'GET', '/api/app/equipment/categories')).json<{
      items: { id: string; name: string }[];
    }>().items;
    goggles = categories.find((c) => c.name === '雪镜')!.id;
    driverId = (await call('driver', 'GET', '/api/app/account/my-profile')).json<{ id: string }>()
      .id;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);

  let made = 0;
  async function newItem(): Promise<Item> {
    made += 1;
    const res = await call('employee', 'POST', '/api/app/equipment', {
      storeId: wanlong,
      categoryId: goggles,
      name: `配送测试雪镜 ${made}`,
      barcodeNumber: `RUN-${Date.now()}-${made}`,
      dailyRentPrice: 20,
      deposit: 200,
      attributes: [],
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** When the last delivery order made here starts. */
  let startedAt = 0;

  /** A paid order delivered to a hotel and picked up there, starting `startInDays` from now. */
  async function deliveryOrder(items: Item[], startInDays: number, customerPhone = '13800005566') {
    const start = Date.now() + startInDays * DAY;
    startedAt = start;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '配送客户',
      customerPhone,
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 2 * DAY).toISOString(),
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店 802',
      returnMethod: 'Pickup',
      returnAddress: '万龙酒店 802',
      items: items.map((i) => ({ equipmentId: i.id })),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<{ id: string; bills: { id: string }[] }>();
    for (const bill of order.bills) {
      await call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    return order.id;
  }

  async function upload(as: string, businessType: string) {
    const body = multipart(
      { businessType },
      { name: 'door.jpg', bytes: await photo(640, 480), type: 'image/jpeg' },
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

  const tasks = async (as: string, query: string) =>
    (await call(as, 'GET', `/api/app/deliveries/tasks?${query}`)).json<{
      items: Task[];
      totalCount: number;
    }>();

  it("gives a counter delivery the store's window its start opens, as a customer's booking has", async () => {
    // Tomorrow on the store's clock (万龙 opens 07:30–18:00: two-hour windows from 07:30).
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + DAY).toISOString().slice(0, 10);
    const at = (clock: string) => new Date(`${tomorrow}T${clock}:00+08:00`).toISOString();
    const order = async (start: string) => {
      const res = await counterOrder('employee', {
        storeId: wanlong,
        customerName: '窗口客户',
        customerPhone: '13800007788',
        rentalStartTime: start,
        rentalEndTime: new Date(new Date(start).getTime() + DAY).toISOString(),
        deliveryMethod: 'Delivery',
        deliveryAddress: '万龙酒店 805',
        returnMethod: 'SelfReturn',
        items: [{ equipmentId: (await newItem()).id }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ deliveryWindowEnd: string | null }>();
    };
    expect((await order(at('09:30'))).deliveryWindowEnd).toBe(at('11:30'));
    // A start between windows opens its own two hours.
    expect((await order(at('10:00'))).deliveryWindowEnd).toBe(at('12:00'));
    // After the last window opened (15:30–17:30): a time the clerk agreed, no window.
    expect((await order(at('19:00'))).deliveryWindowEnd).toBeNull();
  });

  it('delivers: the run waits in the pool, is given to a driver, goes out by scan and is signed for at the door', async () => {
    const gear = [await newItem(), await newItem()];
    const orderId = await deliveryOrder(gear, 0.5);

    // In the open pool: the driver sees it, with what is needed at the door.
    const pool = await tasks('driver', 'kind=delivery&state=todo&assigned=pool&maxResultCount=100');
    const task = pool.items.find((x) => x.orderId === orderId)!;
    expect(task).toMatchObject({
      kind: 'delivery',
      driverId: null,
      address: '万龙酒店 802',
      customerPhone: '13800005566',
      toCollect: 0,
    });
    expect(task.items.map((i) => i.barcodeNumber)).toEqual(gear.map((g) => g.barcodeNumber));

    // The manager gives it to the driver; another driver's taking it is then refused.
    const assigned = await call('manager', 'PUT', `/api/app/orders/${orderId}/driver`, {
      kind: 'delivery',
      driverId,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().deliveryDriver).toMatchObject({ id: driverId });
    const mine = await tasks('driver', 'kind=delivery&assigned=mine&maxResultCount=100');
    expect(mine.items.some((x) => x.orderId === orderId)).toBe(true);
    const taken = await call('manager', 'POST', `/api/app/orders/${orderId}/take`, {
      kind: 'delivery',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('Delivery:TaskTaken');
    // Only drivers of the order's store; drivers do not hand runs out.
    expect(
      (
        await call('manager', 'PUT', `/api/app/orders/${orderId}/driver`, {
          kind: 'delivery',
          driverId: (await call('manager', 'GET', '/api/app/account/my-profile')).json().id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('driver', 'PUT', `/api/app/orders/${orderId}/driver`, {
          kind: 'delivery',
          driverId: null,
        })
      ).statusCode,
    ).toBe(403);

    // Today: it is due within hours (when those hours are still today in the store's zone).
    const today = (await call('driver', 'GET', '/api/app/deliveries/today')).json();
    const day = (ms: number) =>
      new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
    if (day(startedAt) === day(Date.now())) expect(today.deliveries.todo).toBeGreaterThanOrEqual(1);

    // Loaded by scan, then at the door: without proof the driver is refused.
    const dispatched = await call('driver', 'POST', `/api/app/orders/${orderId}/dispatch`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    expect(dispatched.json().status).toBe(3);
    const bare = await call('driver', 'POST', `/api/app/orders/${orderId}/delivered`, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe('请拍摄交付照片并请签收人签名后再确认送达');
    // Someone else's upload is no proof.
    const notTheirs = await upload('employee', 'DeliveryPhoto');
    const signature = await upload('driver', 'DeliverySignature');
    const forged = await call('driver', 'POST', `/api/app/orders/${orderId}/delivered`, {
      photoFileId: notTheirs,
      signatureFileId: signature,
    });
    expect(forged.statusCode).toBe(400);

    const doorPhoto = await upload('driver', 'DeliveryPhoto');
    const delivered = await call('driver', 'POST', `/api/app/orders/${orderId}/delivered`, {
      photoFileId: doorPhoto,
      signatureFileId: signature,
      recipientName: '王女士',
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({
      status: 4,
      deliveryPhotoId: doorPhoto,
      deliverySignatureId: signature,
      deliveryRecipient: '王女士',
      deliveredAt: expect.any(String),
    });
    expect(delivered.json().timeline.at(-1).message).toBe('已送达 万龙酒店 802 · 签收人 王女士');
    // The store reads the proof; the run is done.
    const proof = await call('employee', 'GET', `/api/files/download/${signature}`);
    expect(proof.statusCode).toBe(200);
    const done = await tasks('driver', 'kind=delivery&state=done&maxResultCount=100');
    expect(done.items.find((x) => x.orderId === orderId)?.doneAt).toEqual(expect.any(String));
    const stillTodo = await tasks('driver', 'kind=delivery&state=todo&maxResultCount=100');
    expect(stillTodo.items.some((x) => x.orderId === orderId)).toBe(false);
  });

  it('picks up: each item fine, damaged or lost at the door; the store’s check-in charges the damage', async () => {
    const [fine, broken] = [await newItem(), await newItem()];
    const orderId = await deliveryOrder([fine, broken], 0);
    await call('driver', 'POST', `/api/app/orders/${orderId}/dispatch`, {
      barcodes: [fine.barcodeNumber, broken.barcodeNumber],
    });
    // The store confirms for a driver whose phone died: no proof needed, the rental has begun.
    const confirmed = await call('employee', 'POST', `/api/app/orders/${orderId}/delivered`, {
      remarks: '司机手机没电，电话确认',
    });
    expect(confirmed.json().status).toBe(5);

    // The driver takes the pickup from the pool.
    const took = await call('driver', 'POST', `/api/app/orders/${orderId}/take`, {
      kind: 'pickup',
    });
    expect(took.json().pickupDriver).toMatchObject({ id: driverId });
    const order = took.json<{ items: { id: string; equipmentId: string }[] }>();
    const line = (item: Item) => order.items.find((i) => i.equipmentId === item.id)!.id;

    // Every item must be accounted for; damaged needs a photo and remarks.
    const partial = await call('driver', 'POST', `/api/app/orders/${orderId}/pickup`, {
      items: [{ orderItemId: line(fine), condition: 'fine' }],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toContain(broken.barcodeNumber);
    const noPhoto = await call('driver', 'POST', `/api/app/orders/${orderId}/pickup`, {
      items: [
        { orderItemId: line(fine), condition: 'fine' },
        { orderItemId: line(broken), condition: 'damaged', remarks: '板刃崩口' },
      ],
    });
    expect(noPhoto.statusCode).toBe(400);

    const damagePhoto = await upload('driver', 'DeliveryPhoto');
    const picked = await call('driver', 'POST', `/api/app/orders/${orderId}/pickup`, {
      items: [
        { orderItemId: line(fine), condition: 'fine' },
        {
          orderItemId: line(broken),
          condition: 'damaged',
          photoFileId: damagePhoto,
          remarks: '镜片裂开',
        },
      ],
    });
    expect(picked.statusCode).toBe(200);
    const after = picked.json();
    expect(after).toMatchObject({ status: 7, pickedUpAt: expect.any(String) });
    const brokenLine = after.items.find(
      (i: { equipmentId: string }) => i.equipmentId === broken.id,
    );
    expect(brokenLine).toMatchObject({
      pickupState: 'damaged',
      pickupPhotoId: damagePhoto,
      pickupRemarks: '镜片裂开',
    });
    expect(after.timeline.at(-1).message).toBe(`${broken.barcodeNumber} 取件时损坏：镜片裂开`);
    // The item is damaged at once, and its history says the driver marked it.
    const gear = (await call('employee', 'GET', `/api/app/equipment/${broken.id}`)).json();
    expect(gear.status).toBe(2);
    const history = (
      await call('employee', 'GET', `/api/app/equipment/equipment-operation-history/${broken.id}`)
    ).json();
    expect(history.items[0]).toMatchObject({ reason: '司机标记损坏', remarks: '镜片裂开' });
    // Collected once only.
    const again = await call('driver', 'POST', `/api/app/orders/${orderId}/pickup`, {
      items: [{ orderItemId: line(fine), condition: 'fine' }],
    });
    expect(again.statusCode).toBe(409);

    // At the store: the damaged item is charged from the deposit, the rest refunded.
    const returned = await call('employee', 'POST', `/api/app/orders/${orderId}/return`, {
      items: [
        { orderItemId: line(fine), state: 'returned', damageFee: 0 },
        { orderItemId: line(broken), state: 'damaged', damageFee: 150 },
      ],
    });
    expect(returned.statusCode).toBe(200);
    const settled = returned.json();
    expect(settled.bills.at(-1)).toMatchObject({
      kind: 'refund',
      amount: fine.deposit + broken.deposit - 150,
    });
  });

  it('keeps drivers to their runs: the pool and their own, not another driver’s', async () => {
    const orderId = await deliveryOrder([await newItem()], 3);
    const managerId = (await call('manager', 'GET', '/api/app/account/my-profile')).json().id;
    // The manager drives this one (a manager may hold runs too, through the pool).
    await call('manager', 'POST', `/api/app/orders/${orderId}/take`, { kind: 'delivery' });
    const seen = await tasks('driver', 'kind=delivery&state=todo&maxResultCount=100');
    expect(seen.items.some((x) => x.orderId === orderId)).toBe(false);
    // The store's staff see every run, with who has it.
    const all = await tasks('employee', 'kind=delivery&state=todo&maxResultCount=100');
    expect(all.items.find((x) => x.orderId === orderId)).toMatchObject({ driverId: managerId });
    // Back to the pool, and the driver sees it again.
    await call('employee', 'PUT', `/api/app/orders/${orderId}/driver`, {
      kind: 'delivery',
      driverId: null,
    });
    const back = await tasks('driver', 'kind=delivery&state=todo&assigned=pool&maxResultCount=100');
    expect(back.items.some((x) => x.orderId === orderId)).toBe(true);
    // A counter order has no run to give.
    const counter = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '柜台客户',
      customerPhone: '13800005567',
      rentalStartTime: new Date(Date.now() + 5 * DAY).toISOString(),
      rentalEndTime: new Date(Date.now() + 6 * DAY).toISOString(),
      items: [{ equipmentId: (await newItem()).id }],
    });
    const refused = await call('driver', 'POST', `/api/app/orders/${counter.json().id}/take`, {
      kind: 'delivery',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('这个订单没有配送任务');
  });
  it('names the driver as the order does: by name for the store, by role for the customer', async () => {
    // The driver's name was changed since they joined: their first name stays on file beside it.
    const before = (await call('admin', 'GET', `/api/app/employees/${driverId}`)).json<{
      name: string;
      phoneNumber: string | null;
      email: string | null;
      roles: string[];
      primaryStoreId: string | null;
    }>();
    const rename = (name: string) =>
      call('admin', 'PUT', `/api/app/employees/${driverId}`, {
        name,
        phoneNumber: before.phoneNumber,
        email: before.email,
        roles: before.roles,
        primaryStoreId: before.primaryStoreId,
      });
    expect((await rename('赵建国')).statusCode).toBe(200);
    try {
      // The demo customer's own order, delivered to their hotel.
      const orderId = await deliveryOrder([await newItem()], 4, '13800138000');
      const taken = await call('driver', 'POST', `/api/app/orders/${orderId}/take`, {
        kind: 'delivery',
      });
      expect(taken.statusCode).toBe(200);
      const order = taken.json<{
        deliveryDriver: { name: string };
        timeline: { message: string; operatorName: string }[];
      }>();
      expect(order.deliveryDriver.name).toBe('赵建国');
      expect(order.timeline.at(-1)).toMatchObject({
        message: '配送司机：赵建国',
        operatorName: '赵建国',
      });
      const shown = (await call('employee', 'GET', `/api/app/orders/${orderId}`)).json<
        typeof order
      >();
      expect(shown.deliveryDriver.name).toBe(shown.timeline.at(-1)!.operatorName);

      // The customer reads every member of staff by role, the driver's line included.
      const customer = await t.app.inject({
        method: 'GET',
        url: `/api/app/orders/${orderId}`,
        headers: { authorization: `Bearer ${await customerToken(t)}`, 'accept-language': 'zh-CN' },
      });
      expect(customer.statusCode).toBe(200);
      expect(customer.body).not.toContain('赵建国');
      expect(customer.body).not.toContain('赵师傅');
      const mine = customer.json<typeof order>();
      expect(mine.deliveryDriver.name).toBe('司机');
      expect(mine.timeline.at(-1)).toMatchObject({
        message: '已安排配送司机',
        operatorName: '司机',
      });
    } finally {
      await rename(before.name);
    }
  });
});
