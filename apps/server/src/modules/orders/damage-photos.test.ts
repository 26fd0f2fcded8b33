import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photo } from '@/modules/files/test-upload.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Item {
  id: string;
  barcodeNumber: string;
  deposit: number;
}
interface Line {
  id: string;
  equipmentId: string;
  [key: string]: unknown;
}

const DAY = 86_400_000;

/**
 * Damage found at every hand-over keeps a note and a photo: the counter's return check-in, a
 * batch check-in and the driver's delivery. The store's staff read the photos; another store's
 * do not.
 */
describe('damage with a photo at every hand-over', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let goggles: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager', 'driver', 'admin']));
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    const created = await call('admin', 'POST', '/api/app/employees', {
      userName: 'yd-damage-manager',
      name: '云顶店长',
      password: '1q2w3E*',
      roles: ['StoreManager'],
      primaryStoreId: stores['云顶夜场店']!,
    });
    expect(created.statusCode).toBe(201);
    Object.assign(tokens, await signIn(t.app, csrf, ['yd-damage-manager']));
    tokens.customer = await customerToken(t);
    const stranger = await phoneSignIn(t, csrf, { phoneNumber: '13800007788', realName: '路人' });
    tokens.stranger = stranger.json<{ accessToken: string }>().accessToken;
    const categories = (await call('employee', 'GET', '/api/app/equipment/categories')).json<{
      items: { id: string; name: string }[];
    }>().items;
    goggles = categories.find((c) => c.name === '雪镜')!.id;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);

  let made = 0;
  async function newItem(): Promise<Item> {
    made += 1;
    const res = await call('employee', 'POST', '/api/app/equipment', {
      storeId: wanlong,
      categoryId: goggles,
      name: `损坏测试雪镜 ${made}`,
      barcodeNumber: `DMG-${Date.now()}-${made}`,
      dailyRentPrice: 20,
      deposit: 200,
      attributes: [],
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function upload(as: string, businessType: string) {
    const body = multipart(
      { businessType },
      { name: 'damage.jpg', bytes: await photo(320, 240), type: 'image/jpeg' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: body.payload,
      headers: { ...csrf, 'content-type': body.contentType, authorization: `Bearer ${tokens[as]}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }

  /** A paid order of the store, starting now (never backdated); delivered by van or picked up at the counter. */
  async function paidOrder(items: Item[], delivery: boolean) {
    const start = Date.now() - 60_000;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 3 * DAY).toISOString(),
      ...(delivery
        ? {
            deliveryMethod: 'Delivery',
            deliveryAddress: '万龙酒店 902',
            returnMethod: 'Pickup',
            returnAddress: '万龙酒店 902',
          }
        : {}),
      items: items.map((i) => ({ equipmentId: i.id })),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<{ id: string; bills: { id: string }[] }>();
    for (const bill of order.bills) {
      await call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    const out = await call(
      'employee',
      'POST',
      `/api/app/orders/${order.id}/${delivery ? 'dispatch' : 'handover'}`,
      {
        barcodes: items.map((i) => i.barcodeNumber),
      },
    );
    expect(out.statusCode).toBe(200);
    return out.json<{ id: string; items: Line[] }>();
  }

  const history = async (itemId: string) =>
    (
      await call('employee', 'GET', `/api/app/equipment/equipment-operation-history/${itemId}`)
    ).json<{
      items: { operation: string; remarks: string; reason: string; photoId: string | null }[];
    }>().items;

  const download = (as: string, fileId: string) => call(as, 'GET', `/api/files/download/${fileId}`);

  it('the counter’s return check-in keeps a photo and a note on a damaged item, on the order and in its history', async () => {
    const [fine, broken] = [await newItem(), await newItem()];
    const order = await paidOrder([fine, broken], false);
    const line = (item: Item) => order.items.find((i) => i.equipmentId === item.id)!.id;

    // A photo that is not the clerk's own upload of damage is refused, and nothing is checked in.
    const driversPhoto = await upload('driver', 'DamagePhoto');
    const forged = await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
      items: [
        {
          orderItemId: line(broken),
          state: 'damaged',
          damageFee: 50,
          remarks: '镜片划痕',
          photoFileId: driversPhoto,
        },
      ],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(`损坏照片无效，请重新拍摄：${broken.barcodeNumber}`);

    const damagePhoto = await upload('employee', 'DamagePhoto');
    const returned = await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
      items: [
        { orderItemId: line(fine), state: 'returned' },
        {
          orderItemId: line(broken),
          state: 'damaged',
          damageFee: 50,
          remarks: '镜片划痕',
          photoFileId: damagePhoto,
        },
      ],
    });
    expect(returned.statusCode).toBe(200);
    const items = returned.json<{ items: Line[] }>().items;
    expect(items.find((i) => i.equipmentId === broken.id)).toMatchObject({
      returnState: 'damaged',
      returnPhotoId: damagePhoto,
      returnRemarks: '镜片划痕',
    });
    expect(items.find((i) => i.equipmentId === fine.id)).toMatchObject({
      returnPhotoId: null,
      returnRemarks: '',
    });
    // The order's detail shows it later too, and the item's history keeps the photo.
    const detail = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json<{
      items: Line[];
    }>();
    expect(detail.items.find((i) => i.equipmentId === broken.id)?.returnPhotoId).toBe(damagePhoto);
    expect((await history(broken.id))[0]).toMatchObject({
      operation: 'orderReturn',
      photoId: damagePhoto,
    });
    expect((await history(broken.id))[0]?.remarks).toContain('镜片划痕');

    // The store's staff read the photo; another store's manager is refused.
    expect((await download('manager', damagePhoto)).statusCode).toBe(200);
    const other = await download('yd-damage-manager', damagePhoto);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('File:BelongsToAnotherStore');
    // The order's customer sees what the deposit pays for; another customer does not.
    expect((await download('customer', damagePhoto)).statusCode).toBe(200);
    expect((await download('stranger', damagePhoto)).statusCode).toBe(404);

    // The photo shows this order's damage: another order's check-in naming it is refused whole.
    const next = await paidOrder([await newItem()], false);
    const reused = await call('employee', 'POST', `/api/app/orders/${next.id}/return`, {
      items: [
        {
          orderItemId: next.items[0]!.id,
          state: 'damaged',
          damageFee: 20,
          remarks: '又一道划痕',
          photoFileId: damagePhoto,
        },
      ],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('这张损坏照片已用于另一笔订单，请重新拍摄');
    const still = (await call('employee', 'GET', `/api/app/orders/${next.id}`)).json<{
      items: Line[];
    }>();
    expect(still.items[0]).toMatchObject({ returnState: null, returnPhotoId: null });
  });

  it('a batch check-in marks an item damaged with a note and a photo its history shows', async () => {
    const [fine, broken] = [await newItem(), await newItem()];
    const window = {
      reason: '赛事借用',
      unavailableStartTime: new Date(Date.now() + DAY).toISOString(),
      unavailableEndTime: new Date(Date.now() + 2 * DAY).toISOString(),
    };
    const out = await call('employee', 'POST', '/api/app/equipment/batch-stock-out', {
      equipmentIds: [fine.id, broken.id],
      ...window,
    });
    expect(out.json().succeeded).toBe(2);

    const damagePhoto = await upload('employee', 'DamagePhoto');
    const back = await call('employee', 'POST', '/api/app/equipment/batch-stock-in', {
      equipmentIds: [fine.id, broken.id],
      reason: '赛事归还',
      damaged: [{ equipmentId: broken.id, remarks: '绑带断裂', photoFileId: damagePhoto }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().succeeded).toBe(2);
    const status = async (id: string) =>
      (await call('employee', 'GET', `/api/app/equipment/${id}`)).json<{ status: number }>().status;
    expect(await status(fine.id)).toBe(0);
    expect(await status(broken.id)).toBe(2);
    expect((await history(broken.id))[0]).toMatchObject({
      operation: 'markDamaged',
      remarks: '绑带断裂',
      photoId: damagePhoto,
    });
    expect((await history(fine.id))[0]).toMatchObject({ operation: 'stockIn', photoId: null });

    // Someone else's upload is no photo of this check-in.
    const [another] = [await newItem()];
    await call('employee', 'POST', '/api/app/equipment/batch-stock-out', {
      equipmentIds: [another.id],
      ...window,
    });
    const notTheirs = await upload('manager', 'DamagePhoto');
    const refused = await call('employee', 'POST', '/api/app/equipment/batch-stock-in', {
      equipmentIds: [another.id],
      reason: '赛事归还',
      damaged: [{ equipmentId: another.id, remarks: '裂', photoFileId: notTheirs }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await status(another.id)).toBe(1);

    expect((await download('manager', damagePhoto)).statusCode).toBe(200);
    expect((await download('yd-damage-manager', damagePhoto)).statusCode).toBe(403);
  });

  it('the driver marks an item damaged at the delivery: kept on the order, the store is told and reads the photo', async () => {
    const [fine, broken] = [await newItem(), await newItem()];
    const order = await paidOrder([fine, broken], true);
    const line = (item: Item) => order.items.find((i) => i.equipmentId === item.id)!.id;
    const doorPhoto = await upload('driver', 'DeliveryPhoto');
    const signature = await upload('driver', 'DeliverySignature');

    // Damaged needs a photo.
    const noPhoto = await call('driver', 'POST', `/api/app/orders/${order.id}/delivered`, {
      photoFileId: doorPhoto,
      signatureFileId: signature,
      items: [{ orderItemId: line(broken), condition: 'damaged', remarks: '镜框变形' }],
    });
    expect(noPhoto.statusCode).toBe(400);

    const damagePhoto = await upload('driver', 'DeliveryPhoto');
    const delivered = await call('driver', 'POST', `/api/app/orders/${order.id}/delivered`, {
      photoFileId: doorPhoto,
      signatureFileId: signature,
      recipientName: '王女士',
      items: [
        {
          orderItemId: line(broken),
          condition: 'damaged',
          remarks: '镜框变形',
          photoFileId: damagePhoto,
        },
      ],
    });
    expect(delivered.statusCode).toBe(200);
    const after = delivered.json<{ items: Line[]; timeline: { message: string }[] }>();
    expect(after.items.find((i) => i.equipmentId === broken.id)).toMatchObject({
      deliveryState: 'damaged',
      deliveryPhotoId: damagePhoto,
      deliveryRemarks: '镜框变形',
    });
    expect(after.items.find((i) => i.equipmentId === fine.id)).toMatchObject({
      deliveryState: null,
      deliveryPhotoId: null,
    });
    // The store sees it on the order's timeline, as for damage found at a pickup.
    expect(after.timeline.map((e) => e.message)).toContain(
      `送达时发现器材损坏：${broken.barcodeNumber}（镜框变形）`,
    );
    const gear = (await call('employee', 'GET', `/api/app/equipment/${broken.id}`)).json();
    expect(gear.status).toBe(2);
    expect((await history(broken.id))[0]).toMatchObject({
      reason: '司机标记损坏',
      remarks: '镜框变形',
      photoId: damagePhoto,
    });

    expect((await download('employee', damagePhoto)).statusCode).toBe(200);
    expect((await download('yd-damage-manager', damagePhoto)).statusCode).toBe(403);

    // At the pickup the same photo shows the same damage: it is this order's already.
    const picked = await call('driver', 'POST', `/api/app/orders/${order.id}/pickup`, {
      items: [
        { orderItemId: line(fine), condition: 'fine' },
        {
          orderItemId: line(broken),
          condition: 'damaged',
          remarks: '镜框变形',
          photoFileId: damagePhoto,
        },
      ],
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(
      picked.json<{ items: Line[] }>().items.find((i) => i.equipmentId === broken.id),
    ).toMatchObject({ pickupState: 'damaged', pickupPhotoId: damagePhoto });
  });
});
