import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessParameterKey, type Order, type ShiftClose } from '@snowgear/contracts';
import { orders } from '@/db/schema.js';
import { businessDay } from '@/modules/orders/numbering.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { cancelUnpaidOrders } from './sweep.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 2, 1) + days * DAY).toISOString();

interface Item {
  id: string;
  barcodeNumber: string;
}

describe('cash on delivery', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let yunding: string;
  let stock: Item[];
  let today: string;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'driver', 'manager', 'admin']));
    tokens.customer = await customerToken(t);
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    yunding = stores['云顶夜场店']!;
    const day = businessDay(new Date(), 'Asia/Shanghai');
    today = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    const categories = (await call('employee', 'GET', '/api/app/equipment/categories')).json()
      .items as { id: string; name: string }[];
    const kind = categories.find((c) => c.name === '雪镜')!.id;
    stock = [];
    for (let n = 0; n < 6; n++) {
      const res = await call('employee', 'POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: kind,
        name: `货到付款测试 ${n}`,
        barcodeNumber: `COD-${Date.now()}-${n}`,
        dailyRentPrice: 50,
        deposit: 300,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      stock.push(res.json());
    }
    // A driver of another store, and a second driver of this one.
    for (const [userName, name, store] of [
      ['cod-driver-yunding', '云顶司机', yunding],
      ['cod-driver-wanlong', '万龙二号司机', wanlong],
    ] as const) {
      const hired = await call('admin', 'POST', '/api/app/employees', {
        userName,
        password: '1q2w3E*',
        name,
        roles: ['Driver'],
        primaryStoreId: store,
      });
      expect(hired.statusCode, hired.body).toBe(201);
    }
    Object.assign(tokens, await signIn(t.app, csrf, ['cod-driver-yunding', 'cod-driver-wanlong']));
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const get = async (id: string): Promise<Order> =>
    (await call('employee', 'GET', `/api/app/orders/${id}`)).json();
  /** A delivery for the demo customer (their verified number: the order reaches their account). */
  async function deliveryOrder(): Promise<Order & { gear: Item }> {
    const gear = stock.pop()!;
    slot += 3;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: at(slot),
      rentalEndTime: at(slot + 1),
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店 1208',
      items: [{ equipmentId: gear.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...res.json<Order>(), gear };
  }
  const setCashOnDelivery = async (value: string) => {
    const res = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: wanlong,
      values: [{ key: BusinessParameterKey.CashOnDelivery, value }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const dispatch = (as: string, order: { id: string; gear: Item }) =>
    call(as, 'POST', `/api/app/orders/${order.id}/dispatch`, {
      barcodes: [order.gear.barcodeNumber],
    });
  async function doorProof(as = 'driver') {
    const upload = async (businessType: string) =>
      (
        await uploadAs(
          t.app,
          csrf,
          tokens[as]!,
          { businessType },
          { name: 'door.jpg', bytes: await photo(320, 240), type: 'image/jpeg' },
        )
      ).json<{ id: string }>().id;
    return {
      photoFileId: await upload('DeliveryPhoto'),
      signatureFileId: await upload('DeliverySignature'),
      recipientName: '张三',
    };
  }
  /** The driver takes the order's delivery run from the store's pool. */
  const takeRun = async (as: string, id: string) => {
    const res = await call(as, 'POST', `/api/app/orders/${id}/take`, { kind: 'delivery' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const confirmCash = (as: string, billId: string, language?: string) =>
    call(as, 'POST', `/api/app/orders/confirm-cash-received?billId=${billId}`, undefined, language);
  const shiftClose = async () =>
    (await call('manager', 'GET', `/api/app/finance/shift-close?date=${today}`)).json<ShiftClose>();
  const deliver = async (id: string, language?: string) =>
    call('driver', 'POST', `/api/app/orders/${id}/delivered`, await doorProof(), language);
  const checkout = async (id: string) =>
    (await call('customer', 'GET', `/api/app/payments/checkout/${id}`)).json();
  /** Orders backdated past the store's unpaid timeout, as the sweep finds them. */
  const age = (id: string) =>
    t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(orders.id, id));

  it('while the store does not take it, an unpaid delivery is neither paid at the door nor sent out', async () => {
    const order = await deliveryOrder();
    expect(order).toMatchObject({ status: 1, collectOnDelivery: 0, payAtDoorOffered: false });
    expect((await checkout(order.id)).payAtDoor).toBeNull();

    const chosen = await call('customer', 'POST', `/api/app/orders/${order.id}/pay-at-door`);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().error).toMatchObject({
      code: 'Order:PayAtDoorUnavailable',
      message: '本店暂不支持货到付款，请在线支付或到店付款',
    });
    const english = await call(
      'customer',
      'POST',
      `/api/app/orders/${order.id}/pay-at-door`,
      undefined,
      'en-US',
    );
    expect(english.json().error.message).toBe(
      'This store does not take cash on delivery; please pay online or at the store',
    );

    const out = await dispatch('driver', order);
    expect(out.statusCode).toBe(409);
    expect(out.json().error.message).toBe('订单当前状态（待支付）不能出发配送');
    expect((await get(order.id)).status).toBe(1);
  });

  it('the customer chooses to pay at the door: the order waits for delivery, the sweep leaves it, the driver collects before the hand-over, and the cash lands in shift close', async () => {
    await setCashOnDelivery('true');
    const order = await deliveryOrder();
    const due = order.totalAmount;
    expect(order).toMatchObject({ status: 1, payAtDoorOffered: true });
    expect((await checkout(order.id)).payAtDoor).toBe('offered');

    // A counter order is paid at the counter.
    const counter = (
      await counterOrder('employee', {
        storeId: wanlong,
        customerName: '张三',
        customerPhone: '13800138000',
        rentalStartTime: at(200),
        rentalEndTime: at(201),
        items: [{ equipmentId: stock.pop()!.id }],
      })
    ).json<Order>();
    expect(counter.payAtDoorOffered).toBe(false);
    const notDelivered = await call(
      'customer',
      'POST',
      `/api/app/orders/${counter.id}/pay-at-door`,
    );
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().error.message).toBe('只有送货上门的订单可以货到付款');

    // Chosen, twice (a retry): waiting for delivery, the payment open for the driver.
    const chosen = await call('customer', 'POST', `/api/app/orders/${order.id}/pay-at-door`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const again = await call('customer', 'POST', `/api/app/orders/${order.id}/pay-at-door`);
    expect(again.statusCode).toBe(200);
    const waiting = await get(order.id);
    expect(waiting).toMatchObject({
      status: 2,
      paidAmount: 0,
      collectOnDelivery: due,
      payAtDoorOffered: false,
      payBefore: null,
      bills: [expect.objectContaining({ kind: 'payment', status: 'pending', amount: due })],
    });
    expect(waiting.timeline.filter((e) => e.message.includes('货到付款'))).toEqual([
      expect.objectContaining({ message: `选择货到付款，送达时收取 ¥${due.toFixed(2)}` }),
    ]);
    expect((await checkout(order.id)).payAtDoor).toBe('chosen');
    // The store's list says so too, under waiting for delivery.
    const listed = (
      await call('employee', 'GET', `/api/app/orders?status=2,3&keyword=${order.orderNumber}`)
    ).json().items;
    expect(listed).toEqual([
      expect.objectContaining({ id: order.id, collectOnDelivery: due, paidAmount: 0 }),
    ]);
    // Not a deposit the store holds yet.
    const finance = async () =>
      (await call('manager', 'GET', `/api/app/finance/summary?from=${today}&to=${today}`)).json<{
        depositsHeldOrders: number;
      }>().depositsHeldOrders;
    const heldBefore = await finance();

    // Without a pickup at the store unless it is paid first.
    const toCounter = await call('employee', 'PUT', `/api/app/orders/${order.id}/delivery-method`, {
      deliveryMethod: 'SelfPickup',
      deliveryAddress: '',
      returnMethod: 'SelfReturn',
      returnAddress: '',
    });
    expect(toCounter.statusCode).toBe(409);
    expect(toCounter.json().error.code).toBe('Order:PayAtDoorUnavailable');

    // The sweep releases unpaid orders past the timeout, not this one.
    const forgotten = await deliveryOrder();
    await age(order.id);
    await age(forgotten.id);
    expect(await cancelUnpaidOrders(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await get(forgotten.id)).status).toBe(10);
    expect((await get(order.id)).status).toBe(2);

    // Out for delivery; at the door the hand-over waits for the money.
    expect((await dispatch('driver', order)).statusCode).toBe(200);
    const refused = await deliver(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'Order:NotPaidAtDoor',
      message: `货到付款 ¥${due.toFixed(2)} 尚未收取：请先收取现金或请顾客扫码支付，再确认送达`,
    });
    expect((await deliver(order.id, 'en-US')).json().error.message).toBe(
      `Cash on delivery: ¥${due.toFixed(2)} is not collected yet. Take the cash or let the customer scan to pay, then confirm the delivery`,
    );
    expect(await get(order.id)).toMatchObject({ status: 3, deliveredAt: null });

    // A driver of another store cannot take it; the driver who has the run does.
    const billId = waiting.bills[0]!.id;
    const stranger = await confirmCash('cod-driver-yunding', billId);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.code).toBe('Order:BelongsToAnotherStore');
    await takeRun('driver', order.id);
    const cash = await confirmCash('driver', billId);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ status: 'paid', method: 'cash', orderStatus: 3 });
    expect(await get(order.id)).toMatchObject({ collectOnDelivery: 0, paidAmount: due });
    // Now a deposit held.
    expect(await finance()).toBe(heldBefore + 1);

    const delivered = await deliver(order.id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 4, deliveryRecipient: '张三' });

    // The driver's takings, on a line of their own.
    const close = await shiftClose();
    const driverLine = close.clerks.find((c) => c.isDriver && c.name !== '万龙二号司机');
    expect(driverLine?.bills).toContainEqual(
      expect.objectContaining({ billId, orderId: order.id, kind: 'payment', amount: due }),
    );
  });

  it('only the driver who has the run takes its cash: another driver of the store is refused, and nothing lands in their shift close', async () => {
    const order = await deliveryOrder();
    expect(
      (await call('customer', 'POST', `/api/app/orders/${order.id}/pay-at-door`)).statusCode,
    ).toBe(200);
    expect((await dispatch('driver', order)).statusCode).toBe(200);
    const billId = order.bills[0]!.id;
    const pending = async () => (await get(order.id)).bills.find((b) => b.id === billId)?.status;

    // While the run waits in the pool, no driver takes its cash.
    const pooled = await confirmCash('driver', billId);
    expect(pooled.statusCode).toBe(403);
    expect(pooled.json().error.code).toBe('Order:CashNotYourRun');

    // The store gives the run to the demo driver; their colleague is refused, in both languages.
    const drivers = (await call('employee', 'GET', '/api/app/deliveries/drivers')).json<{
      items: { id: string; name: string }[];
    }>().items;
    const demoDriver = drivers.find((d) => d.name !== '万龙二号司机')!;
    const given = await call('employee', 'PUT', `/api/app/orders/${order.id}/driver`, {
      kind: 'delivery',
      driverId: demoDriver.id,
    });
    expect(given.statusCode, given.body).toBe(200);
    const colleague = await confirmCash('cod-driver-wanlong', billId);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error).toMatchObject({
      code: 'Order:CashNotYourRun',
      message:
        '这单的配送或取件不由您负责：只有接单的司机或门店可以确认收到现金。任务还在待接单时，请先接单',
    });
    expect((await confirmCash('cod-driver-wanlong', billId, 'en-US')).json().error.message).toBe(
      'This order’s delivery or pickup is not your run: only the driver who has it, or the store, confirms its cash. If the run is still in the open pool, take it first',
    );
    expect(await pending()).toBe('pending');
    const colleagueLine = () =>
      shiftClose().then((close) => ({
        line: close.clerks.find((c) => c.name === '万龙二号司机'),
        bills: close.clerks.flatMap((c) => c.bills).filter((b) => b.billId === billId),
      }));
    expect(await colleagueLine()).toEqual({ line: undefined, bills: [] });

    // The driver who has the run takes it, and it lands on their line.
    const cash = await confirmCash('driver', billId);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ status: 'paid', method: 'cash' });
    const close = await shiftClose();
    const holder = close.clerks.find((c) => c.bills.some((b) => b.billId === billId));
    expect(holder).toMatchObject({ clerkId: demoDriver.id, isDriver: true });
    expect(close.clerks.find((c) => c.name === '万龙二号司机')).toBeUndefined();
  });

  it('an unpaid delivery of such a store may also go straight out, and is collected the same way', async () => {
    const order = await deliveryOrder();
    const out = await dispatch('driver', order);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ status: 3, collectOnDelivery: order.totalAmount });
    await age(order.id);
    await cancelUnpaidOrders(t.database.db);
    expect((await get(order.id)).status).toBe(3);
    expect((await deliver(order.id)).json().error.code).toBe('Order:NotPaidAtDoor');

    // Switched off again: what is already out is still collected at the door.
    await setCashOnDelivery('false');
    const bill = order.bills[0]!;
    await takeRun('driver', order.id);
    expect((await confirmCash('driver', bill.id)).statusCode).toBe(200);
    expect((await deliver(order.id)).statusCode).toBe(200);
  });

  it('a dispatch paid at the door and a change to pickup at the store, sent together: the order never goes out as a pickup at the store', async () => {
    await setCashOnDelivery('true');
    // PGlite runs one statement at a time: there the two never overlap, PostgreSQL shows the race.
    const tries = testDatabaseKind === 'postgres' ? 12 : 2;
    const kind = (await call('employee', 'GET', '/api/app/equipment/categories'))
      .json<{ items: { id: string; name: string }[] }>()
      .items.find((c) => c.name === '雪镜')!.id;
    for (let i = 0; i < tries; i++) {
      const made = await call('employee', 'POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: kind,
        name: `货到付款改自取 ${i}`,
        barcodeNumber: `COD-PICKUP-${Date.now()}-${i}`,
        dailyRentPrice: 50,
        deposit: 300,
        attributes: [],
      });
      expect(made.statusCode, made.body).toBe(201);
      stock.push(made.json<Item>());
      const order = await deliveryOrder();
      await takeRun('driver', order.id);
      const toStore = () =>
        call('employee', 'PUT', `/api/app/orders/${order.id}/delivery-method`, {
          deliveryMethod: 'SelfPickup',
          deliveryAddress: '',
          returnMethod: 'SelfReturn',
          returnAddress: '',
        });
      const [out, changed] = await Promise.all([dispatch('driver', order), toStore()]);
      expect(out.statusCode, out.body).toBeLessThan(500);
      expect(changed.statusCode, changed.body).toBeLessThan(500);
      const after = await get(order.id);
      // Out for delivery means a delivery, with its cash taken at the door; a pickup at the
      // store waits, unpaid, for the counter.
      if (after.status === 3) expect(after.deliveryMethod).toBe('Delivery');
      else expect(after).toMatchObject({ status: 1, deliveryMethod: 'SelfPickup' });
      expect([out.statusCode, changed.statusCode].filter((s) => s === 200)).toHaveLength(1);
    }
  }, 120_000);
});
