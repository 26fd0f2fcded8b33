import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  name: string;
  categoryId: string;
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
}
interface Fee {
  kind: string;
  amount: number;
  reason: string;
  approvedByName: string | null;
}
interface Bill {
  id: string;
  kind: string;
  amount: number;
  status: string;
}

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 4, 1) + days * DAY).toISOString();
const PASSWORD = '1q2w3E*';
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Discounts within limits, managers' approvals, ad-hoc fees and goodwill refunds (issue 36 §3,
 * §5): the rules a caller meets at the counter.
 */
describe('money changed by hand', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let other: string;
  let stock: Item[];
  let otherStock: Item[];
  let next = 0;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'employee', 'manager', 'multi']));
    tokens.customer = await customerToken(t);
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    other = Object.entries(stores).find(([name]) => name !== '万龙雪场店')![1];
    const { items } = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json<{ items: Item[] }>();
    stock = items.filter((i) => i.dailyRentPrice >= 50 && i.deposit > 0);
    // The multi-role manager manages another store.
    expect(stock.length).toBeGreaterThan(12);
    otherStock = (
      await call('multi', 'GET', `/api/app/equipment?storeId=${other}&status=0&maxResultCount=20`)
    ).json<{ items: Item[] }>().items;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  /** A new item and a fresh window each time: orders never meet. */
  const take = () => stock[next++]!;
  const walkIn = (item: Item, extra: object = {}) => {
    slot += 4;
    return {
      storeId: wanlong,
      customerName: '王五',
      customerPhone: '13900001111',
      rentalStartTime: at(slot),
      rentalEndTime: at(slot + 3),
      items: [{ equipmentId: item.id }],
      ...extra,
    };
  };
  /**
   * The counter's draft of a new order for these items (a fresh three-day window), as the create
   * page sends it when it asks a manager before the order exists.
   */
  const draftOf = (items: Item[], customerName = '王五') => {
    slot += 4;
    return {
      customerName,
      rentalStartTime: at(slot),
      rentalEndTime: at(slot + 3),
      items: items.map((i) => ({ equipmentId: i.id })),
    };
  };
  const ask = (as: string, body: object, language?: string) =>
    call(as, 'POST', '/api/app/money-approvals', body, language);
  const approve = (id: string) =>
    call('manager', 'POST', `/api/app/money-approvals/${id}/decide`, { approve: true });
  const rentOf = (item: Item) => round2(item.dailyRentPrice * 3);
  const fees = (order: { feeItems: Fee[] }, kind: string) =>
    order.feeItems.filter((f) => f.kind === kind);
  const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

  // ---- discounts at the counter ---------------------------------------------------------------

  it('refuses a discount above the rent, naming the rent, and never takes the deposit', async () => {
    const item = take();
    const rent = rentOf(item);
    const above = await counterOrder('manager', walkIn(item, { discount: rent + 1 }));
    expect(above.statusCode).toBe(400);
    expect(above.json().error.code).toBe('Money:DiscountAboveRent');
    expect(above.json().error.message).toContain(`¥${rent.toFixed(2)}`);
    // The whole rent, by a manager (who is not limited): the deposit is still to pay.
    const whole = await counterOrder(
      'manager',
      walkIn(item, { discount: rent, discountReason: '老客户' }),
    );
    expect(whole.statusCode).toBe(201);
    const order = whole.json();
    expect(order.status).toBe(1);
    expect(order.totalAmount).toBeCloseTo(item.deposit, 2);
    expect(fees(order, 'Deposit')[0]!.amount).toBeCloseTo(item.deposit, 2);
    expect(order.bills).toEqual([
      expect.objectContaining({ kind: 'payment', status: 'pending', amount: item.deposit }),
    ]);
    expect(fees(order, 'Discount')[0]).toMatchObject({
      amount: -rent,
      reason: '老客户',
      approvedByName: null,
    });
  });

  it('lets a clerk give up to the limit alone and refuses more without a manager, naming the limit', async () => {
    const item = take();
    const rent = rentOf(item);
    const limit = Math.floor(rent * 20) / 100;
    const within = await counterOrder(
      'employee',
      walkIn(item, { discount: limit, discountReason: '雪票优惠' }),
    );
    expect(within.statusCode).toBe(201);
    expect(fees(within.json(), 'Discount')[0]).toMatchObject({
      amount: -limit,
      reason: '雪票优惠',
      approvedByName: null,
    });
    expect(within.json().timeline.map((e: { kind: string }) => e.kind)).toContain('discount');

    const second = take();
    const secondRent = rentOf(second);
    const secondLimit = Math.floor(secondRent * 20) / 100;
    const over = await counterOrder('employee', walkIn(second, { discount: secondLimit + 1 }));
    expect(over.statusCode).toBe(403);
    expect(over.json().error.code).toBe('Money:ManagerApprovalRequired');
    expect(over.json().error.message).toContain(`¥${secondLimit.toFixed(2)}`);
    expect(over.json().error.data).toMatchObject({ limit: secondLimit, percent: 20 });
    const english = await counterOrder(
      'employee',
      walkIn(second, { discount: secondLimit + 1 }),
      'en-US',
    );
    expect(english.json().error.message).toContain('needs a store manager’s approval');
    // Nothing was booked: the item is still free for the same window.
    const again = await counterOrder('employee', walkIn(second));
    expect(again.statusCode).toBe(201);
  });

  it('takes a manager signing in on the clerk’s phone: the line, the timeline and the audit log name them', async () => {
    const item = take();
    const rent = rentOf(item);
    const amount = round2(rent / 2);
    const res = await counterOrder(
      'employee',
      walkIn(item, {
        customerName: '张三',
        customerPhone: '13800138000',
        discount: amount,
        approval: { userName: 'manager', password: PASSWORD, reason: '设备有划痕' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(fees(order, 'Discount')[0]).toMatchObject({
      amount: -amount,
      reason: '设备有划痕',
      approvedByName: '王店长',
    });
    const line = order.timeline.find((e: { kind: string }) => e.kind === 'discount');
    expect(line.message).toContain(`¥${amount.toFixed(2)}`);
    expect(line.message).toContain('设备有划痕');
    expect(line.message).toContain('王店长');
    expect(line.operatorName).toBe('李店员');

    const audit = await call(
      'manager',
      'GET',
      `/api/app/audit-log?categories=money&from=${today()}&to=${today()}&keyword=${encodeURIComponent(order.orderNumber)}`,
    );
    expect(audit.statusCode).toBe(200);
    expect(audit.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          category: 'money',
          summary: expect.stringContaining('王店长'),
        }),
      ]),
    );

    // The customer sees the discount and its reason, never the manager's name.
    const mine = await call('customer', 'GET', `/api/app/orders/${order.id}`);
    expect(mine.statusCode).toBe(200);
    expect(fees(mine.json(), 'Discount')[0]).toMatchObject({
      reason: '设备有划痕',
      approvedByName: null,
    });
    expect(JSON.stringify(mine.json())).not.toContain('王店长');
  });

  it('refuses wrong credentials, the clerk’s own, and another store’s manager', async () => {
    const item = take();
    const amount = round2(rentOf(item) / 2);
    const attempt = (userName: string, password: string) =>
      counterOrder(
        'employee',
        walkIn(item, { discount: amount, approval: { userName, password, reason: '试试' } }),
      );
    const wrong = await attempt('manager', 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('Account:InvalidCredentials');
    const own = await attempt('employee', PASSWORD);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('Money:ApproverNotManager');
    const elsewhere = await attempt('multi', PASSWORD);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('Money:ApproverNotManager');
    expect(elsewhere.json().error.message).toContain('周多岗');
  });

  it('takes an approval from the manager’s phone once, and refuses a used, refused or other store’s one', async () => {
    const item = take();
    const rent = rentOf(item);
    const amount = round2(rent * 0.4);
    const asked = await ask('employee', {
      storeId: wanlong,
      kind: 'discount',
      amount,
      reason: '团体客人',
      draft: draftOf([item]),
    });
    expect(asked.statusCode).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ status: 'pending', requestedByName: '李店员', percent: 40 });

    // Not approved yet: refused.
    const early = await counterOrder(
      'employee',
      walkIn(item, { discount: amount, approvalId: request.id }),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('Money:ApprovalNotUsable');

    // The manager sees it waiting at their store; the other store's manager does not.
    const waiting = await call('manager', 'GET', '/api/app/money-approvals');
    expect(waiting.json().map((a: { id: string }) => a.id)).toContain(request.id);
    const elsewhere = await call('multi', 'GET', '/api/app/money-approvals');
    expect(elsewhere.json().map((a: { id: string }) => a.id)).not.toContain(request.id);
    const notTheirs = await call('multi', 'POST', `/api/app/money-approvals/${request.id}/decide`, {
      approve: true,
    });
    expect(notTheirs.statusCode).toBe(403);
    // A clerk cannot answer.
    const clerk = await call('employee', 'POST', `/api/app/money-approvals/${request.id}/decide`, {
      approve: true,
    });
    expect(clerk.statusCode).toBe(403);

    const approved = await call(
      'manager',
      'POST',
      `/api/app/money-approvals/${request.id}/decide`,
      { approve: true },
    );
    expect(approved.json()).toMatchObject({ status: 'approved', decidedByName: '王店长' });
    expect(
      (await call('employee', 'GET', `/api/app/money-approvals/${request.id}`)).json(),
    ).toMatchObject({
      status: 'approved',
    });

    // More than approved: refused.
    const more = await counterOrder(
      'employee',
      walkIn(item, { discount: round2(amount + 1), approvalId: request.id }),
    );
    expect(more.statusCode).toBe(409);

    const used = await counterOrder(
      'employee',
      walkIn(item, { discount: amount, approvalId: request.id }),
    );
    expect(used.statusCode).toBe(201);
    expect(fees(used.json(), 'Discount')[0]).toMatchObject({
      amount: -amount,
      reason: '团体客人',
      approvedByName: '王店长',
    });
    // The same gear another day: the approval is spent.
    const twice = await counterOrder(
      'employee',
      walkIn(item, { discount: amount, approvalId: request.id }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('只能用一次');

    // Refused with a reason: the clerk reads it, and it allows nothing.
    const refusedAsk = (
      await ask('employee', {
        storeId: wanlong,
        kind: 'discount',
        amount,
        reason: '朋友',
        draft: draftOf([item]),
      })
    ).json();
    const refusal = await call(
      'manager',
      'POST',
      `/api/app/money-approvals/${refusedAsk.id}/decide`,
      { approve: false, reason: '折扣太大' },
    );
    expect(refusal.json()).toMatchObject({ status: 'refused', reason: '折扣太大' });
    const noReason = await call(
      'manager',
      'POST',
      `/api/app/money-approvals/${refusedAsk.id}/decide`,
      { approve: false },
    );
    expect(noReason.statusCode).toBe(400);

    // Another store's approval (its own manager asked and approved) does not open this store's.
    const theirs = (
      await ask('multi', {
        storeId: other,
        kind: 'discount',
        amount: 1,
        reason: '别的店',
        draft: draftOf([otherStock[0]!]),
      })
    ).json();
    await call('multi', 'POST', `/api/app/money-approvals/${theirs.id}/decide`, { approve: true });
    // (Asked for more than the clerk's limit, so that the approval is what counts.)
    const big = take();
    const bigAmount = round2(rentOf(big) * 0.5);
    const foreignBig = await counterOrder(
      'employee',
      walkIn(big, { discount: bigAmount, approvalId: theirs.id }),
    );
    expect(foreignBig.statusCode).toBe(409);
    expect(foreignBig.json().error.message).toContain('其他门店');
    // A clerk cannot ask for another store.
    const askElsewhere = await ask('employee', {
      storeId: other,
      kind: 'discount',
      amount: 1,
      reason: '别的店',
      draft: draftOf([otherStock[0]!]),
    });
    expect(askElsewhere.statusCode).toBe(403);
  });

  it('lets the asker withdraw a request that waits', async () => {
    const asked = (
      await ask('employee', {
        storeId: wanlong,
        kind: 'discount',
        amount: 1,
        reason: '等不及',
        draft: draftOf([take()]),
      })
    ).json();
    const gone = await call('employee', 'POST', `/api/app/money-approvals/${asked.id}/withdraw`);
    expect(gone.statusCode).toBe(204);
    expect((await call('employee', 'GET', `/api/app/money-approvals/${asked.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('manager', 'GET', '/api/app/money-approvals'))
        .json()
        .map((a: { id: string }) => a.id),
    ).not.toContain(asked.id);
  });

  // ---- an approval is for the money it names (issue 58 §4) -------------------------------------

  it('prices what the manager approves itself: a base the caller names counts for nothing', async () => {
    const item = take();
    const rent = rentOf(item);
    const amount = round2(rent * 0.5);
    // The old way round the limit: a base of the clerk's choosing, and no order to check it by.
    const chosen = await ask('employee', {
      storeId: wanlong,
      kind: 'discount',
      amount,
      base: 90_000,
      reason: '老客户',
    });
    expect(chosen.statusCode).toBe(400);
    expect(JSON.stringify(chosen.json().error.validationErrors)).toContain('ApprovalOrderRequired');

    // With the draft's lines the rent is the server's, whatever base comes with them.
    const asked = await ask('employee', {
      storeId: wanlong,
      kind: 'discount',
      amount,
      base: 90_000,
      reason: '老客户',
      draft: draftOf([item], '赵六'),
    });
    expect(asked.statusCode).toBe(201);
    const gear = [`${item.name} ${item.barcodeNumber} × 3`];
    expect(asked.json()).toMatchObject({ base: rent, amount, customerName: '赵六', gear });
    expect(asked.json().percent).toBeCloseTo(50, 0);
    // The manager reads the same: whom for, what gear, the rent and the discount.
    const waiting = (await call('manager', 'GET', '/api/app/money-approvals'))
      .json()
      .find((a: { id: string }) => a.id === asked.json().id);
    expect(waiting).toMatchObject({
      base: rent,
      amount,
      customerName: '赵六',
      gear,
      orderId: null,
    });

    // A discount beyond the rent is not asked for at all.
    const above = await ask('employee', {
      storeId: wanlong,
      kind: 'discount',
      amount: round2(rent + 1),
      reason: '老客户',
      draft: draftOf([item]),
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.code).toBe('Money:DiscountAboveRent');

    // For an order the rent is the order's, and so are the customer and the gear.
    const order = (await counterOrder('employee', walkIn(take(), { customerName: '钱七' }))).json();
    const orderRent = fees(order, 'Rent').reduce((sum, f) => sum + f.amount, 0);
    const fee = await ask('employee', {
      storeId: wanlong,
      kind: 'fee',
      amount: 50,
      base: 1,
      reason: '头盔',
      orderId: order.id,
    });
    expect(fee.statusCode).toBe(201);
    expect(fee.json()).toMatchObject({
      base: round2(orderRent),
      customerName: '钱七',
      orderNumber: order.orderNumber,
    });
    expect(fee.json().gear).toHaveLength(1);
  });

  it('refuses an approval on an order whose rent or discount differs, naming what was approved', async () => {
    // Two items of different rents, the dearer not so dear that the approved discount is within
    // the clerk's limit on it.
    const left = stock.slice(next);
    const item = left.find((a) =>
      left.some((b) => rentOf(b) > rentOf(a) && rentOf(b) < rentOf(a) * 2.5),
    )!;
    const dearer = left.find((b) => rentOf(b) > rentOf(item) && rentOf(b) < rentOf(item) * 2.5)!;
    for (const used of [item, dearer]) stock.splice(stock.indexOf(used), 1);
    const rent = rentOf(item);
    const dearerRent = rentOf(dearer);
    const amount = round2(rent * 0.5);
    const draft = draftOf([item]);
    const asked = (
      await ask('employee', { storeId: wanlong, kind: 'discount', amount, reason: '团体', draft })
    ).json();
    expect((await approve(asked.id)).statusCode).toBe(200);

    const other = await counterOrder(
      'employee',
      walkIn(dearer, { discount: amount, approvalId: asked.id }),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('Money:ApprovalNotUsable');
    expect(other.json().error.message).toBe(
      `此审批批准的是租金 ¥${rent.toFixed(2)} 的 ¥${amount.toFixed(2)} 折扣，` +
        `与本单（租金 ¥${dearerRent.toFixed(2)}，折扣 ¥${amount.toFixed(2)}）不符，请重新申请`,
    );
    const english = await counterOrder(
      'employee',
      walkIn(dearer, { discount: amount, approvalId: asked.id }),
      'en-US',
    );
    expect(english.json().error.message).toContain(
      `This approval is for a ¥${amount.toFixed(2)} discount on ¥${rent.toFixed(2)} of rent`,
    );

    // The same gear with another discount (less, still beyond the clerk's limit): refused too.
    const less = round2(amount - 1);
    const smaller = await counterOrder(
      'employee',
      walkIn(item, { discount: less, approvalId: asked.id }),
    );
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().error.message).toContain(`折扣 ¥${less.toFixed(2)}）不符`);

    // The order the manager saw: made, with the approved rent, and the approval is spent.
    const made = await counterOrder(
      'employee',
      walkIn(item, { discount: amount, approvalId: asked.id }),
    );
    expect(made.statusCode).toBe(201);
    const rentLines = fees(made.json(), 'Rent');
    expect(round2(rentLines.reduce((sum, f) => sum + f.amount, 0))).toBe(rent);
    expect(fees(made.json(), 'Discount')[0]).toMatchObject({
      amount: -amount,
      approvedByName: '王店长',
    });
    expect(
      (await call('employee', 'GET', `/api/app/money-approvals/${asked.id}`)).json().status,
    ).toBe('used');
  });

  it('prices a draft’s kind line as the order will be priced', async () => {
    const kind = take().categoryId;
    const draft = { ...draftOf([]), items: [{ categoryId: kind }] };
    const probe = (
      await ask('employee', {
        storeId: wanlong,
        kind: 'discount',
        amount: 0.01,
        reason: '试',
        draft,
      })
    ).json();
    await call('employee', 'POST', `/api/app/money-approvals/${probe.id}/withdraw`);
    const rent = probe.base as number;
    expect(rent).toBeGreaterThan(0);
    const amount = round2(rent * 0.5);
    const asked = (
      await ask('employee', { storeId: wanlong, kind: 'discount', amount, reason: '团体', draft })
    ).json();
    expect(asked.base).toBe(rent);
    await approve(asked.id);
    const made = await counterOrder('employee', {
      ...walkIn(take()),
      rentalStartTime: draft.rentalStartTime,
      rentalEndTime: draft.rentalEndTime,
      items: [{ categoryId: kind }],
      discount: amount,
      approvalId: asked.id,
    });
    expect(made.statusCode).toBe(201);
    expect(round2(fees(made.json(), 'Rent')[0]!.amount)).toBe(rent);
  });

  it('takes a fee approved on the manager’s phone for exactly that fee on that order', async () => {
    const order = (await counterOrder('employee', walkIn(take()))).json();
    const rent = round2(fees(order, 'Rent').reduce((sum, f) => sum + f.amount, 0));
    const amount = round2(rent * 0.5);
    const asked = (
      await ask('employee', {
        storeId: wanlong,
        kind: 'fee',
        amount,
        reason: '雪板很脏',
        orderId: order.id,
      })
    ).json();
    await approve(asked.id);
    const more = await call('employee', 'POST', `/api/app/orders/${order.id}/fees`, {
      kind: 'CleaningFee',
      amount: round2(amount + 1),
      reason: '雪板很脏',
      approvalId: asked.id,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(
      `此审批批准的是租金 ¥${rent.toFixed(2)} 的订单加收 ¥${amount.toFixed(2)}，` +
        `与本次（租金 ¥${rent.toFixed(2)}，加收 ¥${round2(amount + 1).toFixed(2)}）不符，请重新申请`,
    );
    const exact = await call('employee', 'POST', `/api/app/orders/${order.id}/fees`, {
      kind: 'CleaningFee',
      amount,
      reason: '雪板很脏',
      approvalId: asked.id,
    });
    expect(exact.statusCode).toBe(200);
    expect(fees(exact.json(), 'CleaningFee')[0]).toMatchObject({
      amount,
      approvedByName: '王店长',
    });
  });

  it('leaves a manager and the super admin unlimited', async () => {
    for (const who of ['manager', 'admin']) {
      const item = take();
      const rent = rentOf(item);
      const res = await counterOrder(who, walkIn(item, { discount: rent }));
      expect(res.statusCode).toBe(201);
      expect(res.json().totalAmount).toBeCloseTo(item.deposit, 2);
    }
  });

  it('keeps a discount through a change of delivery, and the deposit with it', async () => {
    const item = take();
    const limit = Math.floor(rentOf(item) * 20) / 100;
    const order = (
      await counterOrder('employee', walkIn(item, { discount: limit, discountReason: '熟客' }))
    ).json();
    const changed = await call('employee', 'PUT', `/api/app/orders/${order.id}/delivery-method`, {
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店大堂',
      returnMethod: 'SelfReturn',
      returnAddress: '',
    });
    expect(changed.statusCode).toBe(200);
    expect(fees(changed.json(), 'Discount')).toEqual([
      expect.objectContaining({ amount: -limit, reason: '熟客' }),
    ]);
    expect(changed.json().totalAmount).toBeCloseTo(order.totalAmount + 30, 2);
  });

  // ---- ad-hoc fees and goodwill refunds -------------------------------------------------------

  const paidOrder = async (item: Item) => {
    const order = (await counterOrder('employee', walkIn(item))).json();
    const bill = order.bills[0] as Bill;
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${bill.id}`,
    );
    expect(paid.statusCode).toBe(200);
    return order as { id: string; totalAmount: number; bills: Bill[] };
  };

  it('bills an ad-hoc fee: the open payment grows, a paid order gets a supplement', async () => {
    const unpaid = (await counterOrder('employee', walkIn(take()))).json();
    const grown = await call('employee', 'POST', `/api/app/orders/${unpaid.id}/fees`, {
      kind: 'Other',
      amount: 20,
      reason: '头盔',
    });
    expect(grown.statusCode).toBe(200);
    expect(grown.json().totalAmount).toBeCloseTo(unpaid.totalAmount + 20, 2);
    expect(grown.json().bills).toEqual([
      expect.objectContaining({
        kind: 'payment',
        status: 'pending',
        amount: round2(unpaid.totalAmount + 20),
      }),
    ]);
    expect(fees(grown.json(), 'Other')[0]).toMatchObject({ amount: 20, reason: '头盔' });
    const line = grown.json().timeline.find((e: { kind: string }) => e.kind === 'adjustment');
    expect(line.message).toContain('头盔');

    const paid = await paidOrder(take());
    const supplement = await call('employee', 'POST', `/api/app/orders/${paid.id}/fees`, {
      kind: 'CleaningFee',
      amount: 15,
      reason: '雪板很脏',
    });
    expect(supplement.statusCode).toBe(200);
    expect(supplement.json().status).toBe(11);
    expect(supplement.json().bills).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'supplement', status: 'pending', amount: 15 }),
      ]),
    );
    // Without a reason: refused.
    const bare = await call('employee', 'POST', `/api/app/orders/${paid.id}/fees`, {
      kind: 'Other',
      amount: 5,
      reason: ' ',
    });
    expect(bare.statusCode).toBe(400);
  });

  it('folds a fee after the return into the one balance, and refuses one on a closed order', async () => {
    const item = take();
    const order = await paidOrder(item);
    const full = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    await call('employee', 'POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [item.barcodeNumber],
    });
    const returned = (
      await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
        items: [{ orderItemId: full.items[0].id, state: 'returned' }],
      })
    ).json();
    expect(returned.status).toBe(8);
    const refund = returned.bills.find((b: Bill) => b.kind === 'refund' && b.status === 'pending');
    expect(refund.amount).toBeCloseTo(item.deposit, 2);
    const folded = await call('employee', 'POST', `/api/app/orders/${order.id}/fees`, {
      kind: 'DamageFee',
      amount: 30,
      reason: '固定器螺丝松动',
    });
    expect(folded.statusCode).toBe(200);
    const pending = folded.json().bills.filter((b: Bill) => b.status === 'pending');
    expect(pending).toEqual([
      expect.objectContaining({ kind: 'refund', amount: round2(item.deposit - 30) }),
    ]);
    expect(folded.json().status).toBe(8);
    // Give the rest back: the order completes, and then takes no more fees.
    const done = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-refunded?billId=${pending[0].id}`,
    );
    expect(done.json().orderStatus).toBe(9);
    const late = await call('employee', 'POST', `/api/app/orders/${order.id}/fees`, {
      kind: 'Other',
      amount: 5,
      reason: '太迟了',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('已完成');
  });

  it('gives a goodwill refund as a refund bill, within the limit, never beyond the rent paid', async () => {
    const item = take();
    const rent = rentOf(item);
    const limit = Math.floor(rent * 20) / 100;
    const unpaid = (await counterOrder('employee', walkIn(take()))).json();
    const notPaid = await call('employee', 'POST', `/api/app/orders/${unpaid.id}/goodwill-refund`, {
      amount: 1,
      reason: '道歉',
    });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.message).toContain('待支付');

    const order = await paidOrder(item);
    const small = await call('employee', 'POST', `/api/app/orders/${order.id}/goodwill-refund`, {
      amount: limit,
      reason: '雪道关闭半天',
    });
    expect(small.statusCode).toBe(200);
    const after = small.json();
    expect(after.totalAmount).toBeCloseTo(order.totalAmount - limit, 2);
    expect(fees(after, 'Discount')).toEqual([
      expect.objectContaining({ amount: -limit, reason: '雪道关闭半天', approvedByName: null }),
    ]);
    expect(after.bills).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'refund', status: 'pending', amount: limit }),
      ]),
    );
    expect(after.timeline.find((e: { kind: string }) => e.kind === 'adjustment').message).toContain(
      '雪道关闭半天',
    );

    const over = await call('employee', 'POST', `/api/app/orders/${order.id}/goodwill-refund`, {
      amount: round2(limit + 1),
      reason: '再补一点',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().error.code).toBe('Money:ManagerApprovalRequired');

    // Beyond what is left of the rent: refused whoever asks (the deposit is not refunded this way).
    const rest = round2(rent - limit);
    const beyond = await call('manager', 'POST', `/api/app/orders/${order.id}/goodwill-refund`, {
      amount: round2(rest + 0.01),
      reason: '全退',
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.code).toBe('Money:RefundAboveRentPaid');
    expect(beyond.json().error.message).toContain(`¥${rest.toFixed(2)}`);

    const approved = await call('employee', 'POST', `/api/app/orders/${order.id}/goodwill-refund`, {
      amount: rest,
      reason: '设备故障',
      approval: { userName: 'manager', password: PASSWORD, reason: '设备故障，全额退租金' },
    });
    expect(approved.statusCode).toBe(200);
    expect(fees(approved.json(), 'Discount').at(-1)).toMatchObject({
      amount: -rest,
      reason: '设备故障，全额退租金',
      approvedByName: '王店长',
    });
    // The deposit stays whole: the total is the deposit.
    expect(approved.json().totalAmount).toBeCloseTo(item.deposit, 2);
  });

  // Last: it locks the manager's account for a while.
  it('counts wrong manager passwords against the same limit as signing in', async () => {
    const item = take();
    const body = walkIn(item, {
      discount: round2(rentOf(item) / 2),
      approval: { userName: 'manager', password: 'wrong', reason: '试试' },
    });
    const answers: number[] = [];
    for (let i = 0; i < 8 && !answers.includes(429); i++) {
      answers.push((await counterOrder('employee', body)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((code) => code === 403)).toBe(true);
    // The manager's own sign-in is locked too: one account, one count.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'manager', password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    // And the right password given on the clerk's phone made no session for them.
    expect(answers).not.toContain(200);
  });
});
