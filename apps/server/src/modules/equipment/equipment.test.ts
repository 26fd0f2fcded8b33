import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, like, lt, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeDefinitions,
  equipment,
  equipmentCategories,
  equipmentUnavailableTimes,
} from '@/db/schema.js';
import {
  equipmentSaveBody,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('equipment', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let storeIds: Record<string, string>;
  let categories: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'employee', 'multi', 'driver']));
    storeIds = await storeIdsByName(t.app);
    const cats = (await call('employee', 'GET', '/api/app/equipment/categories')).json();
    categories = Object.fromEntries(
      cats.items.map((c: { name: string; id: string }) => [c.name, c.id]),
    );
  });
  afterAll(() => t.close());

  function call(
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url,
      payload,
      headers: { ...csrf, authorization: `Bearer ${tokens[as]}` },
    });
  }
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const byBarcode = async (barcode: string) =>
    (
      await call('employee', 'GET', `/api/app/equipment/by-barcode?barcodeNumber=${barcode}`)
    ).json();
  /**
   * An item in stock that no order or lock holds at any time: the demo orders booked by kind hold
   * items from tomorrow on, so a test that needs a free window picks one of these.
   */
  const freeItem = async (barcodePrefix: string) => {
    const [row] = await t.database.db
      .select({ barcode: equipment.barcodeNumber })
      .from(equipment)
      .where(
        and(
          like(equipment.barcodeNumber, `${barcodePrefix}%`),
          eq(equipment.status, 0),
          notExists(
            t.database.db
              .select({ id: equipmentUnavailableTimes.id })
              .from(equipmentUnavailableTimes)
              .where(eq(equipmentUnavailableTimes.equipmentId, equipment.id)),
          ),
        ),
      )
      .orderBy(asc(equipment.barcodeNumber))
      .limit(1);
    if (!row) throw new Error(`no free ${barcodePrefix} item in the demo stock`);
    return byBarcode(row.barcode);
  };
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const stockOut = (as: string, id: string, from: number, to: number, reason = '租赁') =>
    call(as, 'POST', `/api/app/equipment/stock-out/${id}`, {
      reason,
      remarks: '',
      unavailableStartTime: iso(from),
      unavailableEndTime: iso(to),
    });
  const stockIn = (as: string, id: string, clear = true) =>
    call(as, 'POST', `/api/app/equipment/stock-in/${id}`, {
      reason: '租赁归还',
      shouldClearManualUnavailableTime: clear,
    });
  const setStatus = (as: string, id: string, newStatus: number) =>
    call(as, 'POST', `/api/app/equipment/change-status/${id}`, { newStatus, reason: '检查发现' });

  it('has the demo stock: 9 categories and items in every status in every store', async () => {
    expect(Object.keys(categories)).toHaveLength(9);
    const all = (await call('admin', 'GET', '/api/app/equipment?maxResultCount=1000')).json();
    // 51 at each store: adults' sizes, children's, and three premium skis.
    expect(all.totalCount).toBe(153);
    for (const store of Object.values(storeIds)) {
      const statuses = new Set(
        all.items
          .filter((e: { storeId: string }) => e.storeId === store)
          .map((e: { status: number }) => e.status),
      );
      expect([...statuses].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    }
    const item = all.items.find((e: { barcodeNumber: string }) => e.barcodeNumber === 'SGWLSKI001');
    expect(item).toMatchObject({
      categoryName: '双板滑雪板',
      storeName: '万龙雪场店',
      dailyRentPrice: 120,
      deposit: 1000,
      statusDisplayName: '在库',
    });
    expect(item.attributes.map((a: { displayName: string }) => a.displayName)).toEqual(
      expect.arrayContaining(['长度', '适用水平', '颜色']),
    );
  });

  it('filters by store, category, status, keyword, attribute value and free window', async () => {
    const q = (s: string) =>
      call('employee', 'GET', `/api/app/equipment?maxResultCount=1000&${s}`).then((r) => r.json());
    const wl = await q(`storeId=${storeIds['万龙雪场店']}`);
    expect(wl.items.every((e: { storeName: string }) => e.storeName === '万龙雪场店')).toBe(true);
    const boards = await q(`categoryId=${categories['单板滑雪板']}&status=0`);
    expect(
      boards.items.every(
        (e: { categoryName: string; status: number }) =>
          e.categoryName === '单板滑雪板' && e.status === 0,
      ),
    ).toBe(true);
    expect(
      (await q('keyword=atomic')).items.every((e: { brand: string }) => e.brand === 'Atomic'),
    ).toBe(true);
    expect((await q('keyword=sgtwpole')).totalCount).toBe(4);
    const defs = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment-attribute/attribute-definitions?CategoryId=${categories['双板滑雪板']}&IsFilterable=true&MaxResultCount=100`,
      )
    ).json();
    const length = defs.items.find((d: { name: string }) => d.name === 'length');
    expect(defs.items.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['length', 'level', 'colour']),
    );
    const long = await q(`categoryId=${categories['双板滑雪板']}&attr.${length.id}=170`);
    expect(long.totalCount).toBeGreaterThan(0);
    expect(
      long.items.every((e: { attributes: { name: string; value: string }[] }) =>
        e.attributes.some((a) => a.name === 'length' && a.value === '170'),
      ),
    ).toBe(true);
    const values = (
      await call('employee', 'GET', `/api/app/equipment-attribute/attribute-values/${length.id}`)
    ).json();
    // Children's lengths too, in the order of their numbers.
    expect(values.items).toEqual([
      '70',
      '80',
      '90',
      '100',
      '110',
      '120',
      '130',
      '140',
      '150',
      '160',
      '170',
      '180',
    ]);

    const free = await q(
      `storeId=${storeIds['万龙雪场店']}&availableFrom=${encodeURIComponent(iso(0))}&availableTo=${encodeURIComponent(iso(1))}`,
    );
    expect(free.items.every((e: { status: number }) => e.status === 0)).toBe(true);
    expect(
      free.items.some((e: { barcodeNumber: string }) => e.barcodeNumber === 'SGWLSKI002'),
    ).toBe(false);
  });

  it('pages through a store in the list order (category, name, barcode), the same whole as one read', async () => {
    const store = storeIds['万龙雪场店']!;
    const window = `availableFrom=${encodeURIComponent(iso(0))}&availableTo=${encodeURIComponent(iso(1))}`;
    // What the list holds, read straight from the database in the list's order.
    const expected = async (freeOnly: boolean) =>
      (
        await t.database.db
          .select({ barcode: equipment.barcodeNumber })
          .from(equipment)
          .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
          .where(
            and(
              eq(equipment.storeId, store),
              freeOnly ? eq(equipment.status, 0) : undefined,
              freeOnly
                ? notExists(
                    t.database.db
                      .select({ id: equipmentUnavailableTimes.id })
                      .from(equipmentUnavailableTimes)
                      .where(
                        and(
                          eq(equipmentUnavailableTimes.equipmentId, equipment.id),
                          lt(equipmentUnavailableTimes.startAt, new Date(iso(1))),
                          gt(equipmentUnavailableTimes.endAt, new Date(iso(0))),
                        ),
                      ),
                  )
                : undefined,
            ),
          )
          .orderBy(
            asc(equipmentCategories.sortOrder),
            asc(equipment.name),
            asc(equipment.barcodeNumber),
          )
      ).map((r) => r.barcode);
    for (const [filters, freeOnly] of [
      [`storeId=${store}`, false],
      [`storeId=${store}&${window}`, true],
    ] as const) {
      const whole = await expected(freeOnly);
      // Several categories, and pages that end inside a category.
      expect(whole.length).toBeGreaterThan(30);
      const shown: string[] = [];
      let totalCount = 0;
      for (let skip = 0; skip < whole.length; skip += 7) {
        const page = (
          await call(
            'employee',
            'GET',
            `/api/app/equipment?${filters}&skipCount=${skip}&maxResultCount=7`,
          )
        ).json();
        shown.push(...page.items.map((e: { barcodeNumber: string }) => e.barcodeNumber));
        totalCount = page.totalCount;
      }
      expect(shown).toEqual(whole);
      expect(totalCount).toBe(whole.length);
    }
  });

  it('finds an item by barcode in any case, and 404s an unknown one', async () => {
    expect((await byBarcode('sgwlski001')).barcodeNumber).toBe('SGWLSKI001');
    const missing = await call(
      'employee',
      'GET',
      '/api/app/equipment/by-barcode?barcodeNumber=NOPE',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('设备不存在');
  });

  it("shows anyone an item's public details by serial number, and nothing internal", async () => {
    const res = await t.app.inject('/api/app/equipment/inquiry?sn=sgwlski001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      barcodeNumber: 'SGWLSKI001',
      storeName: '万龙雪场店',
      dailyRentPrice: 120,
    });
    expect(res.json()).not.toHaveProperty('unavailableTimes');
    expect(res.json()).not.toHaveProperty('remarks');
    expect((await t.app.inject('/api/app/equipment/inquiry?sn=NOPE')).statusCode).toBe(404);
    expect((await t.app.inject('/api/app/equipment?maxResultCount=1')).statusCode).toBe(401);
  });

  it('checks out only from 0 with a range, then back in from 1', async () => {
    const item = await byBarcode('SGWLSKI003');
    const out = await stockOut('employee', item.id, 0, 3);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({
      success: true,
      message: '出库成功',
      equipment: { status: 1, usageCount: item.usageCount + 1 },
    });
    expect(out.json().equipment.unavailableTimes).toHaveLength(1);
    const again = await stockOut('employee', item.id, 5, 6);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'Equipment:IllegalStatusTransition',
      message: '当前状态（已出库）不能出库',
    });
    const back = await stockIn('employee', item.id);
    expect(back.json()).toMatchObject({
      success: true,
      message: '入库成功',
      equipment: { status: 0, unavailableTimes: [] },
    });
    expect((await stockIn('employee', item.id)).json().error.code).toBe(
      'Equipment:IllegalStatusTransition',
    );
  });

  it('refuses an overlapping range with 409 and the conflicting window; back-to-back is fine', async () => {
    const item = await byBarcode('SGWLSKI004');
    await stockOut('employee', item.id, 1, 3);
    await stockIn('employee', item.id, false); // keeps the manual lock
    const clash = await stockOut('employee', item.id, 2, 4);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('Equipment:NotAvailable');
    expect(clash.json().error.data.conflictStartTime.slice(0, 13)).toBe(iso(1).slice(0, 13));
    // The message gives the window on the store's clock (Asia/Shanghai, UTC+8), not UTC.
    const { conflictStartTime, conflictEndTime } = clash.json().error.data;
    const beijing = (at: string) =>
      new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(clash.json().error.message).toBe(
      `该设备在 ${beijing(conflictStartTime)} 至 ${beijing(conflictEndTime)} 已被占用`,
    );
    expect((await byBarcode('SGWLSKI004')).status).toBe(0); // nothing half-written
    const lock = (await byBarcode('SGWLSKI004')).unavailableTimes[0];
    const adjacent = await call('employee', 'POST', `/api/app/equipment/stock-out/${item.id}`, {
      reason: '租赁',
      unavailableStartTime: lock.endTime,
      unavailableEndTime: iso(5),
    });
    expect(adjacent.statusCode).toBe(200);
  });

  it('the database itself refuses two overlapping ranges of one item', async () => {
    const item = await byBarcode('SGWLSKI005');
    const row = {
      tenantId: (await t.database.db.select().from(equipment).where(eq(equipment.id, item.id)))[0]!
        .tenantId,
      equipmentId: item.id,
      source: 'manual' as const,
    };
    await t.database.db
      .insert(equipmentUnavailableTimes)
      .values({ ...row, startAt: new Date('2030-01-01'), endAt: new Date('2030-01-05') });
    const err = await t.database.db
      .insert(equipmentUnavailableTimes)
      .values({ ...row, startAt: new Date('2030-01-04'), endAt: new Date('2030-01-06') })
      .catch((e: { code?: string; cause?: { code?: string } }) => e);
    expect(
      (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code,
    ).toBe('23P01');
    await t.database.db
      .delete(equipmentUnavailableTimes)
      .where(eq(equipmentUnavailableTimes.equipmentId, item.id));
  });

  it('marks damaged or lost only from 0 or 1, scraps from 0/2/3, and every check-in label path returns to 0', async () => {
    const a = await byBarcode('SGWLSBT001');
    expect((await setStatus('employee', a.id, 2)).json().equipment.status).toBe(2);
    expect((await setStatus('employee', a.id, 3)).json().error.message).toBe(
      '当前状态（损坏维修中）不能标记为丢失',
    );
    expect((await setStatus('employee', a.id, 5)).json().equipment.status).toBe(5);
    expect((await stockIn('employee', a.id)).json().equipment.status).toBe(0);
    const out = await byBarcode('SGWLSKI002'); // demo: checked out
    expect((await setStatus('employee', out.id, 5)).statusCode).toBe(409);
    expect((await setStatus('employee', out.id, 3)).json().equipment.status).toBe(3);
    expect((await stockIn('employee', out.id)).json().equipment.status).toBe(0);
    expect((await setStatus('employee', out.id, 1)).statusCode).toBe(400);
  });

  it('validates stock forms with the texts of spec §5', async () => {
    const item = await byBarcode('SGWLSBT002');
    const check = async (payload: object, member: string, messageKey: string) => {
      const res = await call(
        'employee',
        'POST',
        `/api/app/equipment/stock-out/${item.id}`,
        payload,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toContainEqual({
        message: messageKey,
        members: [member],
      });
    };
    await check(
      { reason: ' ', unavailableStartTime: iso(0), unavailableEndTime: iso(1) },
      'reason',
      'ReasonRequired',
    );
    await check(
      { reason: 'x'.repeat(201), unavailableStartTime: iso(0), unavailableEndTime: iso(1) },
      'reason',
      'ReasonTooLong',
    );
    await check(
      {
        reason: '租赁',
        remarks: 'x'.repeat(501),
        unavailableStartTime: iso(0),
        unavailableEndTime: iso(1),
      },
      'remarks',
      'RemarksTooLong',
    );
    await check(
      { reason: '租赁', unavailableStartTime: iso(2), unavailableEndTime: iso(1) },
      'unavailableEndTime',
      'EndBeforeStart',
    );
    await check(
      { reason: '租赁', unavailableStartTime: iso(0), unavailableEndTime: iso(366) },
      'unavailableEndTime',
      'TooManyDays',
    );
    await check(
      { reason: '租赁', unavailableStartTime: '0000-01-01T00:00:00Z', unavailableEndTime: iso(1) },
      'unavailableStartTime',
      'DateOutOfRange',
    );
    await check(
      { reason: '租赁', unavailableStartTime: iso(0), unavailableEndTime: '9999-12-31T00:00:00Z' },
      'unavailableEndTime',
      'DateOutOfRange',
    );
    // A window that has already ended (a stale draft restored a day later) locks nothing.
    await check(
      { reason: '租赁', unavailableStartTime: iso(-3), unavailableEndTime: iso(-1) },
      'unavailableEndTime',
      'EndInPast',
    );
    await check(
      { reason: '租\n赁', unavailableStartTime: iso(0), unavailableEndTime: iso(1) },
      'reason',
      'InvalidCharacters',
    );
    await check(
      { reason: '\u200b', unavailableStartTime: iso(0), unavailableEndTime: iso(1) },
      'reason',
      'ReasonRequired',
    );
  });

  it('refuses a free window that ends before it starts, and filters that are not numbers', async () => {
    const reversed = await call(
      'employee',
      'GET',
      `/api/app/equipment?availableFrom=${encodeURIComponent(iso(5))}&availableTo=${encodeURIComponent(iso(1))}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.validationErrors[0].members).toEqual(['availableTo']);
    for (const query of [
      'status=',
      'status=0x1',
      'skipCount=-1',
      'availableFrom=0000-01-01T00:00:00Z',
    ]) {
      expect((await call('employee', 'GET', `/api/app/equipment?${query}`)).statusCode, query).toBe(
        400,
      );
    }
  });

  it('answers a store that does not exist with StoreNotFound, and garbled prices and names with 400', async () => {
    const base = {
      categoryId: categories['头盔'],
      storeId: storeIds['万龙雪场店'],
      name: '头盔',
      barcodeNumber: 'BAD-INPUT-1',
      dailyRentPrice: 25,
      deposit: 200,
    };
    const nowhere = await call('admin', 'POST', '/api/app/equipment', {
      ...base,
      storeId: randomUUID(),
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error).toMatchObject({ code: 'Store:NotFound', message: '门店不存在' });
    const refused = async (payload: object) => {
      const res = await call('employee', 'POST', '/api/app/equipment', { ...base, ...payload });
      expect(res.statusCode).toBe(400);
      return res.json().error.validationErrors[0];
    };
    expect(await refused({ dailyRentPrice: '' })).toEqual({
      message: 'InvalidNumber',
      members: ['dailyRentPrice'],
    });
    expect(await refused({ deposit: '0x10' })).toEqual({
      message: 'InvalidNumber',
      members: ['deposit'],
    });
    expect(await refused({ brand: 'PO\u202eC' })).toEqual({
      message: 'InvalidCharacters',
      members: ['brand'],
    });
    expect(await refused({ name: '\u200b' })).toEqual({
      message: 'NameRequired',
      members: ['name'],
    });
  });

  it('keeps staff to their own store, lets a SuperAdmin anywhere, and drivers only look', async () => {
    const tw = await freeItem('SGTW');
    const refused = await stockOut('employee', tw.id, 0, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'Equipment:BelongsToAnotherStore',
      message: '该设备属于太舞小镇店，您只能操作本门店的设备',
    });
    expect((await stockOut('admin', tw.id, 0, 1)).statusCode).toBe(200);
    expect((await call('driver', 'GET', `/api/app/equipment/${tw.id}`)).statusCode).toBe(200);
    expect((await stockIn('driver', tw.id)).statusCode).toBe(403);
  });

  it("shows staff every store's gear and when it is free, but which order holds it only to the order's store", async () => {
    type Item = {
      id: string;
      barcodeNumber: string;
      storeId: string;
      status: number;
      outOnOrder: {
        orderId: string | null;
        orderNumber: string | null;
        customerName: string | null;
        storeId: string;
      } | null;
      unavailableTimes: { source: string; orderId: string | null; endTime: string }[];
    };
    const list = async (as: string, query: string) =>
      (await call(as, 'GET', `/api/app/equipment?maxResultCount=1000&${query}`)).json<{
        items: Item[];
        totalCount: number;
      }>();
    const taiwu = storeIds['太舞小镇店']!;
    const wanlong = storeIds['万龙雪场店']!;
    // As a SuperAdmin sees them: an item of each store out on an order, and one held for one.
    const all = await list('admin', '');
    const outAt = (store: string) =>
      all.items.find((i) => i.storeId === store && i.outOnOrder?.orderId)!;
    const heldAt = (store: string) =>
      all.items.find(
        (i) => i.storeId === store && i.unavailableTimes.some((u) => u.orderId !== null),
      )!;
    const [theirsOut, theirsHeld, mineOut] = [outAt(taiwu), heldAt(taiwu), outAt(wanlong)];
    expect([theirsOut, theirsHeld, mineOut].every(Boolean)).toBe(true);

    // A clerk reads the whole business's stock (a counter sends customers to a sister store)…
    const clerkSees = await list('employee', '');
    expect(clerkSees.totalCount).toBe(all.totalCount);
    const seen = (id: string) => clerkSees.items.find((i) => i.id === id)!;
    // … that another store's item is out, and on an order of which store, not which order …
    expect(seen(theirsOut.id)).toMatchObject({
      status: theirsOut.status,
      outOnOrder: { orderId: null, orderNumber: null, customerName: null, storeId: taiwu },
    });
    expect(seen(theirsHeld.id).unavailableTimes).toEqual(
      theirsHeld.unavailableTimes.map((u) => ({ ...u, orderId: null })),
    );
    for (const answer of [
      JSON.stringify(clerkSees),
      (await call('employee', 'GET', `/api/app/equipment/${theirsOut.id}`)).body,
      (
        await call(
          'employee',
          'GET',
          `/api/app/equipment/by-barcode?barcodeNumber=${theirsOut.barcodeNumber}`,
        )
      ).body,
      (await call('employee', 'GET', `/api/app/equipment/unavailable-times/${theirsHeld.id}`)).body,
      JSON.stringify((await list('employee', `storeId=${taiwu}`)).items),
    ]) {
      expect(answer).not.toContain(theirsOut.outOnOrder!.orderId!);
      expect(answer).not.toContain(theirsOut.outOnOrder!.orderNumber!);
      expect(answer).not.toContain(theirsOut.outOnOrder!.customerName!);
      for (const hold of theirsHeld.unavailableTimes) {
        if (hold.orderId) expect(answer).not.toContain(hold.orderId);
      }
    }
    // … and its own store's orders as before.
    expect(seen(mineOut.id).outOnOrder).toEqual(mineOut.outOnOrder);
  });

  it("lets staff operate another store's gear once they confirm the notice, and says so in the history", async () => {
    const tw = await freeItem('SGTW');
    const confirmed = await call('employee', 'POST', `/api/app/equipment/stock-out/${tw.id}`, {
      reason: '租赁',
      unavailableStartTime: iso(0),
      unavailableEndTime: iso(1),
      otherStoreAcknowledged: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().equipment).toMatchObject({ status: 1, storeName: '太舞小镇店' });
    const back = await call('employee', 'POST', `/api/app/equipment/stock-in/${tw.id}`, {
      reason: '租赁归还',
      otherStoreAcknowledged: true,
    });
    expect(back.json().equipment.status).toBe(0);
    // Editing the item itself stays with its own store.
    const edit = await call('employee', 'PUT', `/api/app/equipment/${tw.id}/barcode`, {
      barcodeNumber: `${tw.barcodeNumber}-X`,
      otherStoreAcknowledged: true,
    });
    expect(edit.json().error.code).toBe('Equipment:BelongsToAnotherStore');

    const history = (
      await call('employee', 'GET', `/api/app/equipment/equipment-operation-history/${tw.id}`)
    ).json();
    expect(history.items.slice(0, 2)).toMatchObject([
      { operation: 'stockIn', storeName: '太舞小镇店', operatorStoreName: '万龙雪场店' },
      { operation: 'stockOut', storeName: '太舞小镇店', operatorStoreName: '万龙雪场店' },
    ]);
    // The item's own staff and a SuperAdmin are not marked as from another store.
    await stockOut('admin', tw.id, 0, 1);
    const latest = (
      await call('admin', 'GET', `/api/app/equipment/equipment-operation-history/${tw.id}`)
    ).json().items[0];
    expect(latest).toMatchObject({ operation: 'stockOut', operatorStoreName: null });
  });

  it('transfers to another store, which receives it by checking it in', async () => {
    const item = await byBarcode('SGWLHLM001');
    const sent = await call('employee', 'POST', `/api/app/equipment/${item.id}/transfer`, {
      targetStoreId: storeIds['太舞小镇店'],
      reason: '调配库存',
    });
    expect(sent.json()).toMatchObject({
      message: '已发起调拨，等待太舞小镇店确认入库',
      equipment: { status: 4 },
    });
    const received = await stockIn('multi', item.id);
    expect(received.json().equipment).toMatchObject({
      status: 0,
      storeName: '太舞小镇店',
      transferToStoreId: null,
    });
    expect((await stockOut('employee', item.id, 0, 1)).json().error.code).toBe(
      'Equipment:BelongsToAnotherStore',
    );
  });

  it('returns early by releasing the order lock', async () => {
    const item = await freeItem('SGWLSKI');
    // A lock whose order no longer exists is simply released (the order side: updates.test.ts).
    const orderId = randomUUID();
    const [row] = await t.database.db.select().from(equipment).where(eq(equipment.id, item.id));
    await t.database.db.insert(equipmentUnavailableTimes).values({
      tenantId: row!.tenantId,
      equipmentId: item.id,
      startAt: new Date(Date.now() - 3_600_000),
      endAt: new Date(Date.now() + 3 * 86_400_000),
      source: 'order',
      orderId,
    });
    await t.database.db.update(equipment).set({ status: 1 }).where(eq(equipment.id, item.id));
    const res = await call('employee', 'POST', `/api/app/equipment/early-return/${item.id}`, {
      orderId,
      reason: '顾客提前归还',
    });
    expect(res.json()).toMatchObject({
      success: true,
      equipment: { status: 0, unavailableTimes: [] },
    });
    const again = await call('employee', 'POST', `/api/app/equipment/early-return/${item.id}`, {
      orderId,
      reason: '顾客提前归还',
    });
    expect(again.json().error.code).toBe('Equipment:NoLockForOrder');
    const locks = await t.database.db
      .select()
      .from(equipmentUnavailableTimes)
      .where(and(eq(equipmentUnavailableTimes.orderId, orderId)));
    expect(locks).toEqual([]);
  });

  it('never checks in gear still out on an active order: it names the order, whose return does it', async () => {
    // Demo: SGWLPRO001 is out on an overdue order.
    const item = await byBarcode('SGWLPRO001');
    expect(item.status).toBe(1);
    expect(item.outOnOrder).toMatchObject({
      orderNumber: expect.any(String),
      customerName: '冯强',
    });
    const { orderId, orderNumber } = item.outOnOrder;

    const refused = await stockIn('employee', item.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'Equipment:OutOnOrder',
      message: `该设备在订单 ${orderNumber} 中尚未归还，请在该订单中办理归还`,
      data: { orderId, orderNumber },
    });
    // Nor marked damaged or lost past the order's return, by staff or a SuperAdmin.
    expect((await setStatus('employee', item.id, 2)).json().error.code).toBe(
      'Equipment:OutOnOrder',
    );
    expect((await setStatus('admin', item.id, 3)).json().error.code).toBe('Equipment:OutOnOrder');
    expect((await byBarcode('SGWLPRO001')).status).toBe(1);

    // The order's return checks it in, and after that the item is plain stock again.
    const order = (await call('employee', 'GET', `/api/app/orders/${orderId}`)).json();
    const line = order.items.find((i: { equipmentId: string }) => i.equipmentId === item.id);
    const returned = await call('employee', 'POST', `/api/app/orders/${orderId}/return`, {
      items: [{ orderItemId: line.id, state: 'returned', damageFee: 0 }],
    });
    expect(returned.statusCode).toBe(200);
    const after = await byBarcode('SGWLPRO001');
    expect(after).toMatchObject({ status: 0, outOnOrder: null });
  });

  it('creates items with checked attributes and unique barcodes, and records who did what', async () => {
    const defs = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment-attribute/attribute-definitions?CategoryId=${categories['头盔']}`,
      )
    ).json().items;
    const size = defs.find((d: { name: string }) => d.name === 'size');
    const base = {
      categoryId: categories['头盔'],
      storeId: storeIds['万龙雪场店'],
      name: '新头盔',
      brand: 'POC',
      barcodeNumber: 'NEW-HELMET-1',
      dailyRentPrice: 25.5,
      deposit: 200,
    };
    const missing = await call('employee', 'POST', '/api/app/equipment', base);
    expect(missing.json().error.message).toBe('请填写属性“尺码”');
    const wrong = await call('employee', 'POST', '/api/app/equipment', {
      ...base,
      attributes: [{ attributeId: size.id, value: 'XXXL' }],
    });
    expect(wrong.json().error.message).toBe('属性“尺码”的值无效：XXXL');
    const created = await call('employee', 'POST', '/api/app/equipment', {
      ...base,
      attributes: [{ attributeId: size.id, value: 'M' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 0,
      dailyRentPrice: 25.5,
      attributes: [{ name: 'size', value: 'M' }],
    });
    const dup = await call('employee', 'POST', '/api/app/equipment', {
      ...base,
      barcodeNumber: 'new-helmet-1',
      attributes: [{ attributeId: size.id, value: 'L' }],
    });
    expect(dup.statusCode).toBe(409);
    const otherStore = await call('employee', 'POST', '/api/app/equipment', {
      ...base,
      storeId: storeIds['云顶夜场店'],
      barcodeNumber: 'NEW-HELMET-2',
      attributes: [{ attributeId: size.id, value: 'L' }],
    });
    expect(otherStore.statusCode).toBe(403);

    const id = created.json().id;
    await stockOut('employee', id, 0, 2, '团体订单');
    const history = (
      await call('employee', 'GET', `/api/app/equipment/equipment-operation-history/${id}`)
    ).json();
    expect(history.items.map((h: { operation: string }) => h.operation)).toEqual([
      'stockOut',
      'create',
    ]);
    expect(history.items[0]).toMatchObject({
      fromStatus: 0,
      toStatus: 1,
      reason: '团体订单',
      operatorName: '李店员',
      storeName: '万龙雪场店',
      operationDisplayName: '出库',
    });
    const stats = (
      await call('employee', 'GET', `/api/app/equipment/equipment-usage-statistics/${id}`)
    ).json();
    expect(stats).toMatchObject({ usageCount: 1, checkOutCount: 1, checkInCount: 0 });
  });

  it('keeps the values of a disabled attribute when an item is saved, so enabling it brings them back', async () => {
    const defs = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment-attribute/attribute-definitions?CategoryId=${categories['头盔']}`,
      )
    ).json().items as { id: string; name: string; isRequired: boolean }[];
    const size = defs.find((d) => d.name === 'size')!;
    const created = (
      await call('employee', 'POST', '/api/app/equipment', {
        categoryId: categories['头盔'],
        storeId: storeIds['万龙雪场店'],
        name: '停用属性头盔',
        barcodeNumber: `KEEP-${Date.now()}`,
        dailyRentPrice: 20,
        deposit: 100,
        attributes: [{ attributeId: size.id, value: 'S' }],
      })
    ).json<{ id: string; barcodeNumber: string }>();
    const setEnabled = (isEnabled: boolean) =>
      t.database.db
        .update(attributeDefinitions)
        .set({ isEnabled })
        .where(eq(attributeDefinitions.id, size.id));
    await setEnabled(false);
    try {
      // The form no longer shows the size, so it sends none.
      const saved = await call('employee', 'PUT', `/api/app/equipment/${created.id}`, {
        categoryId: categories['头盔'],
        name: '停用属性头盔（改名）',
        barcodeNumber: created.barcodeNumber,
        dailyRentPrice: 20,
        deposit: 100,
        attributes: [],
      });
      expect(saved.statusCode).toBe(200);
    } finally {
      await setEnabled(true);
    }
    const after = (await call('employee', 'GET', `/api/app/equipment/${created.id}`)).json();
    expect(after.attributes).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'size', value: 'S' })]),
    );
  });

  it('changes the barcode together with the other details, or nothing when it is taken', async () => {
    const item = await byBarcode('SGWLSKI002');
    const input = equipmentSaveBody(item);
    const taken = await call('employee', 'PUT', `/api/app/equipment/${item.id}`, {
      ...input,
      name: '改名但条码重复',
      barcodeNumber: 'sgwlski001',
    });
    expect(taken.statusCode).toBe(409);
    expect((await byBarcode('SGWLSKI002')).name).toBe(item.name);

    const changed = await call('employee', 'PUT', `/api/app/equipment/${item.id}`, {
      ...input,
      name: '改名并换条码',
      barcodeNumber: 'SGWLSKI002-B',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ barcodeNumber: 'SGWLSKI002-B', name: '改名并换条码' });
    const history = (
      await call('employee', 'GET', `/api/app/equipment/equipment-operation-history/${item.id}`)
    ).json();
    // One transaction: both entries share its time, so their order is not asserted.
    const latest = history.items.slice(0, 2).map((h: { operation: string }) => h.operation);
    expect(latest.sort()).toEqual(['barcode', 'update']);
  });

  it('summarises a store by status and category', async () => {
    const summary = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment/store-inventory-summary/${storeIds['云顶夜场店']}`,
      )
    ).json();
    expect(summary.storeName).toBe('云顶夜场店');
    expect(summary.total).toBe(
      summary.byStatus.reduce((n: number, s: { count: number }) => n + s.count, 0),
    );
    expect(summary.byCategory.map((c: { categoryName: string }) => c.categoryName)).toContain(
      '雪镜',
    );
  });

  it('lets exactly one of many simultaneous check-outs of one item through', async () => {
    const item = await byBarcode('SGYDSKI001');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => stockOut('admin', item.id, i % 3, 3 + (i % 3))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 403 || c === 409)).toBe(true);
    expect((await byBarcode('SGYDSKI001')).unavailableTimes).toHaveLength(1);
  });

  it('batch mode: the scanned items go out and come back with one reason, each answering for itself', async () => {
    const newItem = async (as: string, store: string, n: number) => {
      const res = await call(as, 'POST', '/api/app/equipment', {
        storeId: storeIds[store],
        categoryId: categories['雪镜'],
        name: `批量测试 ${n}`,
        barcodeNumber: `BATCH-${Date.now()}-${n}`,
        dailyRentPrice: 20,
        deposit: 200,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string; barcodeNumber: string }>();
    };
    const [a, b, busy] = [
      await newItem('employee', '万龙雪场店', 1),
      await newItem('employee', '万龙雪场店', 2),
      await newItem('employee', '万龙雪场店', 3),
    ];
    const theirs = await newItem('admin', '太舞小镇店', 4);
    expect((await stockOut('employee', busy.id, 0, 2)).statusCode).toBe(200);

    const window = { unavailableStartTime: iso(0), unavailableEndTime: iso(2) };
    const out = await call('employee', 'POST', '/api/app/equipment/batch-stock-out', {
      equipmentIds: [a.id, busy.id, b.id, theirs.id],
      reason: '团队租赁',
      ...window,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({
      succeeded: 2,
      failed: 2,
      items: [
        { equipmentId: a.id, barcodeNumber: a.barcodeNumber, success: true, message: '出库成功' },
        { equipmentId: busy.id, success: false, code: 'Equipment:IllegalStatusTransition' },
        { equipmentId: b.id, success: true },
        { equipmentId: theirs.id, success: false, code: 'Equipment:BelongsToAnotherStore' },
      ],
    });
    for (const item of [a, b]) {
      const now = (await call('employee', 'GET', `/api/app/equipment/${item.id}`)).json();
      expect(now.status).toBe(1);
      expect(now.unavailableTimes).toEqual([
        expect.objectContaining({ startTime: expect.any(String), reason: '团队租赁' }),
      ]);
    }
    // Told about the other store, staff may go on.
    const acknowledged = await call('employee', 'POST', '/api/app/equipment/batch-stock-out', {
      equipmentIds: [theirs.id],
      reason: '团队租赁',
      otherStoreAcknowledged: true,
      ...window,
    });
    expect(acknowledged.json()).toMatchObject({ succeeded: 1, failed: 0 });

    // Back in: an item on an order is refused with the order named; the rest come back.
    const order = (
      await counterOrder('employee', {
        storeId: storeIds['万龙雪场店'],
        customerName: '批量',
        customerPhone: '13800006655',
        rentalStartTime: iso(10),
        rentalEndTime: iso(11),
        items: [{ equipmentId: (await newItem('employee', '万龙雪场店', 5)).id }],
      })
    ).json();
    const onOrder = order.items[0].equipmentId as string;
    for (const bill of order.bills) {
      await call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    const handed = await call('employee', 'POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [order.items[0].barcodeNumber],
    });
    expect(handed.statusCode).toBe(200);
    const unknown = randomUUID();
    const back = await call('employee', 'POST', '/api/app/equipment/batch-stock-in', {
      equipmentIds: [a.id, onOrder, b.id, unknown],
      reason: '团队归还',
    });
    expect(back.json()).toMatchObject({
      succeeded: 2,
      failed: 2,
      items: [
        { equipmentId: a.id, success: true, message: '入库成功' },
        { equipmentId: onOrder, success: false, code: 'Equipment:OutOnOrder', orderId: order.id },
        { equipmentId: b.id, success: true },
        { equipmentId: unknown, success: false, code: 'Equipment:NotFound', barcodeNumber: null },
      ],
    });
    const again = (await call('employee', 'GET', `/api/app/equipment/${a.id}`)).json();
    expect(again).toMatchObject({ status: 0, unavailableTimes: [] });

    // A batch names each item once, at least one and at most a hundred.
    for (const equipmentIds of [[], [a.id, a.id], Array.from({ length: 101 }, randomUUID)]) {
      const refused = await call('employee', 'POST', '/api/app/equipment/batch-stock-in', {
        equipmentIds,
        reason: '团队归还',
      });
      expect(refused.statusCode).toBe(400);
    }
    // Drivers only look.
    const driver = await call('driver', 'POST', '/api/app/equipment/batch-stock-in', {
      equipmentIds: [a.id],
      reason: '团队归还',
    });
    expect(driver.statusCode).toBe(403);
  });

  it('keeps an English name beside the Chinese, shows each reader theirs, and finds the item by either', async () => {
    const created = await call('employee', 'POST', '/api/app/equipment', {
      categoryId: categories['雪镜'],
      storeId: storeIds['万龙雪场店'],
      name: '测试双语雪镜',
      nameEn: 'Bilingual test goggles',
      barcodeNumber: 'BILINGUAL-1',
      dailyRentPrice: 50,
      deposit: 300,
      attributes: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: '测试双语雪镜',
      nameEn: 'Bilingual test goggles',
      nameShown: '测试双语雪镜',
      categoryName: '雪镜',
    });
    const list = async (keyword: string, language = 'zh-CN') =>
      (
        await t.app.inject({
          url: `/api/app/equipment?keyword=${encodeURIComponent(keyword)}&maxResultCount=50`,
          headers: {
            ...csrf,
            authorization: `Bearer ${tokens.employee}`,
            'accept-language': language,
          },
        })
      ).json().items as {
        barcodeNumber: string;
        nameShown: string;
        categoryName: string;
        storeName: string;
      }[];
    expect((await list('bilingual')).map((i) => i.barcodeNumber)).toEqual(['BILINGUAL-1']);
    expect((await list('双语')).map((i) => i.barcodeNumber)).toEqual(['BILINGUAL-1']);
    expect((await list('bilingual', 'en-US'))[0]).toMatchObject({
      nameShown: 'Bilingual test goggles',
      categoryName: 'Goggles',
      storeName: 'Wanlong Resort Store',
    });
    expect((await list('bilingual'))[0]!.storeName).toBe('万龙雪场店');
    // The demo items are found by their English names too.
    expect((await list('Rossignol Experience 78 skis')).length).toBeGreaterThan(0);
    // The public browse and the label's inquiry speak the customer's language.
    const browse = await t.app.inject({
      url: `/api/app/equipment/catalog-items?storeId=${storeIds['万龙雪场店']}&keyword=bilingual`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(browse.json().items[0]).toMatchObject({
      name: 'Bilingual test goggles',
      categoryName: 'Goggles',
    });
    const inquiry = await t.app.inject({
      url: '/api/app/equipment/inquiry?sn=BILINGUAL-1',
      headers: { 'accept-language': 'en-US' },
    });
    expect(inquiry.json()).toMatchObject({
      name: 'Bilingual test goggles',
      categoryName: 'Goggles',
    });

    // Edited, the English goes; English readers see the Chinese until it is written again.
    const id = created.json().id as string;
    const saved = await call('employee', 'PUT', `/api/app/equipment/${id}`, {
      categoryId: categories['雪镜'],
      name: '测试双语雪镜',
      nameEn: '',
      dailyRentPrice: 50,
      deposit: 300,
      attributes: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list('双语', 'en-US'))[0]!.nameShown).toBe('测试双语雪镜');
  });

  it('shows an item’s attribute names and chosen options in the reader language', async () => {
    const [row] = await t.database.db
      .select({ barcode: equipment.barcodeNumber })
      .from(equipment)
      .where(like(equipment.barcodeNumber, 'SGWLSB%'))
      .orderBy(asc(equipment.barcodeNumber))
      .limit(1);
    const card = await t.app.inject({
      url: `/api/app/equipment/by-barcode?barcodeNumber=${row!.barcode}`,
      headers: { ...csrf, authorization: `Bearer ${tokens.employee}`, 'accept-language': 'en-US' },
    });
    const attributes = card.json().attributes as {
      name: string;
      displayName: string;
      value: string;
      valueLabel: string;
    }[];
    expect(attributes.find((a) => a.name === 'level')).toMatchObject({
      displayName: 'Level',
      value: '初级',
      valueLabel: 'Beginner',
    });
    expect(attributes.find((a) => a.name === 'stance')?.valueLabel).toMatch(/foot forward/);
    // The store it belongs to, and the store of each step of its history, by their English names.
    expect(card.json().storeName).toBe('Wanlong Resort Store');
    const history = await t.app.inject({
      url: `/api/app/equipment/equipment-operation-history/${card.json().id as string}`,
      headers: { ...csrf, authorization: `Bearer ${tokens.employee}`, 'accept-language': 'en-US' },
    });
    expect(history.statusCode, history.body).toBe(200);
    const steps = history.json().items as { storeName: string }[];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((step) => step.storeName === 'Wanlong Resort Store')).toBe(true);
  });
});
