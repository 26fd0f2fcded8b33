import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  HOST_TENANT_ID,
  type Checkout,
  type Order,
  type OrderQr,
  type Receipt,
} from '@snowgear/contracts';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  orderEvents,
  orderFeeItems,
  stores,
} from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 8, 1) + days * DAY).toISOString();
const CJK = /[\u3400-\u9fff]/;

/**
 * A foreign skier reads their order, its QR page and its receipt in English: the store, the
 * items, kinds, sizes and fee lines by their English names (the Chinese where none was given);
 * a Chinese reader reads the same order in Chinese.
 */
describe('orders in English', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let kind: { categoryId: string; attributeId: string };
  let item: { id: string; barcode: string };

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const db = t.database.db;
    const [category] = await db
      .insert(equipmentCategories)
      .values({
        tenantId: HOST_TENANT_ID,
        name: '测试头盔',
        nameEn: 'Test helmet',
        sizeKind: 'LargeEquipment',
      })
      .returning();
    const [size] = await db
      .insert(attributeDefinitions)
      .values({
        tenantId: HOST_TENANT_ID,
        categoryId: category!.id,
        name: 'fit',
        displayName: '尺码',
        kind: 'select' as const,
        options: ['大', '小'],
        optionsEn: ['Large', 'Small'],
        isSize: true,
        sortOrder: 1,
      })
      .returning();
    const [row] = await db
      .insert(equipment)
      .values({
        tenantId: HOST_TENANT_ID,
        storeId: wanlong,
        categoryId: category!.id,
        name: '测试头盔一号',
        nameEn: 'Test helmet No. 1',
        barcodeNumber: 'ENH-01',
        status: 0,
        dailyRentPriceFen: 5000,
        depositFen: 20000,
      })
      .returning();
    // Small ones to be booked by kind and size, one per booking.
    for (const n of [2, 3]) {
      const [small] = await db
        .insert(equipment)
        .values({
          tenantId: HOST_TENANT_ID,
          storeId: wanlong,
          categoryId: category!.id,
          name: `测试头盔${n}号`,
          barcodeNumber: `ENH-0${n}`,
          status: 0,
          dailyRentPriceFen: 5000,
          depositFen: 20000,
        })
        .returning();
      await db
        .insert(equipmentAttributeValues)
        .values({ equipmentId: small!.id, attributeId: size!.id, value: '小' });
    }
    kind = { categoryId: category!.id, attributeId: size!.id };
    item = { id: row!.id, barcode: 'ENH-01' };
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);

  let days = 0;
  async function book(language: string): Promise<Order> {
    const from = (days += 4);
    const res = await counterOrdersAs(t.app, csrf, tokens)(
      'employee',
      {
        storeId: wanlong,
        customerName: 'Jane Smith',
        customerPhone: '13700009876',
        rentalStartTime: at(from),
        rentalEndTime: at(from + 2),
        discount: 10,
        items: [
          { equipmentId: item.id },
          { categoryId: kind.categoryId, size: { [kind.attributeId]: '小' } },
        ],
      },
      language,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('names the store, items, kind, size and fee lines in the reader’s language', async () => {
    // Taken by a clerk reading English: the lines are still kept in both languages.
    const booked = await book('en-US');
    const en = (
      await call('employee', 'GET', `/api/app/orders/${booked.id}`, undefined, 'en')
    ).json<Order>();
    expect(en.storeName).toBe('Wanlong Resort Store');
    expect(en.items.map((i) => [i.equipmentName, i.categoryName, i.sizeLabel])).toEqual([
      ['Test helmet No. 1', 'Test helmet', expect.any(String)],
      ['Test helmet', 'Test helmet', 'Small'],
    ]);
    expect(en.feeItems.map((f) => f.description)).toEqual([
      'Test helmet No. 1 ENH-01 × 2',
      'Test helmet × 2',
      'Test helmet No. 1 ENH-01',
      'Test helmet',
      'Discount',
    ]);
    for (const e of en.timeline) expect(e.message).not.toMatch(CJK);

    const zh = (await call('employee', 'GET', `/api/app/orders/${booked.id}`)).json<Order>();
    expect(zh.storeName).toBe('万龙雪场店');
    expect(zh.items[1]).toMatchObject({ categoryName: '测试头盔', sizeLabel: '小' });
    expect(zh.feeItems.map((f) => f.description)).toEqual([
      '测试头盔一号 ENH-01 × 2',
      '测试头盔 × 2',
      '测试头盔一号 ENH-01',
      '测试头盔',
      '优惠',
    ]);
    const [fee] = await t.database.db
      .select()
      .from(orderFeeItems)
      .where(and(eq(orderFeeItems.orderId, booked.id), eq(orderFeeItems.kind, 'Discount')));
    expect(fee).toMatchObject({ description: '优惠', descriptionEn: 'Discount' });

    // The QR page and, once paid, the receipt read the same way.
    const qr = (
      await call('employee', 'GET', `/api/app/orders/qr/${booked.orderNumber}`, undefined, 'en')
    ).json<OrderQr>();
    expect(qr.storeName).toBe('Wanlong Resort Store');
    expect(qr.storeAddress).toMatch(/^Ground floor, Gear Hall, Wanlong Ski Resort/);
    expect(qr.items).toContainEqual({ name: 'Test helmet', sizeLabel: 'Small', count: 1 });
    expect(JSON.stringify(qr.summary)).toContain('Test helmet');
    expect(JSON.stringify(qr.summary)).not.toMatch(CJK);
    // The payment page: the store, the gear and the fees it pays for.
    const checkout = (
      await call('employee', 'GET', `/api/app/payments/checkout/${booked.id}`, undefined, 'en')
    ).json<Checkout>();
    expect(checkout.storeName).toBe('Wanlong Resort Store');
    expect(checkout.feeItems.map((f) => f.description)).toContain('Test helmet × 2');
    expect(JSON.stringify(checkout.summary)).not.toMatch(CJK);
    const zhCheckout = (
      await call('employee', 'GET', `/api/app/payments/checkout/${booked.id}`)
    ).json<Checkout>();
    expect(zhCheckout.storeName).toBe('万龙雪场店');
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${booked.bills[0]!.id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = (
      await call('employee', 'GET', `/api/app/orders/${booked.id}/receipt`, undefined, 'en')
    ).json<Receipt>();
    expect(receipt.storeName).toBe('Wanlong Resort Store');
    expect(receipt.lines.map((l) => [l.name, l.sizeLabel])).toEqual([
      ['Test helmet No. 1', expect.any(String)],
      ['Test helmet', 'Small'],
    ]);
    expect(receipt.fees.map((f) => f.description)).toEqual(['Discount']);
    const zhReceipt = (
      await call('employee', 'GET', `/api/app/orders/${booked.id}/receipt`)
    ).json<Receipt>();
    expect(zhReceipt.storeName).toBe('万龙雪场店');
    expect(zhReceipt.lines[1]).toMatchObject({ name: '测试头盔', sizeLabel: '小' });
  });

  it('shows the Chinese to an English reader where nothing was translated', async () => {
    await t.database.db.update(stores).set({ nameEn: '' }).where(eq(stores.id, wanlong));
    try {
      const booked = await book('zh-CN');
      const en = (
        await call('employee', 'GET', `/api/app/orders/${booked.id}`, undefined, 'en')
      ).json<Order>();
      expect(en.storeName).toBe('万龙雪场店');
      // Taken in Chinese, the fixed words are English all the same.
      expect(en.feeItems.at(-1)!.description).toBe('Discount');
    } finally {
      await t.database.db
        .update(stores)
        .set({ nameEn: 'Wanlong Resort Store' })
        .where(eq(stores.id, wanlong));
    }
  });

  it('gives the demo business’s stores, agreement, fee lines and timelines in English', async () => {
    const db = t.database.db;
    const rows = await db.select().from(stores).where(eq(stores.tenantId, HOST_TENANT_ID));
    for (const s of rows) {
      expect(s.nameEn, s.name).not.toBe('');
      expect(s.addressEn, s.name).not.toBe('');
      expect(s.nameEn + s.addressEn).not.toMatch(CJK);
    }
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json<{
      systemInfo: { rentalAgreementEn: string };
    }>();
    expect(config.systemInfo.rentalAgreementEn).toMatch(/^1\. The renter/);
    expect(config.systemInfo.rentalAgreementEn).not.toMatch(CJK);
    const fees = await db.select().from(orderFeeItems);
    for (const f of fees.filter((f) => f.kind !== 'Rent' && f.kind !== 'Deposit')) {
      expect(f.descriptionEn, f.description).not.toBe('');
      expect(f.descriptionEn).not.toMatch(CJK);
    }
    const events = await db.select().from(orderEvents);
    expect(events.length).toBeGreaterThan(0);
    // Staff are named as they are called (a customer reads them by their role instead).
    for (const e of events.filter((e) => !e.kind.startsWith('driver:'))) {
      expect(e.messageEn ?? '', e.message).not.toMatch(CJK);
    }
  });
});
