import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey as K,
  type AuditLogEntry,
  type PagedResult,
} from '@snowgear/contracts';
import {
  equipmentSaveBody,
  callerAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { businessDay } from '@/modules/orders/numbering.js';

interface Item {
  id: string;
  categoryId: string;
  name: string;
  brand: string;
  model: string;
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
  remarks: string;
  attributes: { attributeId: string; value: string }[];
  imageFiles: { id: string }[];
}

/** Changes of money and settings keep what a value was and what it became. */
describe('audit log: old and new values', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const dayIn = (offsetDays: number) => {
    const day = businessDay(new Date(Date.now() + offsetDays * 86_400_000), 'Asia/Shanghai');
    return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  };
  const log = async (query: string, as = 'manager', language = 'zh-CN') => {
    const res = await call(
      as,
      'GET',
      `/api/app/audit-log?from=${dayIn(-1)}&to=${dayIn(0)}&${query}`,
      undefined,
      language,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedResult<AuditLogEntry>>().items;
  };
  const editItem = (item: Item, change: Partial<Item>) =>
    call('employee', 'PUT', `/api/app/equipment/${item.id}`, equipmentSaveBody(item, change));

  it("an item's price change shows the old and the new daily rent and deposit", async () => {
    const [listed] = (
      await call('employee', 'GET', `/api/app/equipment?storeId=${wanlong}&maxResultCount=1`)
    ).json<{ items: { id: string }[] }>().items;
    const item = (await call('employee', 'GET', `/api/app/equipment/${listed!.id}`)).json<Item>();
    const rent = item.dailyRentPrice;
    const deposit = item.deposit;

    // A change of the remarks alone is no price change.
    expect((await editItem(item, { remarks: '审计备注' })).statusCode).toBe(200);
    expect(await log(`categories=settings&keyword=${item.barcodeNumber}`)).toEqual([]);

    const saved = await editItem(item, {
      remarks: '审计备注',
      dailyRentPrice: rent + 12.5,
      deposit: deposit + 100,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const lines = await log(`categories=settings&keyword=${item.barcodeNumber}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      category: 'settings',
      storeName: '万龙雪场店',
      operatorName: '李店员',
      equipmentId: item.id,
      summary: `修改“${item.name}”（${item.barcodeNumber}）的价格：日租金 ¥${rent.toFixed(2)} → ¥${(rent + 12.5).toFixed(2)}，押金 ¥${deposit.toFixed(2)} → ¥${(deposit + 100).toFixed(2)}`,
    });
    expect(lines[0]!.changes).toHaveLength(2);
    expect(lines[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'dailyRentPrice', before: rent, after: rent + 12.5 },
        { field: 'deposit', before: deposit, after: deposit + 100 },
      ]),
    );
    const english = await log(
      `categories=settings&keyword=${item.barcodeNumber}`,
      'manager',
      'en-US',
    );
    expect(english[0]!.summary).toContain(
      `daily rent ¥${rent.toFixed(2)} → ¥${(rent + 12.5).toFixed(2)}`,
    );
  });

  it('a parameter change shows its old and new value', async () => {
    const before = (
      await call('admin', 'GET', `/api/app/admin/business-parameters?storeId=${wanlong}`)
    ).json<{ items: { key: string; store: string | null }[] }>();
    const old = before.items.find((i) => i.key === K.DeliveryFee)!.store ?? '';
    const saved = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: wanlong,
      values: [{ key: K.DeliveryFee, value: '48' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [line] = await log('categories=settings&keyword=DeliveryFee');
    expect(line).toMatchObject({ category: 'settings', storeName: '万龙雪场店' });
    expect(line!.changes).toEqual([{ field: K.DeliveryFee, before: old, after: '48' }]);
  });

  it('lines that say it all in words carry no values', async () => {
    const lines = await log('categories=stock');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.changes.length === 0)).toBe(true);
  });
});
