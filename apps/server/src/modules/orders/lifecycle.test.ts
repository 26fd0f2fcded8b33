import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import { cancelUnpaidOrders, startDeliveredRentals } from './sweep.js';

interface Item {
  id: string;
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
  categoryId: string;
  name: string;
}

const DAY = 86_400_000;
/** Bookings lie within a few years of now: the tests book next year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 1, 1) + days * DAY).toISOString();

describe('order lifecycle', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let inStock: Item[];
  let next = 0;
  const take = () => inStock[next++]!;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'driver', 'multi']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    // Stock of its own, in two kinds without required sizes: how much demo stock is free
    // depends on the hour (a demo line booked by kind holds one of its kind).
    const categories = (await call('GET', '/api/app/equipment/categories')).json().items as {
      id: string;
      name: string;
    }[];
    const kinds = ['雪杖', '雪镜'].map((name) => categories.find((cat) => cat.name === name)!.id);
    inStock = [];
    for (let n = 0; n < 20; n++) {
      const res = await call('POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: kinds[n % 2],
        name: `生命周期测试 ${n}`,
        barcodeNumber: `LIFE-${Date.now()}-${n}`,
        dailyRentPrice: 30 + (n % 2) * 10,
        deposit: 200,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      inStock.push(res.json());
    }
  });
  afterAll(() => t.close());

  const callAs = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    callerAs(t.app, csrf, tokens)(who, method, url, payload);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs('employee', method, url, payload);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  async function book(items: object[], from: number, to: number, extra: object = {}) {
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '孙八',
      customerPhone: '13800009999',
      rentalStartTime: at(from),
      rentalEndTime: at(to),
      items,
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  async function pay(order: { bills: { id: string; status: string }[] }) {
    for (const bill of order.bills.filter((b) => b.status === 'pending')) {
      const res = await call('POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
      expect(res.statusCode).toBe(200);
    }
  }
  const get = async (id: string) => (await call('GET', `/api/app/orders/${id}`)).json();
  /** A driver's proof at the door: a photo of the hand-over and the signature (deliveries.test). */
  async function doorProof(as = 'driver') {
    const upload = async (businessType: string) => {
      const res = await uploadAs(
        t.app,
        csrf,
        tokens[as]!,
        { businessType },
        { name: 'door.jpg', bytes: await photo(320, 240), type: 'image/jpeg' },
      );
      return res.json<{ id: string }>().id;
    };
    return {
      photoFileId: await upload('DeliveryPhoto'),
      signatureFileId: await upload('DeliverySignature'),
    };
  }
  const equipmentStatus = async (id: string) =>
    (await call('GET', `/api/app/equipment/${id}`)).json().status;

  it('walk-in: pay, hand over by scan, one back damaged, the rest of the deposit refunded, completed', async () => {
    const a = take();
    const b = take();
    const order = await book([{ equipmentId: a.id }, { equipmentId: b.id }], 0, 2);
    const early = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [a.barcodeNumber, b.barcodeNumber],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('订单当前状态（待支付）不能交付设备');
    await pay(order);

    const oneMissing = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [a.barcodeNumber],
    });
    expect(oneMissing.json().error.message).toBe(`还有 1 件设备未扫描：${b.barcodeNumber}`);
    const stranger = take();
    const wrong = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [a.barcodeNumber, b.barcodeNumber, stranger.barcodeNumber],
    });
    expect(wrong.json().error.message).toBe(`设备 ${stranger.barcodeNumber} 不在此订单中`);

    const handed = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [a.barcodeNumber.toLowerCase(), b.barcodeNumber],
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().status).toBe(5);
    expect(await equipmentStatus(a.id)).toBe(1);
    const history = (
      await call('GET', `/api/app/equipment/equipment-operation-history/${a.id}`)
    ).json();
    // Each step of the item's history in words, never as its code.
    expect(history.items[0]).toMatchObject({
      operation: 'handover',
      operationDisplayName: '交付',
      orderId: order.id,
    });

    const [itemA, itemB] = handed.json().items as { id: string }[];
    const partly = await call('POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: itemA!.id, state: 'damaged', damageFee: 100, remarks: '板刃开裂' }],
    });
    expect(partly.json()).toMatchObject({ status: 5 });
    expect(await equipmentStatus(a.id)).toBe(2);
    const again = await call('POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: itemA!.id, state: 'returned' }],
    });
    expect(again.statusCode).toBe(409);

    const done = (
      await call('POST', `/api/app/orders/${order.id}/return`, {
        items: [{ orderItemId: itemB!.id, state: 'returned' }],
      })
    ).json();
    expect(await equipmentStatus(b.id)).toBe(0);
    const returned = (
      await call('GET', `/api/app/equipment/equipment-operation-history/${b.id}`)
    ).json();
    expect(returned.items[0]).toMatchObject({
      operation: 'orderReturn',
      operationDisplayName: '订单归还',
    });
    // Paid rent + deposits; owed rent + 100 damage: the rest of the deposits goes back.
    const refund = a.deposit + b.deposit - 100;
    expect(done.status).toBe(8);
    expect(done.feeItems.at(-1)).toMatchObject({ kind: 'DamageFee', amount: 100 });
    const refundBill = done.bills.find((x: { kind: string }) => x.kind === 'refund');
    expect(refundBill).toMatchObject({ status: 'pending' });
    expect(refundBill.amount).toBeCloseTo(refund, 2);
    expect(
      (await call('POST', `/api/app/orders/confirm-cash-received?billId=${refundBill.id}`))
        .statusCode,
    ).toBe(409);
    await call('POST', `/api/app/orders/confirm-cash-refunded?billId=${refundBill.id}`);
    await call('POST', `/api/app/orders/confirm-cash-refunded?billId=${refundBill.id}`);
    const completed = await get(order.id);
    expect(completed.status).toBe(9);
    expect(completed.paidAmount).toBeCloseTo(completed.totalAmount - a.deposit - b.deposit, 2);
    expect(completed.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'payment',
      'status',
      'handover',
      'status',
      'return',
      'return',
      'status',
      'settle',
      'refund',
      'status',
    ]);
    // The gear is free for those days again.
    expect((await call('GET', `/api/app/equipment/unavailable-times/${b.id}`)).json()).toEqual([]);
  });

  it('a category line takes the scanned item of its category and locks it', async () => {
    const a = take();
    const order = await book([{ categoryId: a.categoryId }], 10, 11);
    await pay(order);
    const handed = (
      await call('POST', `/api/app/orders/${order.id}/handover`, { barcodes: [a.barcodeNumber] })
    ).json();
    expect(handed.items[0]).toMatchObject({ equipmentId: a.id, barcodeNumber: a.barcodeNumber });
    const locks = (await call('GET', `/api/app/equipment/unavailable-times/${a.id}`)).json();
    expect(locks).toEqual([expect.objectContaining({ orderId: order.id })]);
    // An item already out cannot be handed over for another order.
    const other = await book([{ categoryId: a.categoryId }], 20, 21);
    await pay(other);
    const busy = await call('POST', `/api/app/orders/${other.id}/handover`, {
      barcodes: [a.barcodeNumber],
    });
    expect(busy.statusCode).toBe(409);
  });

  it('binds picked gear to category lines ahead of the handover, locking it', async () => {
    const a = take();
    const order = await book([{ categoryId: a.categoryId }, { categoryId: a.categoryId }], 60, 61);
    const other = inStock.find((e) => e.categoryId !== a.categoryId)!;
    const wrongKind = await call('POST', `/api/app/orders/${order.id}/bind`, {
      barcodes: [other.barcodeNumber],
    });
    expect(wrongKind.statusCode).toBe(422);
    const bound = (
      await call('POST', `/api/app/orders/${order.id}/bind`, { barcodes: [a.barcodeNumber] })
    ).json();
    // One line takes it (the one that held it, if one did); the other still waits.
    const boundIds = bound.items.map((i: { equipmentId: string | null }) => i.equipmentId);
    expect(boundIds).toHaveLength(2);
    expect(boundIds).toEqual(expect.arrayContaining([a.id, null]));
    expect(bound.status).toBe(1);
    expect(bound.timeline.at(-1)).toMatchObject({ kind: 'bind' });
    const locks = (await call('GET', `/api/app/equipment/unavailable-times/${a.id}`)).json();
    expect(locks).toEqual([expect.objectContaining({ orderId: order.id })]);
    // The same item cannot be picked for an overlapping order.
    const rival = await book([{ categoryId: a.categoryId }], 60, 62);
    const taken = await call('POST', `/api/app/orders/${rival.id}/bind`, {
      barcodes: [a.barcodeNumber],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.data).toMatchObject({ orderId: order.id });
  });

  it('extends: locks move, extra days charged as a supplement, a taken window refused', async () => {
    const a = take();
    const order = await book([{ equipmentId: a.id }], 30, 32);
    await pay(order);
    const blocker = await book([{ equipmentId: a.id }], 36, 38);
    const earlier = await call('POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: at(31),
    });
    expect(earlier.statusCode).toBe(400);
    const extended = (
      await call('POST', `/api/app/orders/${order.id}/extend`, { rentalEndTime: at(34) })
    ).json();
    expect(extended).toMatchObject({ days: 4, rentalEndTime: at(34) });
    expect(extended.feeItems.at(-1)).toMatchObject({
      kind: 'ExtensionFee',
      amount: a.dailyRentPrice * 2,
    });
    expect(extended.bills.at(-1)).toMatchObject({
      kind: 'supplement',
      status: 'pending',
      amount: a.dailyRentPrice * 2,
    });
    const locks = (await call('GET', `/api/app/equipment/unavailable-times/${a.id}`)).json();
    expect(locks[0]).toMatchObject({ orderId: order.id, endTime: at(34) });
    const clash = await call('POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: at(37),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.data).toMatchObject({ orderId: blocker.id });
  });

  it('extends to at most 365 days from the start and to no more than an order may come to', async () => {
    // From tomorrow, so that a year on is still a sane date.
    const now = Date.now();
    const soon = (days: number) => new Date(now + days * DAY).toISOString();
    const order = await book([{ categoryId: take().categoryId, dailyPrice: 1_000_000 }], 0, 0, {
      rentalStartTime: soon(1),
      rentalEndTime: soon(2),
    });
    await pay(await get(order.id));
    const tooLong = await call('POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: soon(1 + 366),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('租期最长 365 天');
    const tooDear = await call('POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: soon(1 + 30),
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().error.message).toBe('订单金额不能超过 ¥10000000');
    expect(await get(order.id)).toMatchObject({ days: 1, rentalEndTime: soon(2) });
  });

  it('damage beyond the deposit is a supplement to collect before the order completes', async () => {
    const a = take();
    const order = await book([{ equipmentId: a.id }], 40, 41);
    await pay(order);
    const handed = (
      await call('POST', `/api/app/orders/${order.id}/handover`, { barcodes: [a.barcodeNumber] })
    ).json();
    const returned = (
      await call('POST', `/api/app/orders/${order.id}/return`, {
        items: [{ orderItemId: handed.items[0].id, state: 'lost', damageFee: a.deposit + 300 }],
      })
    ).json();
    expect(returned.status).toBe(6);
    expect(await equipmentStatus(a.id)).toBe(3);
    const supplement = returned.bills.find((x: { kind: string }) => x.kind === 'supplement');
    expect(supplement).toMatchObject({ status: 'pending', amount: 300 });
    await call('POST', `/api/app/orders/confirm-cash-received?billId=${supplement.id}`);
    expect((await get(order.id)).status).toBe(9);
  });

  it('cancels orders left unpaid past the store timeout, once, however many sweep', async () => {
    const a = take();
    const stale = await book([{ equipmentId: a.id }], 50, 51);
    const fresh = await book([{ equipmentId: take().id }], 50, 51);
    // The demo timeout is 2 hours.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(orders.id, stale.id));
    const swept = await Promise.all([
      cancelUnpaidOrders(t.database.db),
      cancelUnpaidOrders(t.database.db),
    ]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await cancelUnpaidOrders(t.database.db)).toBe(0);
    const cancelled = await get(stale.id);
    expect(cancelled).toMatchObject({ status: 10 });
    expect(cancelled.bills[0]).toMatchObject({ status: 'cancelled' });
    expect(cancelled.timeline.at(-1)).toMatchObject({
      message: '超时未支付，系统自动取消',
      operatorName: '系统',
    });
    expect((await call('GET', `/api/app/equipment/unavailable-times/${a.id}`)).json()).toEqual([]);
    expect((await get(fresh.id)).status).toBe(1);
  });

  it('delivery: the driver scans the gear out, delivers, the rental starts, a pickup brings it back', async () => {
    const a = take();
    const order = await book([{ equipmentId: a.id }], 60, 62, {
      deliveryMethod: 'Delivery',
      deliveryAddress: '云顶酒店 1208',
      returnMethod: 'Pickup',
      returnAddress: '云顶酒店大堂',
    });
    await pay(order);
    expect((await get(order.id)).status).toBe(2);
    const atCounter = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [a.barcodeNumber],
    });
    expect(atCounter.statusCode).toBe(409);
    expect(atCounter.json().error.message).toBe('订单当前状态（待配送）不能交付设备');
    const early = await callAs('driver', 'POST', `/api/app/orders/${order.id}/delivered`, {});
    expect(early.json().error.message).toBe('订单当前状态（待配送）不能确认送达');
    const otherStore = await callAs('multi', 'POST', `/api/app/orders/${order.id}/dispatch`, {
      barcodes: [a.barcodeNumber],
    });
    expect(otherStore.statusCode).toBe(403);

    const out = await callAs('driver', 'POST', `/api/app/orders/${order.id}/dispatch`, {
      barcodes: [a.barcodeNumber],
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toBe(3);
    expect(await equipmentStatus(a.id)).toBe(1);
    const delivered = await callAs('driver', 'POST', `/api/app/orders/${order.id}/delivered`, {
      remarks: '前台签收',
      ...(await doorProof()),
    });
    // The rental starts in the future: delivered, not yet in use.
    expect(delivered.json()).toMatchObject({ status: 4 });
    expect(delivered.json().timeline.at(-1)).toMatchObject({
      message: '已送达 云顶酒店 1208 · 前台签收',
      operatorName: '赵师傅',
    });
    const twice = await callAs(
      'driver',
      'POST',
      `/api/app/orders/${order.id}/delivered`,
      await doorProof(),
    );
    expect(twice.statusCode).toBe(409);

    await startDeliveredRentals(t.database.db, new Date(at(59)));
    expect((await get(order.id)).status).toBe(4);
    await Promise.all([
      startDeliveredRentals(t.database.db, new Date(at(60))),
      startDeliveredRentals(t.database.db, new Date(at(60))),
    ]);
    expect(await startDeliveredRentals(t.database.db, new Date(at(60)))).toBe(0);
    const started = await get(order.id);
    expect(started.status).toBe(5);
    const starts = (started.timeline as { message: string }[]).filter(
      (e) => e.message === '租期开始',
    );
    expect(starts).toHaveLength(1);
    expect(started.timeline.at(-1)).toMatchObject({ message: '租期开始', operatorName: '系统' });

    const pickup = await callAs('driver', 'POST', `/api/app/orders/${order.id}/start-return`, {});
    expect(pickup.json()).toMatchObject({ status: 7 });
    expect(pickup.json().timeline.at(-1).message).toBe('已安排上门取件 云顶酒店大堂');
    // An English reader sees the same timeline in English, whoever wrote it.
    const english = (
      await callerAs(t.app, csrf, tokens)(
        'employee',
        'GET',
        `/api/app/orders/${order.id}`,
        undefined,
        'en',
      )
    ).json();
    const lines = (english.timeline as { message: string }[]).map((e) => e.message);
    expect(lines.slice(0, 3)).toEqual([
      'Order created',
      `Cash received: ¥${order.totalAmount.toFixed(2)}`,
      'Order is now waiting for delivery',
    ]);
    expect(lines.slice(-3)).toEqual([
      'Delivered to 云顶酒店 1208 · 前台签收',
      'Rental started',
      'Pickup booked at 云顶酒店大堂',
    ]);
    expect(english.timeline.at(-2).operatorName).toBe('System');
    const again = await call('POST', `/api/app/orders/${order.id}/start-return`, {});
    expect(again.json().error.message).toBe('订单当前状态（待归还）不能发起归还');

    const back = await call('POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: started.items[0].id, state: 'returned' }],
    });
    expect(back.json().status).toBe(8);
    expect(await equipmentStatus(a.id)).toBe(0);
  });

  it('a delivery confirmed after the rental started is in use at once', async () => {
    const a = take();
    const now = Date.now();
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '孙八',
      customerPhone: '13800009999',
      rentalStartTime: new Date(now).toISOString(),
      rentalEndTime: new Date(now + 2 * DAY).toISOString(),
      deliveryMethod: 'Delivery',
      deliveryAddress: '云顶酒店 1208',
      items: [{ equipmentId: a.id }],
    });
    // An order cannot be backdated: the rental started an hour before the driver arrives.
    await t.database.db
      .update(orders)
      .set({ rentalStartAt: new Date(now - 3_600_000) })
      .where(eq(orders.id, res.json<{ id: string }>().id));
    await pay(res.json());
    await callAs('driver', 'POST', `/api/app/orders/${res.json().id}/dispatch`, {
      barcodes: [a.barcodeNumber],
    });
    const delivered = await callAs(
      'driver',
      'POST',
      `/api/app/orders/${res.json().id}/delivered`,
      await doorProof(),
    );
    expect(delivered.json().status).toBe(5);
    expect(
      (delivered.json().timeline as { message: string }[]).slice(-2).map((e) => e.message),
    ).toEqual(['已送达 云顶酒店 1208', '租期开始']);
  });

  it('a photo and signature at the door prove one delivery: another order naming them is refused, two at once give them to one', async () => {
    /** Orders out with the driver, each with an item of its own. */
    const outForDelivery = async (count: number) => {
      const ids: string[] = [];
      for (let n = 0; n < count; n++) {
        const a = take();
        const order = await book([{ equipmentId: a.id }], 70, 72, {
          deliveryMethod: 'Delivery',
          deliveryAddress: '云顶酒店 1208',
        });
        await pay(order);
        const out = await callAs('driver', 'POST', `/api/app/orders/${order.id}/dispatch`, {
          barcodes: [a.barcodeNumber],
        });
        expect(out.statusCode, out.body).toBe(200);
        ids.push(order.id);
      }
      return ids;
    };
    const deliver = (id: string, proof: object, language?: string) =>
      callerAs(t.app, csrf, tokens)(
        'driver',
        'POST',
        `/api/app/orders/${id}/delivered`,
        proof,
        language,
      );
    const keptWith = async (fileId: string) =>
      (
        await t.database.db
          .select({ entity: files.businessEntityId })
          .from(files)
          .where(eq(files.id, fileId))
      )[0]?.entity;
    const [first, second, third] = await outForDelivery(3);

    const proof = await doorProof();
    expect((await deliver(first!, proof)).statusCode).toBe(200);
    // The same signature with a photo of this door: refused whole, the new photo kept by none.
    const photoFileId = (await doorProof()).photoFileId;
    const reused = await deliver(second!, { ...proof, photoFileId });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(
      '这张交付照片或签名已用于另一笔订单，请重新拍摄或签名',
    );
    const english = await deliver(second!, proof, 'en');
    expect(english.json().error.message).toBe(
      'This delivery photo or signature already belongs to another order: take or sign it again',
    );
    expect((await get(second!)).status).toBe(3);
    expect(await keptWith(proof.signatureFileId)).toBe(first);
    expect(await keptWith(photoFileId)).toBeNull();
    expect((await get(first!)).deliverySignatureId).toBe(proof.signatureFileId);

    // Two orders confirmed with one proof at the same moment: one is delivered, the other refused.
    const shared = await doorProof();
    const answers = await Promise.all([deliver(second!, shared), deliver(third!, shared)]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 400,
    ]);
    const statuses = [(await get(second!)).status, (await get(third!)).status].sort();
    expect(statuses).toEqual([3, 4]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ id: string }>().id;
    expect(await keptWith(shared.signatureFileId)).toBe(winner);
    expect(await keptWith(shared.photoFileId)).toBe(winner);
  });

  it("tells the counter a phone number's past: rentals, open money, damage, latest orders", async () => {
    const phone = '13800007711';
    const as = { customerPhone: phone, customerName: '钱五' };
    const categories = (await call('GET', '/api/app/equipment/categories')).json().items as {
      id: string;
      name: string;
    }[];
    const poles = categories.find((cat) => cat.name === '雪杖')!.id; // no required sizes
    const newItem = async (n: number): Promise<Item> => {
      const res = await call('POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: poles,
        name: `回头客测试 ${n}`,
        barcodeNumber: `HIST-${Date.now()}-${n}`,
        dailyRentPrice: 30,
        deposit: 200,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    const [a, b, c, d] = [await newItem(1), await newItem(2), await newItem(3), await newItem(4)];
    // Returned with one item damaged.
    const first = await book([{ equipmentId: a.id }, { equipmentId: b.id }], 300, 302, as);
    await pay(first);
    const handed = (
      await call('POST', `/api/app/orders/${first.id}/handover`, {
        barcodes: [a.barcodeNumber, b.barcodeNumber],
      })
    ).json();
    const [lineA, lineB] = handed.items as { id: string }[];
    await call('POST', `/api/app/orders/${first.id}/return`, {
      items: [
        { orderItemId: lineA!.id, state: 'damaged', damageFee: 50 },
        { orderItemId: lineB!.id, state: 'returned' },
      ],
    });
    // Booked and not paid yet; and one cancelled, which is no rental.
    const unpaid = await book([{ equipmentId: c.id }], 310, 311, as);
    const cancelled = await book([{ equipmentId: d.id }], 320, 321, as);
    await call('POST', `/api/app/orders/${cancelled.id}/cancel`, { reason: '改期' });

    const res = await call('GET', `/api/app/orders/customer-history?phone=${phone}`);
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history).toMatchObject({
      rentals: 2,
      openBalance: unpaid.totalAmount,
      damageCount: 1,
      damages: [{ orderId: first.id, orderNumber: first.orderNumber, state: 'damaged' }],
    });
    expect(history.damages[0].equipmentName).toBe(a.name);
    expect(history.recent.map((o: { id: string }) => o.id)).toEqual([
      cancelled.id,
      unpaid.id,
      first.id,
    ]);
    expect(history.lastRentalTime).toBe(unpaid.rentalStartTime);

    // A number never seen has no past; another store's staff see nothing of this one.
    const stranger = (
      await call('GET', '/api/app/orders/customer-history?phone=13800007712')
    ).json();
    expect(stranger).toMatchObject({ rentals: 0, openBalance: 0, damageCount: 0, recent: [] });
    const elsewhere = await callAs(
      'multi',
      'GET',
      `/api/app/orders/customer-history?phone=${phone}`,
    );
    expect(elsewhere.json().rentals).toBe(0);
    // A malformed number is a clear 400, never a 500.
    expect((await call('GET', '/api/app/orders/customer-history?phone=12')).statusCode).toBe(400);
  });
});
