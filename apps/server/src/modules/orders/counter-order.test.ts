import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey,
  ErrorCode,
  ORDER_ITEMS_MAX,
  type Order,
  type Receipt,
  type RiderList,
  type RiderProfile,
} from '@snowgear/contracts';
import { equipment, files, orders } from '@/db/schema.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

/** The rider as the clerk types them at the counter: a child who has never skied. */
const xiaoming = {
  key: 'p2',
  name: '小明',
  heightCm: 130,
  weightKg: 30,
  age: 9,
  ability: 'I',
  bootSoleLengthMm: 250,
} as const;

describe('counter orders: people on the lines, groups and the customer’s signature', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let categories: Record<string, string>;
  let version: string;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager', 'admin', 'driver']));
    tokens.customer = await customerToken(t);
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    categories = Object.fromEntries(
      (await call('employee', 'GET', '/api/app/equipment/categories'))
        .json<{ items: { id: string; name: string }[] }>()
        .items.map((c) => [c.name, c.id]),
    );
    // A version of its own, so its count of orders starts at none.
    const published = await call('admin', 'POST', '/api/app/admin/rental-agreements', {
      text: '柜台租赁协议：雪具损坏按价赔偿。',
    });
    expect(published.statusCode, published.body).toBe(201);
    version = published.json<{ items: { version: string }[] }>().items[0]!.version;
    await requireSignature('true');
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);

  const requireSignature = async (value: string) => {
    const res = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: wanlong,
      values: [{ key: BusinessParameterKey.CounterSignatureRequired, value }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  async function signature(as = 'employee', businessType = 'AgreementSignature') {
    const res = await uploadAs(
      t.app,
      csrf,
      tokens[as]!,
      { businessType },
      { name: 'signature.png', bytes: await photo(300, 120, 'png'), type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  /** A counter order of kinds in a window of its own (each test's gear is free). */
  const counterOrder = (body: Record<string, unknown>, lang?: string) => {
    slot += 3;
    return call(
      'employee',
      'POST',
      '/api/app/orders',
      {
        storeId: wanlong,
        customerName: '张三',
        customerPhone: '13800138000',
        rentalStartTime: storeTimeOn(slot, '10:00'),
        rentalEndTime: storeTimeOn(slot + 1, '10:00'),
        items: [{ categoryId: categories['双板滑雪鞋'] }],
        ...body,
      },
      lang,
    );
  };

  it('refuses a counter order without the signature where the store requires it, and takes one without where it does not', async () => {
    const refused = await counterOrder({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: ErrorCode.CounterSignatureRequired,
      message: '请让客户阅读租赁协议并手写签名后再提交订单',
    });
    const english = await counterOrder({}, 'en');
    expect(english.json().error.message).toBe(
      'The customer must read the rental agreement and sign it before the order is sent',
    );
    await requireSignature('false');
    try {
      const walkIn = await counterOrder({});
      expect(walkIn.statusCode, walkIn.body).toBe(201);
      expect(walkIn.json<Order>()).toMatchObject({
        agreementVersion: null,
        agreementSignatureId: null,
      });
    } finally {
      await requireSignature('true');
    }
  });

  it('keeps the signed agreement with the order: version, time, address and signature, which the store’s staff read', async () => {
    const signatureId = await signature();
    const res = await counterOrder({ agreement: { version, signatureFileId: signatureId } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({ agreementVersion: version, agreementSignatureId: signatureId });
    expect(Date.now() - Date.parse(order.agreementAcceptedAt!)).toBeLessThan(60_000);
    const [row] = await t.database.db
      .select({ from: orders.agreementAcceptedFrom })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.from).toBeTruthy();
    const [file] = await t.database.db
      .select({ entity: files.businessEntityId, temporary: files.isTemporary })
      .from(files)
      .where(eq(files.id, signatureId));
    expect(file).toEqual({ entity: order.id, temporary: false });
    // The store's manager opens it; the agreement's versions count the order.
    const image = await call('manager', 'GET', `/api/files/download/${signatureId}`);
    expect(image.statusCode).toBe(200);
    const versions = (await call('admin', 'GET', '/api/app/admin/rental-agreements')).json<{
      items: { version: string; orders: number }[];
    }>().items;
    expect(versions.find((v) => v.version === version)?.orders).toBe(1);
  });

  it('refuses a stale agreement, another’s upload and a file that is no signature', async () => {
    const ordersNow = async () =>
      (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await ordersNow();
    const stale = await counterOrder({
      agreement: { version: 'abcdef0123456789', signatureFileId: await signature() },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe(ErrorCode.AgreementChanged);
    const notTheirs = await counterOrder({
      agreement: { version, signatureFileId: await signature('manager') },
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().error.message).toBe('客户签名文件无效，请重新签名');
    const aPhoto = await counterOrder({
      agreement: { version, signatureFileId: await signature('employee', 'DeliveryPhoto') },
    });
    expect(aPhoto.statusCode).toBe(400);
    const unknown = await counterOrder({
      agreement: { version, signatureFileId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(400);
    // Each was refused whole: no order was made.
    expect(await ordersNow()).toBe(before);
  });

  it('takes a signature for one order only: another order naming it is refused', async () => {
    const signatureId = await signature();
    const first = await counterOrder({ agreement: { version, signatureFileId: signatureId } });
    expect(first.statusCode, first.body).toBe(201);
    const ordersNow = async () =>
      (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await ordersNow();
    const second = await counterOrder({ agreement: { version, signatureFileId: signatureId } });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({
      code: ErrorCode.Validation,
      message: '这份客户签名已用于另一笔订单：请查看订单是否已经创建，或让客户重新签名',
    });
    const english = await counterOrder(
      { agreement: { version, signatureFileId: signatureId } },
      'en',
    );
    expect(english.json().error.message).toBe(
      'This signature already belongs to another order: check whether the order was already made, or have the customer sign again',
    );
    expect(await ordersNow()).toBe(before);
    // The first order keeps it.
    const [file] = await t.database.db
      .select({ entity: files.businessEntityId })
      .from(files)
      .where(eq(files.id, signatureId));
    expect(file?.entity).toBe(first.json<Order>().id);
    const kept = await call('employee', 'GET', `/api/app/orders/${first.json<Order>().id}`);
    expect(kept.json<Order>().agreementSignatureId).toBe(signatureId);
  });

  it('gives a signature named by two orders at the same moment to one of them, the other refused', async () => {
    for (let round = 0; round < 5; round++) {
      const agreement = { version, signatureFileId: await signature() };
      const answers = await Promise.all([counterOrder({ agreement }), counterOrder({ agreement })]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 400]);
      const refused = answers.find((a) => a.statusCode === 400)!;
      expect(refused.json().error.message).toBe(
        '这份客户签名已用于另一笔订单：请查看订单是否已经创建，或让客户重新签名',
      );
      const made = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.agreementSignatureId, agreement.signatureFileId));
      expect(made).toHaveLength(1);
    }
  });

  it('shows the customer’s saved riders to the counter by phone number, to staff who make orders only', async () => {
    const saved = await call('customer', 'POST', '/api/app/riders', {
      name: '张三',
      heightCm: 175,
      weightKg: 70,
      age: 30,
      ability: 'II',
      bootSoleLengthMm: 305,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const list = await call('employee', 'GET', '/api/app/orders/customer-riders?phone=13800138000');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<RiderList>().items.map((r) => r.name)).toContain('张三');
    const stranger = await call(
      'employee',
      'GET',
      '/api/app/orders/customer-riders?phone=13911112222',
    );
    expect(stranger.json<RiderList>().items).toEqual([]);
    const driver = await call('driver', 'GET', '/api/app/orders/customer-riders?phone=13800138000');
    expect(driver.statusCode).toBe(403);
  });

  it('puts each line’s person on it, a saved rider or one typed now, with the DIN suggestion on skis', async () => {
    const riders = (
      await call('employee', 'GET', '/api/app/orders/customer-riders?phone=13800138000')
    ).json<RiderList>().items;
    const zhang = riders.find((r) => r.name === '张三') as RiderProfile;
    const { id, isSelf: _s, updatedAt: _u, ...fields } = zhang;
    const res = await counterOrder({
      agreement: { version, signatureFileId: await signature() },
      riders: [{ ...fields, key: 'p1', profileId: id }, xiaoming, { key: 'p3', name: '王老师' }],
      items: [
        { categoryId: categories['双板滑雪板'], riderKey: 'p1' },
        { categoryId: categories['双板滑雪鞋'], riderKey: 'p1' },
        { categoryId: categories['双板滑雪板'], riderKey: 'p2' },
        { categoryId: categories['双板滑雪鞋'], riderKey: 'p3' },
        { categoryId: categories['双板滑雪鞋'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.items.map((i) => [i.riderKey, i.rider?.name ?? null, i.dinSuggestion])).toEqual([
      ['p1', '张三', 6.5],
      ['p1', '张三', null],
      ['p2', '小明', 1.75],
      ['p3', '王老师', null],
      [null, null, null],
    ]);
    expect(order.items[0]!.rider?.profileId).toBe(id);
    expect(order.items[2]!.rider?.profileId).toBeNull();
  });

  it('checks the people as a booking does: unknown people, bad measurements, another customer’s rider', async () => {
    const agreement = { version, signatureFileId: await signature() };
    const unknown = await counterOrder({
      agreement,
      riders: [xiaoming],
      items: [{ categoryId: categories['双板滑雪鞋'], riderKey: 'nobody' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error.validationErrors)).toContain('UnknownRider');
    const heavy = await counterOrder({
      agreement,
      riders: [{ ...xiaoming, weightKg: 500 }],
      items: [{ categoryId: categories['双板滑雪鞋'], riderKey: 'p2' }],
    });
    expect(heavy.statusCode).toBe(400);
    const nameless = await counterOrder({
      agreement,
      riders: [{ ...xiaoming, name: ' ' }],
      items: [{ categoryId: categories['双板滑雪鞋'], riderKey: 'p2' }],
    });
    expect(nameless.statusCode).toBe(400);
    const zhangs = (
      await call('employee', 'GET', '/api/app/orders/customer-riders?phone=13800138000')
    ).json<RiderList>().items[0]!;
    const otherCustomer = await counterOrder({
      agreement,
      customerPhone: '13911112222',
      riders: [{ key: 'p1', name: zhangs.name, profileId: zhangs.id }],
      items: [{ categoryId: categories['双板滑雪鞋'], riderKey: 'p1' }],
    });
    expect(otherCustomer.statusCode).toBe(400);
    expect(otherCustomer.json().error.code).toBe(ErrorCode.RiderNotFound);
  });

  it('takes a group of 50 lines, one per person, and refuses 51 with a clear reason', async () => {
    // Fifty skis of the store's own, each for a member of the group.
    const [model] = await t.database.db
      .select()
      .from(equipment)
      .where(
        and(eq(equipment.storeId, wanlong), eq(equipment.categoryId, categories['双板滑雪板']!)),
      )
      .limit(1);
    const { id: _id, ...rest } = model!;
    const fleet = await t.database.db
      .insert(equipment)
      .values(
        Array.from({ length: ORDER_ITEMS_MAX + 1 }, (_, i) => ({
          ...rest,
          status: 0,
          barcodeNumber: `GROUP${String(i).padStart(3, '0')}`,
          name: `团体板 ${i + 1}`,
        })),
      )
      .returning({ id: equipment.id });
    const people = fleet.slice(0, ORDER_ITEMS_MAX).map((_, i) => ({
      key: `m${i}`,
      name: `学员${i + 1}`,
    }));
    const lines = fleet.map((item, i) => ({
      equipmentId: item.id,
      ...(i < ORDER_ITEMS_MAX ? { riderKey: `m${i}` } : {}),
    }));
    const tooMany = await counterOrder({
      customerName: '滑雪学校',
      agreement: { version, signatureFileId: await signature() },
      riders: people,
      items: lines,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.validationErrors).toEqual([
      expect.objectContaining({ members: ['items'], message: 'TooManyItems' }),
    ]);
    const group = await counterOrder({
      customerName: '滑雪学校',
      agreement: { version, signatureFileId: await signature() },
      riders: people,
      items: lines.slice(0, ORDER_ITEMS_MAX),
    });
    expect(group.statusCode, group.body).toBe(201);
    const order = group.json<Order>();
    expect(order.items).toHaveLength(ORDER_ITEMS_MAX);
    expect(new Set(order.items.map((i) => i.rider?.name)).size).toBe(ORDER_ITEMS_MAX);

    // The receipt lists each line's person for the order's staff, and no names by share key.
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = await call('employee', 'GET', `/api/app/orders/${order.id}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<Receipt>().lines[0]!.riderName).toBe('学员1');
    const shared = await t.app.inject(
      `/api/app/orders/qr/${order.orderNumber}/receipt?k=${encodeURIComponent(order.qrToken!)}`,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<Receipt>().lines.every((l) => l.riderName === null)).toBe(true);
  });
});
