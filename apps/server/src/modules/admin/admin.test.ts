import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessParameterKey as K, type H5Config } from '@snowgear/contracts';
import { auditLog } from '@/db/schema.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('administration: stores, parameters, system information, the rental agreement', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
    tokens.customer = await customerToken(t);
    stores = await storeIdsByName(t.app);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const config = async () =>
    (await t.app.inject('/api/app/config-distribution/h5')).json<H5Config>();
  const audits = (entityType: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.category, 'settings')));

  const newStore = {
    code: 'BEIDAHU',
    name: '北大湖店',
    phone: '0432-66668888',
    address: '吉林市永吉县北大湖滑雪场',
    latitude: 43.42,
    longitude: 126.6,
    openTime: '08:00',
    closeTime: '17:00',
    restDays: [],
  };

  it('opens a store and changes its hours and rest days, which every client reads next', async () => {
    const created = await call('admin', 'POST', '/api/app/admin/stores', newStore);
    expect(created.statusCode).toBe(201);
    const store = created.json<{ id: string; isActive: boolean }>();
    expect(store.isActive).toBe(true);
    expect((await config()).storeConfigs[store.id]?.storeName).toBe('北大湖店');

    // The same code again: refused on the code field.
    const twice = await call('admin', 'POST', '/api/app/admin/stores', { ...newStore, name: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.validationErrors[0].members).toEqual(['code']);

    const changed = await call('admin', 'PUT', `/api/app/admin/stores/${store.id}`, {
      ...newStore,
      closeTime: '18:30',
      restDays: [2, 1, 2].slice(0, 2),
    });
    expect(changed.statusCode).toBe(200);
    const hours = (await config()).storeConfigs[store.id]!.businessHours;
    expect(hours).toEqual({ startTime: '08:00', endTime: '18:30', restDays: [1, 2] });
    const lines = await audits('store');
    expect(lines.map((l) => l.summary)).toEqual(
      expect.arrayContaining(['新建门店“北大湖店”', '修改门店“北大湖店”：closeTime, restDays']),
    );
    expect(lines.find((l) => l.action === 'updated')?.changes).toEqual({
      closeTime: ['17:00', '18:30'],
      restDays: [[], [1, 2]],
    });

    // Closed, it leaves the configuration (and the booking page) but stays in the list.
    await call('admin', 'PUT', `/api/app/admin/stores/${store.id}`, {
      ...newStore,
      isActive: false,
    });
    expect((await config()).storeConfigs[store.id]).toBeUndefined();
    const listed = (await call('admin', 'GET', '/api/app/admin/stores')).json<{
      items: { id: string; isActive: boolean }[];
    }>();
    expect(listed.items.find((s) => s.id === store.id)?.isActive).toBe(false);
  });

  it('refuses hours and places that make no sense, and closing a store with orders in progress', async () => {
    const fieldsOf = (res: {
      json: () => { error: { validationErrors: { members: string[] }[] } };
    }) =>
      res
        .json()
        .error.validationErrors.flatMap((v) => v.members)
        .sort();
    const bad = await call('admin', 'POST', '/api/app/admin/stores', {
      ...newStore,
      code: 'X1',
      restDays: [0, 1, 2, 3, 4, 5, 6],
      phone: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['phone', 'restDays']);
    const crossed = await call('admin', 'POST', '/api/app/admin/stores', {
      ...newStore,
      code: 'X1',
      openTime: '18:00',
      closeTime: '09:00',
      latitude: 43,
      longitude: null,
    });
    expect(crossed.statusCode).toBe(400);
    expect(fieldsOf(crossed)).toEqual(['closeTime', 'longitude']);

    const wanlong = (
      await call('admin', 'GET', `/api/app/admin/stores/${stores['万龙雪场店']}`)
    ).json();
    expect(wanlong.openOrders).toBeGreaterThan(0);
    const close = await call('admin', 'PUT', `/api/app/admin/stores/${wanlong.id}`, {
      ...wanlong,
      isActive: false,
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().error.message).toContain('进行中的订单');
    // Only those who manage stores.
    expect((await call('manager', 'GET', '/api/app/admin/stores')).statusCode).toBe(403);
  });

  it('sets business parameters for the business and per store; a blank store value follows the business', async () => {
    const wanlong = stores['万龙雪场店']!;
    const before = (
      await call('admin', 'GET', `/api/app/admin/business-parameters?storeId=${wanlong}`)
    ).json<{ items: { key: string; source: string; effective: string }[] }>();
    const fee = before.items.find((i) => i.key === K.DeliveryFee)!;
    expect(fee.source).toBe('global');

    // The business's delivery fee, then the store's own, then blank again.
    const saveGlobal = await call('admin', 'PUT', '/api/app/admin/business-parameters', {
      storeId: null,
      values: [{ key: K.DeliveryFee, value: '35' }],
    });
    expect(saveGlobal.statusCode).toBe(200);
    const global = (await config()).globalBusinessParameters.find((p) => p.key === K.DeliveryFee);
    expect(global?.value).toBe('35');
    const own = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: wanlong,
      values: [
        { key: K.DeliveryFee, value: '45.50' },
        { key: K.PresetDeliveryAddresses, value: '[" 万龙酒店大堂 ","南门"]' },
      ],
    });
    expect(own.statusCode).toBe(200);
    const item = (key: string) =>
      own
        .json<{ items: { key: string; store: string; effective: string; source: string }[] }>()
        .items.find((i) => i.key === key)!;
    expect(item(K.DeliveryFee)).toMatchObject({ store: '45.5', source: 'store' });
    expect(item(K.PresetDeliveryAddresses).effective).toBe('["万龙酒店大堂","南门"]');
    const cleared = (
      await call('manager', 'PUT', '/api/app/admin/business-parameters', {
        storeId: wanlong,
        values: [{ key: K.DeliveryFee, value: '  ' }],
      })
    ).json<{ items: { key: string; store: string | null; effective: string; source: string }[] }>();
    expect(cleared.items.find((i) => i.key === K.DeliveryFee)).toMatchObject({
      store: null,
      effective: '35',
      source: 'global',
    });
    expect((await audits('business-parameter')).length).toBe(3);
  });

  it('refuses values a parameter cannot take, and keeps managers to their own store', async () => {
    const wanlong = stores['万龙雪场店']!;
    const bad = await call('admin', 'PUT', '/api/app/admin/business-parameters', {
      storeId: wanlong,
      values: [
        { key: K.DeliveryFee, value: '12.345' },
        { key: K.NextDayThreshold, value: '25:00' },
        { key: K.DefaultRentalDays, value: '0' },
        { key: K.WeChatPayEnabled, value: 'yes' },
        { key: K.PresetDepositAmounts, value: '[200, "a"]' },
        { key: K.AgentCommissionRate, value: '10' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.validationErrors.map((v: { members: string[]; message: string }) => [
          v.members[0],
          v.message,
        ]),
    ).toEqual([
      [K.DeliveryFee, 'InvalidNumber'],
      [K.NextDayThreshold, 'InvalidTimeOfDay'],
      [K.DefaultRentalDays, 'OutOfRange'],
      [K.WeChatPayEnabled, 'InvalidSwitch'],
      [K.PresetDepositAmounts, 'InvalidList'],
      [K.AgentCommissionRate, 'GlobalOnly'],
    ]);
    const global = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: null,
      values: [{ key: K.DeliveryFee, value: '1' }],
    });
    expect(global.statusCode).toBe(403);
    const other = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId: stores['太舞小镇店'],
      values: [{ key: K.DeliveryFee, value: '1' }],
    });
    expect(other.statusCode).toBe(403);
    // A manager reads their own store's values without naming it.
    const mine = (await call('manager', 'GET', '/api/app/admin/business-parameters')).json();
    expect(mine).toMatchObject({ storeId: wanlong, canEditGlobal: false });
    expect((await call('employee', 'GET', '/api/app/admin/business-parameters')).statusCode).toBe(
      403,
    );
  });

  it('changes the system information and filing, with an uploaded logo every visitor sees', async () => {
    const info = (await call('admin', 'GET', '/api/app/admin/system-info')).json();
    const upload = async (who: string) => {
      const res = await uploadAs(
        t.app,
        csrf,
        tokens[who]!,
        { businessType: 'SystemLogo' },
        { name: 'logo.png', bytes: await photo(200, 200, 'png'), type: 'image/png' },
      );
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const logo = await upload('admin');
    // Private until it is the logo.
    expect((await t.app.inject(`/api/files/download/${logo}`)).statusCode).toBe(401);
    const saved = await call('admin', 'PUT', '/api/app/admin/system-info', {
      ...info,
      systemName: '崇礼雪具租赁',
      systemLogoFileId: logo,
      icpNumber: '冀ICP备2025099999号-2',
    });
    expect(saved.statusCode).toBe(200);
    const c = await config();
    expect(c.systemInfo.systemName).toBe('崇礼雪具租赁');
    expect(c.systemInfo.systemLogo).toBe(`/api/files/download/${logo}`);
    expect(c.filingConfig.icpNumber).toBe('冀ICP备2025099999号-2');
    expect((await t.app.inject(c.systemInfo.systemLogo)).statusCode).toBe(200);

    // Someone else's upload, a bad link, no name: refused next to the field.
    const managers = await upload('manager');
    const bad = await call('admin', 'PUT', '/api/app/admin/system-info', {
      ...info,
      systemLogoFileId: managers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['systemLogoFileId']);
    const links = await call('admin', 'PUT', '/api/app/admin/system-info', {
      ...info,
      systemName: ' ',
      icpLink: 'javascript:alert(1)',
    });
    expect(
      links
        .json()
        .error.validationErrors.flatMap((v: { members: string[] }) => v.members)
        .sort(),
    ).toEqual(['icpLink', 'systemName']);
  });

  it('keeps a store’s English name and address beside the Chinese, for English readers', async () => {
    const created = await call('admin', 'POST', '/api/app/admin/stores', {
      ...newStore,
      code: 'SONGHUA',
      name: '松花湖店',
      nameEn: 'Songhua Lake Store',
      addressEn: 'Songhua Lake Ski Resort, Jilin',
    });
    expect(created.statusCode, created.body).toBe(201);
    const store = created.json<{ id: string; nameEn: string; addressEn: string }>();
    expect(store).toMatchObject({
      nameEn: 'Songhua Lake Store',
      addressEn: 'Songhua Lake Ski Resort, Jilin',
    });
    // Every client has both, and reads the one of its language.
    const read = (await config()).storeConfigs[store.id]!;
    expect(read).toMatchObject({
      storeName: '松花湖店',
      storeNameEn: 'Songhua Lake Store',
      contactInfo: { address: newStore.address, addressEn: 'Songhua Lake Ski Resort, Jilin' },
    });
    // Taken away again: English readers read the Chinese; the list shows what is missing.
    const cleared = await call('admin', 'PUT', `/api/app/admin/stores/${store.id}`, {
      ...newStore,
      code: 'SONGHUA',
      name: '松花湖店',
    });
    expect(cleared.json()).toMatchObject({ nameEn: '', addressEn: '' });
    const tooLong = await call(
      'admin',
      'PUT',
      `/api/app/admin/stores/${store.id}`,
      {
        ...newStore,
        code: 'SONGHUA',
        nameEn: 'x'.repeat(101),
      },
      'en',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.validationErrors[0].members).toEqual(['nameEn']);
  });

  it('publishes the agreement in both languages as one version: a new English text is a new version', async () => {
    const before = (await config()).systemInfo;
    expect(before.rentalAgreementEn).not.toBe('');
    const published = await call('admin', 'POST', '/api/app/admin/rental-agreements', {
      text: before.rentalAgreement,
      textEn: `${before.rentalAgreementEn}\n5. Gear is returned during opening hours.`,
    });
    expect(published.statusCode, published.body).toBe(201);
    const [current] = published.json<{
      items: { version: string; current: boolean; text: string; textEn: string }[];
    }>().items;
    expect(current).toMatchObject({ current: true, text: before.rentalAgreement });
    expect(current!.textEn).toContain('5. Gear is returned during opening hours.');
    const now = (await config()).systemInfo;
    expect(now.rentalAgreementVersion).toBe(current!.version);
    expect(now.rentalAgreementVersion).not.toBe(before.rentalAgreementVersion);
    expect(now.rentalAgreementEn).toBe(current!.textEn);
  });

  it('publishes a new rental agreement: new bookings accept it, orders keep the one they accepted', async () => {
    const old = (await config()).systemInfo;
    const published = await call('admin', 'POST', '/api/app/admin/rental-agreements', {
      text: `${old.rentalAgreement}\n5. 雪具须在营业时间内归还。`,
    });
    expect(published.statusCode).toBe(201);
    const versions = published.json<{
      items: { version: string; current: boolean; orders: number; text: string }[];
    }>().items;
    expect(versions[0]).toMatchObject({ current: true, orders: 0 });
    const previous = versions.find((v) => v.version === old.rentalAgreementVersion)!;
    expect(previous).toMatchObject({ current: false, text: old.rentalAgreement });
    expect(previous.orders).toBeGreaterThanOrEqual(0);
    const now = (await config()).systemInfo;
    expect(now.rentalAgreementVersion).toBe(versions[0]!.version);
    expect(now.rentalAgreement).toContain('5. 雪具须在营业时间内归还。');

    // A booking page still showing the old version is asked to read the new one.
    const booking = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: {
        storeId: stores['万龙雪场店'],
        rentalStartTime: new Date(Date.now() + 250 * 86_400_000).toISOString(),
        days: 1,
        riders: [],
        // The agreement is checked before anything in the cart.
        lines: [{ type: 'item', categoryId: '00000000-0000-4000-8000-000000000001' }],
      },
      agreementVersion: old.rentalAgreementVersion,
    });
    expect(booking.statusCode).toBe(409);
    // The same text again is no new version.
    const same = await call('admin', 'POST', '/api/app/admin/rental-agreements', {
      text: now.rentalAgreement,
      textEn: now.rentalAgreementEn,
    });
    expect(same.statusCode).toBe(409);
    expect((await call('manager', 'GET', '/api/app/admin/rental-agreements')).statusCode).toBe(403);
  });
});
