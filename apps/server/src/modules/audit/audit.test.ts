import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_EXPORT_MAX_ROWS,
  HOST_TENANT_ID,
  type AuditLogEntry,
  type Order,
  type PagedResult,
} from '@snowgear/contracts';
import { auditLog } from '@/db/schema.js';
import { businessDay } from '@/modules/orders/numbering.js';
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
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('audit log', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let taiwu: string;
  /** What the tests below did, to find in the log. */
  let order: Order;
  let item: { id: string; name: string; barcodeNumber: string };
  let small: { id: string; name: string; unit: string };
  let person: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(
      tokens,
      await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'driver', 'multi']),
    );
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    taiwu = stores['太舞小镇店']!;

    // Orders and money: a walk-in order at 万龙, paid in cash.
    const free = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items as { id: string; name: string; barcodeNumber: string }[];
    const created = await counterOrder('employee', {
      storeId: wanlong,
      orderType: 'Normal',
      customerName: '审计客户',
      customerPhone: '13900002222',
      rentalStartTime: iso(200),
      rentalEndTime: iso(201),
      items: [{ equipmentId: free[0]!.id }],
    });
    expect(created.statusCode).toBe(201);
    order = created.json();
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`,
    );
    expect(paid.statusCode).toBe(200);

    // Stock: an item out and back in, and small equipment counted.
    item = free.at(-1)!;
    const out = await call('employee', 'POST', `/api/app/equipment/stock-out/${item.id}`, {
      reason: '审计出库',
      remarks: '',
      unavailableStartTime: iso(300),
      unavailableEndTime: iso(301),
    });
    expect(out.statusCode).toBe(200);
    const back = await call('employee', 'POST', `/api/app/equipment/stock-in/${item.id}`, {
      reason: '审计入库',
      shouldClearManualUnavailableTime: true,
    });
    expect(back.statusCode).toBe(200);
    const smalls = (
      await call(
        'employee',
        'GET',
        `/api/app/small-equipment?storeId=${wanlong}&maxResultCount=100`,
      )
    ).json().items as { id: string; name: string; unit: string }[];
    small = smalls[0]!;
    const adjusted = await call('employee', 'POST', `/api/app/small-equipment/${small.id}/adjust`, {
      delta: 3,
      reason: '审计补货',
    });
    expect(adjusted.statusCode).toBe(200);
    // Another store's stock, which a manager of 万龙 never sees.
    const otherSmall = (
      await call('admin', 'GET', `/api/app/small-equipment?storeId=${taiwu}&maxResultCount=100`)
    ).json().items[0] as { id: string };
    await call('admin', 'POST', `/api/app/small-equipment/${otherSmall.id}/adjust`, {
      delta: 1,
      reason: '审计太舞',
    });
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const log = async (query: string, as = 'manager', language = 'zh-CN') => {
    const res = await call(as, 'GET', `/api/app/audit-log?${query}`, undefined, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedResult<AuditLogEntry>>();
  };
  /** A day in the stores' zone, counted from now ("2026-11-24"), read when asked. */
  const dayIn = (offsetDays = 0) => {
    const day = businessDay(new Date(Date.now() + offsetDays * 86_400_000), 'Asia/Shanghai');
    return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  };
  // From the day before: a run that crosses midnight still finds what it did before it.
  const range = () => `from=${dayIn(-1)}&to=${dayIn()}`;

  it('writes a staff line in the same transaction for every change to a person, never the password', async () => {
    const created = await call('manager', 'POST', '/api/app/employees', {
      userName: 'audit01',
      name: '审计员工',
      password: 'Abc123!x',
      phoneNumber: '13911113333',
      roles: ['StoreEmployee'],
      primaryStoreId: wanlong,
    });
    expect(created.statusCode).toBe(201);
    person = created.json();
    const base = {
      name: '审计员工',
      phoneNumber: '13911113333',
      email: '',
      primaryStoreId: wanlong,
    };
    const steps = [
      call('manager', 'PUT', `/api/app/employees/${person.id}`, {
        ...base,
        name: '审计员工二',
        roles: ['StoreEmployee', 'Driver'],
      }),
    ];
    expect((await steps[0]!).statusCode).toBe(200);
    // Saved again unchanged: nothing to log.
    const same = await call('manager', 'PUT', `/api/app/employees/${person.id}`, {
      ...base,
      name: '审计员工二',
      roles: ['Driver', 'StoreEmployee'],
    });
    expect(same.statusCode).toBe(200);
    for (const action of ['deactivate', 'activate']) {
      const res = await call('manager', 'POST', `/api/app/employees/${person.id}/${action}`);
      expect(res.statusCode).toBe(200);
    }
    const reset = await call('manager', 'POST', `/api/app/employees/${person.id}/reset-password`, {
      newPassword: 'Secret9!z',
    });
    expect(reset.statusCode).toBe(204);

    const lines = (await log(`categories=staff&keyword=audit01&${range()}`)).items;
    expect(lines.map((l) => l.summary)).toEqual([
      '重置密码 审计员工二（audit01）',
      '启用账号 审计员工二（audit01）',
      '停用账号 审计员工二（audit01）',
      '修改人员 审计员工二（audit01）：姓名 审计员工 → 审计员工二；角色 店员 → 店员、司机',
      '新增人员 审计员工（audit01），角色：店员',
    ]);
    expect(lines.every((l) => l.category === 'staff' && l.storeName === '万龙雪场店')).toBe(true);
    expect(lines.every((l) => l.operatorName === '王店长')).toBe(true);
    const english = (await log(`categories=staff&keyword=audit01&${range()}`, 'manager', 'en-US'))
      .items;
    expect(english[0]!.summary).toBe('Reset the password of 审计员工二 (audit01)');
    expect(english[3]!.summary).toBe(
      'Changed 审计员工二 (audit01): name 审计员工 → 审计员工二; roles Store staff → Store staff, Driver',
    );

    // What is stored: the changed fields before and after, and no password anywhere.
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`entity_id = ${person.id}`);
    expect(rows).toHaveLength(5);
    const stored = JSON.stringify(rows);
    for (const secret of ['Abc123!x', 'Secret9!z', 'password_hash', '$argon2']) {
      expect(stored).not.toContain(secret);
    }
    expect(rows.find((r) => r.action === 'updated')!.changes).toEqual({
      name: ['审计员工', '审计员工二'],
      roles: [['StoreEmployee'], ['Driver', 'StoreEmployee']],
    });

    // A refused change writes nothing (the same transaction).
    const refused = await call('manager', 'PUT', `/api/app/employees/${person.id}`, {
      ...base,
      roles: ['StoreManager'],
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`entity_id = ${person.id}`),
    ).toHaveLength(5);
  });

  it('reads orders and money from the order timelines, linking to the order', async () => {
    const lines = (await log(`keyword=${order.orderNumber}&${range()}`)).items;
    const money = lines.filter((l) => l.category === 'money');
    expect(money).toHaveLength(1);
    expect(money[0]).toMatchObject({
      summary: `订单 ${order.orderNumber}：确认收到现金 ¥${order.totalAmount.toFixed(2)}`,
      orderId: order.id,
      equipmentId: null,
      storeName: '万龙雪场店',
      operatorName: '李店员',
    });
    const orderLines = lines.filter((l) => l.category === 'orders').map((l) => l.summary);
    expect(orderLines).toContain(`订单 ${order.orderNumber}：创建订单`);
    expect(orderLines.every((s) => !s.includes('现金'))).toBe(true);

    const onlyMoney = (await log(`categories=money&keyword=${order.orderNumber}&${range()}`)).items;
    expect(onlyMoney.map((l) => l.id)).toEqual(money.map((l) => l.id));
    const english = (
      await log(`categories=money&keyword=${order.orderNumber}&${range()}`, 'manager', 'en-US')
    ).items;
    expect(english[0]!.summary).toBe(
      `Order ${order.orderNumber}: Cash received: ¥${order.totalAmount.toFixed(2)}`,
    );
  });

  it('reads stock from the equipment history and small-equipment movements, linking to the item', async () => {
    const lines = (await log(`categories=stock&keyword=${encodeURIComponent('审计')}&${range()}`))
      .items;
    expect(lines.map((l) => l.summary)).toEqual([
      `${small.name} +3${small.unit}，结存 ${lines[0]!.summary.match(/结存 (\d+)/)![1]}${small.unit}，原因：审计补货`,
      `入库：${item.name}（${item.barcodeNumber}），已出库 → 在库，原因：审计入库`,
      `出库：${item.name}（${item.barcodeNumber}），在库 → 已出库，原因：审计出库`,
    ]);
    expect(lines[0]).toMatchObject({ smallEquipmentId: small.id, equipmentId: null });
    expect(lines[1]).toMatchObject({ equipmentId: item.id, smallEquipmentId: null });
    // Found by barcode too, with the item's earlier history (its registration by the demo data).
    const byBarcode = (await log(`categories=stock&keyword=${item.barcodeNumber}&${range()}`))
      .items;
    expect(byBarcode.slice(0, 2).map((l) => l.id)).toEqual([lines[1]!.id, lines[2]!.id]);
    expect(byBarcode.every((l) => l.equipmentId === item.id)).toBe(true);
  });

  it('names the items, small gear and stores of stock lines in English for an English reader', async () => {
    const named = (
      await call('employee', 'GET', `/api/app/equipment/${item.id}`, undefined, 'en-US')
    ).json<{ nameEn: string }>();
    const smallEn = (
      await call(
        'employee',
        'GET',
        `/api/app/small-equipment?storeId=${wanlong}&maxResultCount=100`,
      )
    )
      .json<{ items: { id: string; nameEn: string }[] }>()
      .items.find((s) => s.id === small.id)!;
    expect(named.nameEn).not.toBe('');
    expect(smallEn.nameEn).not.toBe('');
    const lines = (
      await log(
        `categories=stock&keyword=${encodeURIComponent('审计')}&${range()}`,
        'manager',
        'en-US',
      )
    ).items;
    expect(lines.map((l) => l.storeName)).toEqual(Array(3).fill('Wanlong Resort Store'));
    expect(lines[0]!.summary).toMatch(
      new RegExp(`^${smallEn.nameEn.replace(/[()]/g, '\\$&')} \\+3, `),
    );
    expect(lines[1]!.summary).toBe(
      `Checked in: ${named.nameEn} (${item.barcodeNumber}), checked out → in stock, reason: 审计入库`,
    );
    // Found by its English name too.
    const byName = (
      await log(`categories=stock&keyword=${encodeURIComponent(named.nameEn)}&${range()}`)
    ).items;
    expect(byName.map((l) => l.id)).toContain(lines[1]!.id);
  });

  it('keeps a manager to their own store and lets the super admin see one store or all', async () => {
    const query = `categories=stock&keyword=${encodeURIComponent('审计')}&${range()}`;
    const mine = (await log(query)).items;
    expect(mine.some((l) => l.summary.includes('审计太舞'))).toBe(false);
    const all = (await log(query, 'admin')).items;
    expect(all.find((l) => l.summary.includes('审计太舞'))).toMatchObject({
      storeName: '太舞小镇店',
    });
    expect(all).toHaveLength(mine.length + 1);
    const taiwuOnly = (await log(`${query}&storeId=${taiwu}`, 'admin')).items;
    expect(taiwuOnly.map((l) => l.storeName)).toEqual(['太舞小镇店']);

    const elsewhere = await call(
      'manager',
      'GET',
      `/api/app/audit-log?storeId=${taiwu}&${range()}`,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('只能查看本门店的操作日志');
    expect(
      (await call('manager', 'GET', `/api/app/audit-log/export.csv?storeId=${taiwu}&${range()}`))
        .statusCode,
    ).toBe(403);
    for (const who of ['employee', 'driver']) {
      expect((await call(who, 'GET', `/api/app/audit-log?${range()}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject(`/api/app/audit-log?${range()}`)).statusCode).toBe(401);
    const unknown = await call(
      'admin',
      'GET',
      `/api/app/audit-log?storeId=00000000-0000-4000-8000-000000000000&${range()}`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('filters by operator, lists newest first and pages without gaps or repeats', async () => {
    const byEmployee = (
      await log(`operator=${encodeURIComponent('李店员')}&${range()}&maxResultCount=100`)
    ).items;
    expect(byEmployee.length).toBeGreaterThan(0);
    expect(byEmployee.every((l) => l.operatorName === '李店员')).toBe(true);

    const first = await log(`${range()}&maxResultCount=100`);
    const times = first.items.map((l) => Date.parse(l.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const pages = await Promise.all(
      [0, 1, 2].map((i) => log(`${range()}&skipCount=${i * 7}&maxResultCount=7`)),
    );
    expect(pages.flatMap((p) => p.items.map((l) => l.id))).toEqual(
      first.items.slice(0, 21).map((l) => l.id),
    );
    expect(pages.every((p) => p.totalCount === first.totalCount)).toBe(true);
    expect((await log(range())).items).toHaveLength(Math.min(20, first.totalCount));
  });

  it('counts lines by business day in the business time zone', async () => {
    // 16:30 UTC is half past midnight the next day in China.
    await t.database.db
      .insert(auditLog)
      .values([line('2021-03-01T15:59:00Z', '日界线前'), line('2021-03-01T16:00:00Z', '日界线后')]);
    const march1 = await log('categories=settings&from=2021-03-01&to=2021-03-01', 'admin');
    expect(march1.items.map((l) => l.summary)).toEqual(['日界线前']);
    const march2 = await log('categories=settings&from=2021-03-02&to=2021-03-02', 'admin');
    expect(march2.items.map((l) => l.summary)).toEqual(['日界线后']);
    expect(march2.items[0]).toMatchObject({ storeName: null, category: 'settings' });
  });

  it('refuses bad filters with a 400 next to the field', async () => {
    const backwards = await call(
      'manager',
      'GET',
      '/api/app/audit-log?from=2027-01-02&to=2027-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('开始日期 2027-01-02 晚于结束日期 2027-01-01');
    const tooLong = await call(
      'manager',
      'GET',
      '/api/app/audit-log?from=2023-01-01&to=2024-01-02',
    );
    expect(tooLong.statusCode).toBe(400);
    for (const query of [
      `categories=stock,gossip&${range()}`,
      `categories=&${range()}`,
      `maxResultCount=101&${range()}`,
      `skipCount=10001&${range()}`,
      'from=2027-02-30&to=2027-03-01',
      `from=${dayIn()}`,
      `storeId=42&${range()}`,
    ]) {
      const res = await call('manager', 'GET', `/api/app/audit-log?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const wrong = await call('manager', 'GET', `/api/app/audit-log?categories=gossip&${range()}`);
    expect(wrong.json().error.validationErrors[0].members).toEqual(['categories.0']);
  });

  it('exports the same lines as CSV with a BOM, and asks for fewer days beyond the cap', async () => {
    const query = `categories=stock&keyword=${encodeURIComponent('审计')}&${range()}`;
    const res = await call('manager', 'GET', `/api/app/audit-log/export.csv?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="audit-log-${dayIn(-1)}-${dayIn()}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(rows[0]).toBe('时间,类别,门店,操作人,内容,对象');
    expect(rows).toHaveLength(3 + 2); // header, three lines, the last line break
    expect(rows[2]).toMatch(
      new RegExp(
        `^(${dayIn(-1)}|${dayIn()}) \\d{2}:\\d{2}:\\d{2},库存,万龙雪场店,李店员,入库：.*，原因：审计入库,${item.name}$`,
      ),
    );
    const english = await call(
      'manager',
      'GET',
      `/api/app/audit-log/export.csv?${query}`,
      undefined,
      'en-US',
    );
    expect(english.body.split('\r\n')[0]).toBe(
      '\uFEFFTime,Category,Store,Operator,What changed,Subject',
    );

    // More lines than one file holds, on a day of their own.
    await t.database.db.execute(sql`
      insert into audit_log (tenant_id, category, entity_type, action, summary, summary_en, created_at)
      select ${HOST_TENANT_ID}, 'settings', 'system-setting', 'updated', '批量', 'bulk',
        '2020-06-01T04:00:00Z'::timestamptz + make_interval(secs => g)
      from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1}) g`);
    const capped = await call(
      'admin',
      'GET',
      '/api/app/audit-log/export.csv?from=2020-06-01&to=2020-06-01',
    );
    expect(capped.statusCode).toBe(400);
    expect(capped.json().error).toMatchObject({
      code: 'Audit:TooManyRows',
      message: '符合条件的记录超过 10000 条，无法一次导出，请缩短日期范围或增加筛选条件',
    });
    const listed = await log('from=2020-06-01&to=2020-06-01&skipCount=10000', 'admin');
    expect(listed.totalCount).toBe(AUDIT_EXPORT_MAX_ROWS + 1);
    expect(listed.items).toHaveLength(1);
  });
});

function line(at: string, summary: string) {
  return {
    tenantId: HOST_TENANT_ID,
    category: 'settings',
    entityType: 'system-setting',
    action: 'updated',
    summary,
    summaryEn: summary,
    createdAt: new Date(at),
  };
}
