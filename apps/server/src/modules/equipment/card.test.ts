import { HOST_TENANT_ID } from '@snowgear/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photo } from '@/modules/files/test-upload.js';
import { findEquipmentWithDetails } from './repository.js';
import {
  createTestApp,
  equipmentSaveBody,
  signIn,
  verificationHeaders,
  type ItemAsRead,
  type TestApp,
} from '@/testing/index.js';

interface Card {
  id: string;
  barcodeNumber: string;
  statusDisplayName: string;
  attributes: { attributeId: string; displayName: string; value: string }[];
  imageFiles: {
    id: string;
    file: { id: string; accessUrl: string };
    thumbnails: { size: string; accessUrl: string }[];
  }[];
  imageFileIds: string[];
  unavailableTimes: { id: string; startTime: string; endTime: string; source: string }[];
  outOnOrder: { orderId: string; orderNumber: string; customerName: string } | null;
}

/**
 * An item's card (by barcode at the counter's scanner, or by id) is one statement of its own;
 * it must say exactly what the list says of the same item.
 */
/** A demo item out on an active order, with attributes and a hold not yet over. */
const OUT_ON_ORDER = 'SGYDSKI002';

describe("an item's card", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let cards: Card[];
  /** The pictures attached to OUT_ON_ORDER, in the order given. */
  let pictureIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const csrf = await verificationHeaders(t.app);
    const { admin } = await signIn(t.app, csrf, ['admin']);
    headers = { authorization: `Bearer ${admin}`, __tenant: HOST_TENANT_ID };
    // Two pictures, the second uploaded first in the card, on a demo item out on an order.
    const pictures: string[] = [];
    for (const name of ['a.jpg', 'b.jpg']) {
      const body = multipart(
        { businessType: 'EquipmentImage' },
        { name, bytes: await photo(300, 200) },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload: body.payload,
        headers: { ...csrf, ...headers, 'content-type': body.contentType },
      });
      pictures.push(res.json<{ id: string }>().id);
    }
    const item = (await byBarcode(OUT_ON_ORDER)).json<Card & ItemAsRead>();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/app/equipment/${item.id}`,
      headers: { ...csrf, ...headers },
      payload: equipmentSaveBody(item, { imageFileIds: (pictureIds = pictures.reverse()) }),
    });
    expect(updated.statusCode).toBe(200);
    cards = await list('zh-CN');
  });
  afterAll(() => t.close());

  const get = (url: string, language = 'zh-CN') =>
    t.app.inject({ url, headers: { ...headers, 'accept-language': language } });
  async function list(language: string): Promise<Card[]> {
    const res = await get('/api/app/equipment?maxResultCount=1000', language);
    return res.json<{ items: Card[] }>().items;
  }
  const byBarcode = (barcode: string, language?: string) =>
    get(`/api/app/equipment/by-barcode?barcodeNumber=${encodeURIComponent(barcode)}`, language);

  /** Statements a call sends once the sign-in and the tenant are known. */
  async function statementsOf(url: string) {
    await get(url);
    const before = t.database.stats.queries;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return t.database.stats.queries - before;
  }

  it('costs one statement by barcode and by id, and none more for a signed-in caller', async () => {
    const item = cards[0]!;
    expect(
      await statementsOf(`/api/app/equipment/by-barcode?barcodeNumber=${item.barcodeNumber}`),
    ).toBe(1);
    expect(await statementsOf(`/api/app/equipment/${item.id}`)).toBe(1);
  });

  it('says what the list says of every item, in either language and any case of barcode', async () => {
    for (const language of ['zh-CN', 'en']) {
      for (const item of await list(language)) {
        const found = await byBarcode(item.barcodeNumber.toLowerCase(), language);
        expect(found.statusCode).toBe(200);
        expect(found.json()).toEqual(item);
        expect((await get(`/api/app/equipment/${item.id}`, language)).json()).toEqual(item);
      }
    }
    expect((await byBarcode('NOPE')).statusCode).toBe(404);
    expect((await byBarcode('NOPE')).json().error.message).toBe('设备不存在');
    expect((await get('/api/app/equipment/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('shows attributes, pictures with their thumbnails, holds not yet over and the order it is out on', async () => {
    const item = cards.find((c) => c.barcodeNumber === OUT_ON_ORDER)!;
    expect(item.attributes.length).toBeGreaterThan(0);
    expect(item.imageFiles).toHaveLength(2);
    expect(item.unavailableTimes.length).toBeGreaterThan(0);
    const card = (await byBarcode(item.barcodeNumber)).json<Card>();
    expect(card.statusDisplayName).toBe('已出库');
    expect((await byBarcode(item.barcodeNumber, 'en')).json<Card>().statusDisplayName).toBe(
      'checked out',
    );
    for (const image of card.imageFiles) {
      expect(image.file).toEqual({ id: image.id, accessUrl: `/api/files/download/${image.id}` });
      expect(image.thumbnails).toEqual(
        ['small', 'medium'].map((size) => ({
          size,
          accessUrl: `/api/files/download/${image.id}?thumbnail=${size}`,
        })),
      );
    }
    expect(card.imageFileIds).toEqual(pictureIds);
    expect(card.imageFiles.map((i) => i.id)).toEqual(pictureIds);
    const starts = card.unavailableTimes.map((u) => u.startTime);
    expect(starts).toEqual([...starts].sort());
    for (const u of card.unavailableTimes) {
      expect(u.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(new Date(u.endTime).getTime()).toBeGreaterThan(Date.now());
    }
    expect(card.outOnOrder).toMatchObject({ orderNumber: expect.stringMatching(/^\d{12}$/) });
    // Downloading the picture works with the link the card gives.
    const picture = await t.app.inject({ url: card.imageFiles[0]!.file.accessUrl, headers });
    expect(picture.statusCode).toBe(200);
  });

  it("finds no item of another tenant's", async () => {
    const item = cards[0]!;
    const other = '11111111-1111-4111-8111-111111111111';
    const find = (tenantId: string, by: 'id' | 'barcode', key: string) =>
      findEquipmentWithDetails(t.database.db, tenantId, by, key);
    expect(await find(HOST_TENANT_ID, 'id', item.id)).toMatchObject({ id: item.id });
    expect(await find(other, 'id', item.id)).toBeUndefined();
    expect(await find(other, 'barcode', item.barcodeNumber.toLowerCase())).toBeUndefined();
  });
});
