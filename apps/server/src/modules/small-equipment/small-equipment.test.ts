import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('small equipment', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'admin']));
    stores = await storeIdsByName(t.app);
  });
  afterAll(() => t.close());

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...csrf, authorization: `Bearer ${tokens[as]}` },
    });
  const list = async (storeName: string) =>
    (
      await call(
        'employee',
        'GET',
        `/api/app/small-equipment?storeId=${stores[storeName]}&maxResultCount=100`,
      )
    ).json().items as {
      id: string;
      name: string;
      quantity: number;
      isLow: boolean;
    }[];

  it('lists a store’s small equipment, the ones running low first', async () => {
    const items = await list('万龙雪场店');
    expect(items.map((i) => i.name)).toContain('暖宝宝');
    expect(items[0]).toMatchObject({ name: '雪镜防雾布', isLow: true });
  });

  it('adjusts with a reason, never below zero, and keeps the history', async () => {
    const socks = (await list('万龙雪场店')).find((i) => i.name === '滑雪袜')!;
    const add = await call('employee', 'POST', `/api/app/small-equipment/${socks.id}/adjust`, {
      delta: 10,
      reason: '补货',
    });
    expect(add.json().quantity).toBe(socks.quantity + 10);
    const take = await call('employee', 'POST', `/api/app/small-equipment/${socks.id}/adjust`, {
      delta: -5,
      reason: '售出',
    });
    expect(take.json().quantity).toBe(socks.quantity + 5);
    const tooMany = await call('employee', 'POST', `/api/app/small-equipment/${socks.id}/adjust`, {
      delta: -1000,
      reason: '售出',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(
      `库存不足：当前 ${socks.quantity + 5}双，不能减少 1000双`,
    );
    expect(
      (
        await call('employee', 'POST', `/api/app/small-equipment/${socks.id}/adjust`, {
          delta: 0,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('employee', 'POST', `/api/app/small-equipment/${socks.id}/adjust`, {
          delta: 1,
          reason: ' ',
        })
      ).statusCode,
    ).toBe(400);
    const history = (
      await call('employee', 'GET', `/api/app/small-equipment/${socks.id}/history`)
    ).json();
    expect(
      history.items
        .slice(0, 2)
        .map((h: { delta: number; reason: string; operatorName: string }) => [
          h.delta,
          h.reason,
          h.operatorName,
        ]),
    ).toEqual([
      [-5, '售出', '李店员'],
      [10, '补货', '李店员'],
    ]);
  });

  it('adds concurrent adjustments up exactly', async () => {
    const warmers = (await list('万龙雪场店')).find((i) => i.name === '暖宝宝')!;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        call('employee', 'POST', `/api/app/small-equipment/${warmers.id}/adjust`, {
          delta: -2,
          reason: '售出',
        }),
      ),
    );
    expect((await list('万龙雪场店')).find((i) => i.name === '暖宝宝')!.quantity).toBe(
      warmers.quantity - 24,
    );
  });

  it('keeps staff to their own store and refuses duplicate names', async () => {
    const other = (await list('云顶夜场店'))[0]!;
    expect(
      (
        await call('employee', 'POST', `/api/app/small-equipment/${other.id}/adjust`, {
          delta: 1,
          reason: '补货',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('admin', 'POST', `/api/app/small-equipment/${other.id}/adjust`, {
          delta: 1,
          reason: '补货',
        })
      ).statusCode,
    ).toBe(200);
    const created = await call('employee', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '滑雪手套',
      unit: '副',
      quantity: 8,
      lowStockThreshold: 2,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '滑雪手套', quantity: 8, isLow: false });
    const dup = await call('employee', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '滑雪手套',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('answers a store that does not exist with StoreNotFound, and takes quantities as numbers only', async () => {
    const nowhere = await call('admin', 'POST', '/api/app/small-equipment', {
      storeId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      name: '护膝',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error).toMatchObject({ code: 'Store:NotFound', message: '门店不存在' });
    const garbled = await call('employee', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '护膝',
      quantity: '',
    });
    expect(garbled.json().error.validationErrors).toEqual([
      { message: 'InvalidNumber', members: ['quantity'] },
    ]);
    const badUnit = await call('employee', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '护膝',
      unit: '\u2066双\u2069',
    });
    expect(badUnit.json().error.validationErrors).toEqual([
      { message: 'InvalidCharacters', members: ['unit'] },
    ]);
    const created = await call('employee', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '护膝',
      quantity: '5',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '护膝', quantity: 5 });
  });

  it('keeps an English name, shows it to English readers and finds the item by either name', async () => {
    const created = await call('admin', 'POST', '/api/app/small-equipment', {
      storeId: stores['万龙雪场店'],
      name: '护目镜绳',
      nameEn: 'Goggle strap',
      unit: '根',
      quantity: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: '护目镜绳', nameEn: 'Goggle strap' });
    const search = async (keyword: string, language: string) =>
      (
        await t.app.inject({
          url: `/api/app/small-equipment?storeId=${stores['万龙雪场店']}&keyword=${encodeURIComponent(keyword)}`,
          headers: {
            ...csrf,
            authorization: `Bearer ${tokens.employee}`,
            'accept-language': language,
          },
        })
      ).json().items as { name: string; nameShown: string }[];
    expect((await search('strap', 'en-US')).map((i) => i.nameShown)).toEqual(['Goggle strap']);
    expect((await search('护目镜', 'zh-CN')).map((i) => i.nameShown)).toEqual(['护目镜绳']);
    // The demo stock has English names.
    expect((await search('socks', 'en-US')).map((i) => i.nameShown)).toEqual(['Ski socks']);

    // Renamed in both languages; a name another kind at the store has is refused.
    const id = created.json().id as string;
    const rename = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/app/small-equipment/${id}/names`,
        payload,
        headers: { ...csrf, authorization: `Bearer ${tokens.admin}`, 'accept-language': 'en-US' },
      });
    const renamed = await rename({ name: '雪镜绑带', nameEn: 'Goggle band' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: '雪镜绑带',
      nameEn: 'Goggle band',
      nameShown: 'Goggle band',
    });
    expect((await rename({ name: '滑雪袜', nameEn: '' })).statusCode).toBe(409);
    const cleared = await rename({ name: '雪镜绑带', nameEn: '' });
    expect(cleared.json()).toMatchObject({ nameEn: '', nameShown: '雪镜绑带' });
  });
});
