import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Receipt } from '@snowgear/contracts';
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
import { businessDay } from './numbering.js';

const DAY = 86_400_000;
/** Bookings lie within a few years of now: the tests book next year, each in its own days. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 5, 1) + days * DAY).toISOString();

interface Item {
  id: string;
  barcodeNumber: string;
}

/** Receipt numbers (R + business day + daily sequence) and the receipt of settled bills. */
describe('receipts', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let skis: Item[];
  let me: { id: string };
  let nextDays = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'multi', 'admin']));
    tokens.customer = await customerToken(t);
    const other = await phoneSignIn(t, csrf, { phoneNumber: '13612340000', realName: '赵六' });
    tokens.stranger = other.json<{ accessToken: string }>().accessToken;
    me = (await call('customer', 'GET', '/api/app/account/my-profile')).json();
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    skis = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  /** Someone with the link only: nobody signed in. */
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url, headers: csrf });

  /** A two-day booking of one item, in days no other booking of this file uses. */
  async function book(options: { customerId?: string; item?: Item } = {}): Promise<Order> {
    const from = (nextDays += 3);
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerId: options.customerId,
      customerName: '收据客户',
      customerPhone: '13700004321',
      rentalStartTime: at(from),
      rentalEndTime: at(from + 2),
      items: [{ equipmentId: (options.item ?? skis[0]!).id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const order = async (id: string): Promise<Order> =>
    (await call('employee', 'GET', `/api/app/orders/${id}`)).json();
  const payCash = (billId: string) =>
    call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${billId}`);
  const today = () => businessDay(new Date(), 'Asia/Shanghai');
  const sequence = (receiptNo: string) => Number(receiptNo.slice(9));

  /**
   * Hands the item over and checks it back damaged (a fee off the deposit): a refund is owed.
   * The item goes to repair, so each such order books an item of its own.
   */
  async function returnDamaged(o: Order, damageFee: number): Promise<Order> {
    const handed = await call('employee', 'POST', `/api/app/orders/${o.id}/handover`, {
      barcodes: [o.items[0]!.barcodeNumber],
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const back = await call('employee', 'POST', `/api/app/orders/${o.id}/return`, {
      items: [{ orderItemId: o.items[0]!.id, state: 'damaged', damageFee }],
    });
    expect(back.statusCode, back.body).toBe(200);
    return back.json();
  }

  /** Pays a bill through the sandbox cashier, as a customer would. */
  const payOnline = (billId: string) => payInSandbox(t.app, csrf, billId);

  it('cash taken at the counter gets a receipt number of the day, kept when confirmed again', async () => {
    const booked = await book();
    expect(booked.bills[0]!.receiptNo).toBeNull();
    expect((await payCash(booked.bills[0]!.id)).statusCode).toBe(200);
    const paid = (await order(booked.id)).bills[0]!;
    expect(paid.receiptNo).toMatch(new RegExp(`^R${today()}\\d{4}$`));
    expect((await payCash(booked.bills[0]!.id)).statusCode).toBe(200);
    expect((await order(booked.id)).bills[0]!.receiptNo).toBe(paid.receiptNo);
  });

  it('twenty settlements at once get twenty numbers that follow one another', async () => {
    const booked: Order[] = [];
    for (let i = 0; i < 20; i += 1) booked.push(await book());
    const answers = await Promise.all(booked.map((o) => payCash(o.bills[0]!.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = await Promise.all(
      booked.map(async (o) => (await order(o.id)).bills[0]!.receiptNo!),
    );
    expect(new Set(numbers).size).toBe(20);
    const sequences = numbers.map(sequence).sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    for (const n of numbers) expect(n.slice(0, 9)).toBe(`R${today()}`);
  });

  it('a payment made online and its refund sent back online each get a number', async () => {
    const booked = await book({ item: skis[1] });
    await payOnline(booked.bills[0]!.id);
    const paid = (await order(booked.id)).bills[0]!;
    expect(paid).toMatchObject({ status: 'paid', method: 'wechat' });
    expect(paid.receiptNo).toMatch(/^R\d{12}$/);

    const returned = await returnDamaged(booked, 100);
    const refundBill = returned.bills.find((b) => b.kind === 'refund')!;
    expect(refundBill.receiptNo).toBeNull();
    const sent = await call('employee', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const refunded = (await order(booked.id)).bills.find((b) => b.id === refundBill.id)!;
    expect(refunded).toMatchObject({ status: 'paid', method: 'wechat' });
    expect(refunded.receiptNo).toMatch(/^R\d{12}$/);
    expect(sequence(refunded.receiptNo!)).toBeGreaterThan(sequence(paid.receiptNo!));
  });

  it("a completed order's receipt shows its lines, the deposit held and returned, and both bills", async () => {
    const booked = await book({ customerId: me.id, item: skis[2] });
    // Nothing settled yet: no receipt.
    const early = await call('employee', 'GET', `/api/app/orders/${booked.id}/receipt`);
    expect(early.statusCode).toBe(404);
    expect(early.json().error.code).toBe('Receipt:NothingSettled');
    expect((await payCash(booked.bills[0]!.id)).statusCode).toBe(200);
    const returned = await returnDamaged(booked, 100);
    const refundBill = returned.bills.find((b) => b.kind === 'refund')!;
    const given = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-refunded?billId=${refundBill.id}`,
    );
    expect(given.statusCode).toBe(200);
    const done = await order(booked.id);
    expect(done.status).toBe(9);

    const res = await call('employee', 'GET', `/api/app/orders/${booked.id}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json<Receipt>();
    const line = done.items[0]!;
    const deposit = line.deposit;
    expect(receipt).toMatchObject({
      orderNumber: booked.orderNumber,
      storeName: '万龙雪场店',
      customerName: '收据客户',
      timeZone: 'Asia/Shanghai',
      total: done.totalAmount,
      depositHeld: deposit,
      depositReturned: deposit - 100,
      // The damage fee raised the total; it came off the deposit, not as money taken.
      paid: booked.totalAmount,
      refunded: deposit - 100,
    });
    expect(receipt.storeAddress).not.toBe('');
    expect(receipt.lines).toEqual([
      expect.objectContaining({
        name: line.equipmentName,
        barcodeNumber: skis[2]!.barcodeNumber,
        dailyPrice: line.dailyPrice,
        days: 2,
        rent: line.rent,
        deposit,
      }),
    ]);
    expect(receipt.fees).toContainEqual(
      expect.objectContaining({ kind: 'DamageFee', amount: 100 }),
    );
    expect(receipt.bills).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: booked.totalAmount,
        method: 'cash',
        confirmedBy: '李店员',
        receiptNo: done.bills.find((b) => b.kind === 'payment')!.receiptNo,
      }),
      expect.objectContaining({
        kind: 'refund',
        amount: deposit - 100,
        method: 'cash',
        confirmedBy: '李店员',
        receiptNo: done.bills.find((b) => b.kind === 'refund')!.receiptNo,
      }),
    ]);
    expect(receipt.issuedAt).toBe(receipt.bills[1]!.paidAt);

    // The customer reads the same receipt, staff named by role.
    const mine = await call('customer', 'GET', `/api/app/orders/${booked.id}/receipt`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Receipt>().bills.map((b) => b.confirmedBy)).toEqual(['门店店员', '门店店员']);
    const english = await call(
      'customer',
      'GET',
      `/api/app/orders/${booked.id}/receipt`,
      undefined,
      'en-US',
    );
    expect(english.json<Receipt>().bills[0]!.confirmedBy).toBe('Store staff');

    // Whoever holds the QR page's link reads it without signing in, with nothing personal.
    const qr = `/api/app/orders/qr/${booked.orderNumber}/receipt`;
    const shared = await anonymous(`${qr}?k=${done.qrToken}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<Receipt>()).toMatchObject({
      customerName: null,
      depositReturned: deposit - 100,
    });
    expect(shared.json<Receipt>().bills.map((b) => b.confirmedBy)).toEqual([
      '门店店员',
      '门店店员',
    ]);
    expect((await anonymous(qr)).statusCode).toBe(404);
    expect((await anonymous(`${qr}?k=${'x'.repeat(22)}`)).statusCode).toBe(404);
    // The QR page says there is a receipt to open.
    const page = await anonymous(`/api/app/orders/qr/${booked.orderNumber}?k=${done.qrToken}`);
    expect(page.json().hasReceipt).toBe(true);
  });

  it('refuses the receipt to staff of another store and to another customer', async () => {
    const booked = await book({ customerId: me.id });
    expect((await payCash(booked.bills[0]!.id)).statusCode).toBe(200);
    const otherStore = await call('multi', 'GET', `/api/app/orders/${booked.id}/receipt`);
    expect(otherStore.statusCode).toBe(403);
    expect(otherStore.json().error.code).toBe('Order:BelongsToAnotherStore');
    const stranger = await call('stranger', 'GET', `/api/app/orders/${booked.id}/receipt`);
    expect(stranger.statusCode).toBe(404);
    const strangerByNumber = await call(
      'stranger',
      'GET',
      `/api/app/orders/qr/${booked.orderNumber}/receipt`,
    );
    expect(strangerByNumber.statusCode).toBe(404);
    expect((await anonymous(`/api/app/orders/${booked.id}/receipt`)).statusCode).toBe(401);
    // The order's own customer and any store's super admin may.
    expect((await call('customer', 'GET', `/api/app/orders/${booked.id}/receipt`)).statusCode).toBe(
      200,
    );
    expect((await call('admin', 'GET', `/api/app/orders/${booked.id}/receipt`)).statusCode).toBe(
      200,
    );
  });

  it('the finance list names each bill by its receipt number', async () => {
    const booked = await book();
    expect((await payCash(booked.bills[0]!.id)).statusCode).toBe(200);
    const receiptNo = (await order(booked.id)).bills[0]!.receiptNo;
    const day = today();
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    const list = (
      await call(
        'admin',
        'GET',
        `/api/app/finance/bills?from=${iso}&to=${iso}&storeId=${wanlong}&maxResultCount=100`,
      )
    ).json<{ items: { orderNumber: string; receiptNo: string | null }[] }>();
    expect(list.items.find((b) => b.orderNumber === booked.orderNumber)?.receiptNo).toBe(receiptNo);
  });
});
