import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EquipmentStatus } from '@snowgear/contracts';
import { equipment, files, orders } from '@/db/schema.js';
import {
  equipmentSaveBody,
  callerAs,
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { photo, uploadAs } from './test-upload.js';

/**
 * Files follow the store of what they belong to, as its items and orders do: the demo staff work
 * at 万龙雪场店; `yd` manages 云顶夜场店.
 */
describe('files by store', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let yunding: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'driver']));
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    yunding = stores['云顶夜场店']!;
    const created = await call('admin', 'POST', '/api/app/employees', {
      userName: 'yd-manager',
      name: '云顶店长',
      password: '1q2w3E*',
      roles: ['StoreManager'],
      primaryStoreId: yunding,
    });
    expect(created.statusCode).toBe(201);
    Object.assign(tokens, await signIn(t.app, csrf, ['yd-manager']));
    tokens.customer = await customerToken(t);
    const other = await phoneSignIn(t, csrf, { phoneNumber: '13700000777', realName: '李四' });
    tokens.otherCustomer = other.json<{ accessToken: string }>().accessToken;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);

  const upload = (as: string, fields: Record<string, string>, name = 'front.jpg') =>
    photo(64, 48).then((bytes) => uploadAs(t.app, csrf, tokens[as]!, fields, { name, bytes }));

  /** An item in stock at the store. */
  async function itemOf(storeId: string) {
    const [item] = await t.database.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.storeId, storeId), eq(equipment.status, EquipmentStatus.Available)))
      .orderBy(asc(equipment.barcodeNumber))
      .limit(1);
    return item!.id;
  }

  /** Sets the item's pictures through the item's edit, as the inventory form does. */
  async function setPictures(as: string, itemId: string, imageFileIds: string[]) {
    const item = (await call(as, 'GET', `/api/app/equipment/${itemId}`)).json();
    return call(
      as,
      'PUT',
      `/api/app/equipment/${itemId}`,
      equipmentSaveBody(item, { imageFileIds }),
    );
  }

  /** Uploads a picture as `as` and sets it as the item's picture through the item's edit. */
  async function pictureOf(as: string, itemId: string): Promise<string> {
    const uploaded = await upload(as, { businessType: 'EquipmentImage', isTemporary: 'true' });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json<{ id: string }>().id;
    expect((await setPictures(as, itemId, [id])).statusCode).toBe(200);
    return id;
  }

  const errorOf = (res: { json(): unknown }) =>
    (res.json() as { error: { code: string; message: string } }).error;

  it("a manager of another store neither deletes nor replaces an item's pictures; the item's own staff do", async () => {
    const wlItem = await itemOf(wanlong);
    const picture = await pictureOf('employee', wlItem);

    const refused = await call('yd-manager', 'DELETE', `/api/files/${picture}`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'File:BelongsToAnotherStore',
      message: '该文件属于万龙雪场店，您只能处理本门店的文件',
    });
    const english = await call('yd-manager', 'DELETE', `/api/files/${picture}`, undefined, 'en');
    expect(errorOf(english).message).toBe(
      "This file belongs to 万龙雪场店; you can only handle your own store's files",
    );

    // Replacing through an upload over the same item and name is refused, and changes nothing.
    const replacing = await upload('yd-manager', {
      businessType: 'EquipmentImage',
      businessEntityId: wlItem,
      overrideExisting: 'true',
    });
    expect(replacing.statusCode).toBe(403);
    expect(errorOf(replacing).code).toBe('File:BelongsToAnotherStore');
    expect((await t.app.inject(`/api/files/download/${picture}`)).statusCode).toBe(200);
    const stray = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.businessEntityId, wlItem));
    expect(stray.map((f) => f.id)).toEqual([picture]);

    // The item's own store: its manager replaces the picture another of its staff uploaded.
    const replaced = await upload('manager', {
      businessType: 'EquipmentImage',
      businessEntityId: wlItem,
      overrideExisting: 'true',
    });
    expect(replaced.statusCode).toBe(201);
    expect((await t.app.inject(`/api/files/download/${picture}`)).statusCode).toBe(404);
    const again = await pictureOf('employee', wlItem);
    expect((await call('manager', 'DELETE', `/api/files/${again}`)).statusCode).toBe(204);

    // The other way round, and the super admin, who acts for every store.
    const ydItem = await itemOf(yunding);
    const theirs = await pictureOf('yd-manager', ydItem);
    const back = await call('manager', 'DELETE', `/api/files/${theirs}`);
    expect(back.statusCode).toBe(403);
    expect(errorOf(back).message).toBe('该文件属于云顶夜场店，您只能处理本门店的文件');
    expect((await call('admin', 'DELETE', `/api/files/${theirs}`)).statusCode).toBe(204);
  });

  /** An upload of `type` kept with an order, as the order's hand-over or self-return keeps it. */
  async function keptWith(as: string, type: string, orderId: string): Promise<string> {
    const uploaded = await upload(as, { businessType: type, isTemporary: 'true' }, 'proof.jpg');
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json<{ id: string }>().id;
    await t.database.db
      .update(files)
      .set({ businessEntityId: orderId, isTemporary: false, expiresAt: null })
      .where(eq(files.id, id));
    return id;
  }

  async function orderOf(where: ReturnType<typeof eq>) {
    const [order] = await t.database.db
      .select({ id: orders.id, storeId: orders.storeId })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.orderNumber))
      .limit(1);
    return order!;
  }

  it("an order's photos are read by its own store's staff and its customer, not by another store or customer", async () => {
    const ydOrder = await orderOf(eq(orders.storeId, yunding));
    const proof = await keptWith('admin', 'DeliveryPhoto', ydOrder.id);
    const read = (as: string | null, url: string) =>
      t.app.inject({ url, headers: as ? { authorization: `Bearer ${tokens[as]}` } : {} });

    expect((await read('yd-manager', `/api/files/download/${proof}`)).statusCode).toBe(200);
    for (const as of ['manager', 'employee', 'driver']) {
      const refused = await read(as, `/api/files/download/${proof}`);
      expect(refused.statusCode, as).toBe(403);
      expect(errorOf(refused)).toMatchObject({
        code: 'File:BelongsToAnotherStore',
        message: '该文件属于云顶夜场店，您只能处理本门店的文件',
      });
      expect((await read(as, `/api/files/${proof}/link`)).statusCode, as).toBe(403);
    }
    expect((await read('admin', `/api/files/download/${proof}`)).statusCode).toBe(200);

    // A signed link keeps opening the file for whoever it was given to.
    const link = (await read('yd-manager', `/api/files/${proof}/link`)).json<{ url: string }>();
    expect((await read(null, link.url)).statusCode).toBe(200);
    expect((await read('manager', link.url)).statusCode).toBe(200);

    // The customer's own order: its hand-over photo and their self-return photo.
    const me = (await call('customer', 'GET', '/api/app/account/my-profile')).json<{
      id: string;
    }>();
    const mine = await orderOf(and(eq(orders.customerId, me.id), isNotNull(orders.storeId))!);
    const door = await keptWith('admin', 'DeliveryPhoto', mine.id);
    const returned = await keptWith('customer', 'SelfReturnPhoto', mine.id);
    for (const id of [door, returned]) {
      expect((await read('customer', `/api/files/download/${id}`)).statusCode).toBe(200);
      const other = await read('otherCustomer', `/api/files/download/${id}`);
      expect(other.statusCode).toBe(404);
      expect(errorOf(other).code).toBe('File:NotFound');
      expect((await read('otherCustomer', `/api/files/${id}/link`)).statusCode).toBe(404);
    }
    // The self-return photo is checked in by the order's store, and no other.
    const ownStaff = mine.storeId === wanlong ? 'manager' : 'yd-manager';
    const otherStaff = mine.storeId === wanlong ? 'yd-manager' : 'manager';
    expect((await read(ownStaff, `/api/files/download/${returned}`)).statusCode).toBe(200);
    expect((await read(otherStaff, `/api/files/download/${returned}`)).statusCode).toBe(403);
    // Nobody but its uploader deletes it, whichever store they work at.
    expect((await call(ownStaff, 'DELETE', `/api/files/${returned}`)).statusCode).toBe(403);
  });

  it("takes no picture of another store's item onto one's own item, where it could then be deleted", async () => {
    const wlItem = await itemOf(wanlong);
    const picture = await pictureOf('employee', wlItem);
    const ydItem = await itemOf(yunding);
    const edit = (imageFileIds: string[]) => setPictures('yd-manager', ydItem, imageFileIds);
    const refused = await edit([picture]);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'File:BelongsToAnotherStore',
      message: '这张图片属于其他门店的设备，请重新拍照或上传',
    });
    // Its own upload is taken, and the other store's picture stays that store's alone.
    const own = await upload('yd-manager', { businessType: 'EquipmentImage', isTemporary: 'true' });
    expect((await edit([own.json<{ id: string }>().id])).statusCode).toBe(200);
    expect((await call('yd-manager', 'DELETE', `/api/files/${picture}`)).statusCode).toBe(403);
  });
});
