import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '@/db/schema.js';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { seedEquipmentPictures } from '@/db/seed-pictures.js';
import { FileService } from './service.js';
import { LocalFileStore } from './store.js';
import { multipart, photo } from './test-upload.js';

describe('files', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ settings: { FILE_MAX_BYTES: String(2 * 1024 * 1024) } });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'driver']));
  });
  afterAll(() => t.close());

  const upload = (
    as: string | null,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type?: string },
  ) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: body.payload,
      headers: {
        ...csrf,
        'content-type': body.contentType,
        ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
      },
    });
  };

  it('stores a photo with thumbnails, rotated and without its metadata', async () => {
    const res = await upload(
      'employee',
      { businessType: 'EquipmentImage', isTemporary: 'true' },
      { name: 'ski.jpg', bytes: await photo(), type: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(201);
    const info = res.json();
    expect(info).toMatchObject({
      fileName: 'ski.jpg',
      contentType: 'image/jpeg',
      width: 1600,
      height: 1200,
      isTemporary: true,
    });
    expect(
      info.thumbnails.map((th: { size: string; width: number }) => [th.size, th.width]),
    ).toEqual([
      ['small', 240],
      ['medium', 800],
    ]);
    const original = await t.app.inject(info.accessUrl);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).exif).toBeUndefined();
    const small = await t.app.inject(info.thumbnails[0].accessUrl);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(240);
  });

  it('judges the type by the bytes, not the name or the claimed type', async () => {
    const disguised = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: 'photo.jpg', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), type: 'image/jpeg' },
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.code).toBe('File:TypeNotAllowed');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const pdfAsImage = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: 'manual.pdf', bytes: pdf },
    );
    expect(pdfAsImage.statusCode).toBe(415);
    expect(pdfAsImage.json().error.message).toBe('这里只能上传图片（JPG、PNG、WebP、GIF）');
    expect(
      (await upload('employee', { businessType: 'Contract' }, { name: 'manual.pdf', bytes: pdf }))
        .statusCode,
    ).toBe(201);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const corrupt = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: 'broken.jpg', bytes: broken },
    );
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().error.message).toBe('图片已损坏或格式不受支持');
  });

  it('refuses uploads that are too large, missing, or anonymous', async () => {
    const big = Buffer.concat([await photo(200, 200, 'png'), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload('employee', {}, { name: 'big.png', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('文件太大，最大 2 MB');
    expect((await upload('employee', { businessType: 'EquipmentImage' })).statusCode).toBe(400);
    expect(
      (await upload(null, {}, { name: 'a.png', bytes: await photo(10, 10, 'png') })).statusCode,
    ).toBe(401);
  });

  it('never lets a file name choose where bytes go', async () => {
    const res = await upload(
      'employee',
      { fileName: '../../../etc/passwd.png' },
      { name: '..\\..\\evil.png', bytes: await photo(20, 20, 'png') },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().fileName).toBe('passwd.png');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row!.storageKey).toMatch(/^[0-9a-f-]+\/[0-9a-f-]+\/original\.png$/);
    await expect(
      new LocalFileStore(t.settings.FILES_DIR!).read('../../etc/passwd'),
    ).rejects.toThrow(/invalid storage key/);
    expect(readdirSync(t.settings.FILES_DIR!).every((d) => /^[0-9a-f-]{36}$/.test(d))).toBe(true);
  });

  it('answers 404 when the stored bytes are gone, as for a file that never was', async () => {
    const info = (
      await upload('employee', {}, { name: 'lost.png', bytes: await photo(30, 30, 'png') })
    ).json();
    rmSync(join(t.settings.FILES_DIR!, HOST_TENANT_ID, info.id), { recursive: true });
    for (const url of [info.accessUrl, info.thumbnails[0].accessUrl]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['_abperrorformat']).toBe('true');
      expect(res.json().error.code).toBe('File:NotFound');
    }
  });

  it('lets only the owner delete through my-files; staff who manage equipment may delete any', async () => {
    const mine = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'd.png', bytes: await photo(30, 30, 'png') },
      )
    ).json();
    const del = (as: string, url: string) =>
      t.app.inject({
        method: 'DELETE',
        url,
        headers: { ...csrf, authorization: `Bearer ${tokens[as]}` },
      });
    expect((await del('employee', `/api/files/my-files/${mine.id}`)).statusCode).toBe(403);
    expect((await del('employee', `/api/files/${mine.id}`)).statusCode).toBe(204);
    expect((await t.app.inject(mine.accessUrl)).statusCode).toBe(404);
    const again = (
      await upload('driver', {}, { name: 'e.png', bytes: await photo(30, 30, 'png') })
    ).json();
    expect((await del('driver', `/api/files/my-files/${again.id}`)).statusCode).toBe(204);
  });

  it('expires temporary uploads and keeps the ones attached to equipment', async () => {
    const keep = (
      await upload(
        'employee',
        { businessType: 'EquipmentImage', isTemporary: 'true', expirationHours: '1' },
        { name: 'k.jpg', bytes: await photo(300, 200) },
      )
    ).json();
    const drop = (
      await upload(
        'employee',
        { businessType: 'EquipmentImage', isTemporary: 'true', expirationHours: '1' },
        { name: 'x.jpg', bytes: await photo(300, 200) },
      )
    ).json();
    const item = (
      await t.app.inject({
        url: '/api/app/equipment/by-barcode?barcodeNumber=SGWLGOG001',
        headers: { authorization: `Bearer ${tokens.employee}` },
      })
    ).json();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/app/equipment/${item.id}`,
      headers: { ...csrf, authorization: `Bearer ${tokens.employee}` },
      payload: {
        categoryId: item.categoryId,
        name: item.name,
        brand: item.brand,
        model: item.model,
        dailyRentPrice: item.dailyRentPrice,
        deposit: item.deposit,
        attributes: item.attributes.map((a: { attributeId: string; value: string }) => ({
          attributeId: a.attributeId,
          value: a.value,
        })),
        imageFileIds: [keep.id],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().imageFiles[0].file.accessUrl).toBe(`/api/files/download/${keep.id}`);
    expect(updated.json().imageFiles[0].thumbnails.map((x: { size: string }) => x.size)).toEqual([
      'small',
      'medium',
    ]);
    await t.database.db
      .update(files)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(files.isTemporary, true));
    const swept = await new FileService(
      t.database.db,
      new LocalFileStore(t.settings.FILES_DIR!),
      1e7,
    ).sweepExpired();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject(`/api/files/download/${drop.id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/files/download/${keep.id}`)).statusCode).toBe(200);
  });

  it('draws a picture for every demo item, shared by items of one kind and colour', async () => {
    const service = new FileService(t.database.db, new LocalFileStore(t.settings.FILES_DIR!), 1e7);
    const pictured = await seedEquipmentPictures(t.database.db, service, HOST_TENANT_ID);
    expect(pictured).toBeGreaterThanOrEqual(60);
    expect(await seedEquipmentPictures(t.database.db, service, HOST_TENANT_ID)).toBe(0);
    const item = (await t.app.inject({ url: '/api/app/equipment/inquiry?sn=SGTWSB001' })).json();
    expect(item.imageFiles).toHaveLength(1);
    const png = await t.app.inject(item.imageFiles[0].file.accessUrl);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(600);
  }, 60_000);
});
