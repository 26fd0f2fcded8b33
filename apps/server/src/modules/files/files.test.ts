import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '@/db/schema.js';
import {
  equipmentSaveBody,
  createTestApp,
  signIn,
  storeIdsByName,
  storeTimeOn,
  TEST_SECRET,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { seedEquipmentPictures, seedPackPictures } from '@/demo/pictures.js';
import { FileService, fileLimits } from './service.js';
import { FileLinks } from './signed-links.js';
import { LocalFileStore } from '@/file-store/store.js';
import { inPieces, multipart, photo, pixelBomb } from './test-upload.js';

describe('files', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ settings: { FILE_MAX_BYTES: String(2 * 1024 * 1024) } });
    csrf = await verificationHeaders(t.app);
    Object.assign(
      tokens,
      await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'driver', 'agent']),
    );
  });
  afterAll(() => t.close());

  const download = (as: string | null, url: string) =>
    t.app.inject({
      url,
      headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
    });

  const upload = (
    as: string | null,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type?: string },
    language = 'zh-CN',
  ) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: body.payload,
      headers: {
        ...csrf,
        'content-type': body.contentType,
        'accept-language': language,
        ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
      },
    });
  };

  /** The store employee saves the item with this barcode as it is, but for these fields. */
  const saveItem = async (
    barcode: string,
    changes: { imageFileIds: string[]; dailyRentPrice?: number },
  ) => {
    const item = (
      await t.app.inject({
        url: `/api/app/equipment/by-barcode?barcodeNumber=${barcode}`,
        headers: { authorization: `Bearer ${tokens.employee}` },
      })
    ).json();
    return t.app.inject({
      method: 'PUT',
      url: `/api/app/equipment/${item.id}`,
      headers: { ...csrf, authorization: `Bearer ${tokens.employee}` },
      payload: equipmentSaveBody(item, changes),
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
    const original = await download('employee', info.accessUrl);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).exif).toBeUndefined();
    const small = await download('employee', info.thumbnails[0].accessUrl);
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
      { businessType: 'EquipmentImage', fileName: '../../../etc/passwd.png' },
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
      await upload(
        'employee',
        { businessType: 'EquipmentImage' },
        { name: 'lost.png', bytes: await photo(30, 30, 'png') },
      )
    ).json();
    rmSync(join(t.settings.FILES_DIR!, HOST_TENANT_ID, info.id), { recursive: true });
    for (const url of [info.accessUrl, info.thumbnails[0].accessUrl]) {
      const res = await download('employee', url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['_abperrorformat']).toBe('true');
      expect(res.json().error.code).toBe('File:NotFound');
    }
  });

  const del = (as: string, url: string) =>
    t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...csrf, authorization: `Bearer ${tokens[as]}` },
    });

  it('lets only the owner delete through my-files; staff who manage equipment may delete its pictures', async () => {
    const picture = (
      await upload(
        'driver',
        { businessType: 'EquipmentImage' },
        { name: 'd.png', bytes: await photo(30, 30, 'png') },
      )
    ).json();
    expect((await del('employee', `/api/files/my-files/${picture.id}`)).statusCode).toBe(403);
    expect((await del('employee', `/api/files/${picture.id}`)).statusCode).toBe(204);
    expect((await download('driver', picture.accessUrl)).statusCode).toBe(404);
    // A driver's proof of delivery is not an equipment picture: only the driver removes it.
    const proof = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'e.png', bytes: await photo(30, 30, 'png') },
      )
    ).json();
    const refused = await del('employee', `/api/files/${proof.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('File:NotYours');
    expect((await download('driver', proof.accessUrl)).statusCode).toBe(200);
    expect((await del('driver', `/api/files/my-files/${proof.id}`)).statusCode).toBe(204);
  });

  it("replaces with overrideExisting only what the caller may delete; others' files stay", async () => {
    const picture = await photo(40, 40, 'png');
    const proof = (as: string, override: boolean) =>
      upload(
        as,
        {
          businessType: 'DeliveryPhoto',
          businessEntityId: 'order-20261121',
          fileName: 'proof.png',
          ...(override ? { overrideExisting: 'true' } : {}),
        },
        { name: 'proof.png', bytes: picture },
      );
    const drivers = (await proof('driver', false)).json();
    const intruder = await proof('employee', true);
    expect(intruder.statusCode).toBe(201);
    // The driver's file is untouched: row and bytes.
    expect((await download('driver', drivers.accessUrl)).statusCode).toBe(200);
    const replaced = await proof('driver', true);
    expect(replaced.statusCode).toBe(201);
    const left = await t.database.db
      .select({ id: files.id, ownerId: files.ownerId })
      .from(files)
      .where(eq(files.businessEntityId, 'order-20261121'));
    expect(left.map((f) => f.id).sort()).toEqual([intruder.json().id, replaced.json().id].sort());
    expect((await download('driver', drivers.accessUrl)).statusCode).toBe(404);
    expect((await download('employee', intruder.json().accessUrl)).statusCode).toBe(200);
  });

  it('serves private files only to those who may see them, and never as a page of our origin', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<<>>\n%%EOF',
    );
    const contract = (
      await upload('employee', { businessType: 'Contract' }, { name: "合同 (1)'.pdf", bytes: pdf })
    ).json();
    const anonymous = await download(null, contract.accessUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['_abperrorformat']).toBe('true');
    expect(anonymous.json().error.message).toBe('请登录后查看此文件');
    const own = await download('employee', contract.accessUrl);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(pdf);
    expect(own.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': "attachment; filename*=UTF-8''%E5%90%88%E5%90%8C%20%281%29%27.pdf",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(own.headers['content-security-policy']).toMatch(/sandbox/);
    expect(own.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // Another store manager may not read it (as if it did not exist); the super admin may.
    const other = await download('manager', contract.accessUrl);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('File:NotFound');
    expect((await download('admin', contract.accessUrl)).statusCode).toBe(200);
    // A business type named like a property every object has is still only the uploader's.
    for (const businessType of ['constructor', 'toString', '__proto__']) {
      const odd = (
        await upload('employee', { businessType }, { name: 'x.pdf', bytes: pdf })
      ).json();
      expect((await download('manager', odd.accessUrl)).statusCode).toBe(404);
      expect((await download('employee', odd.accessUrl)).statusCode).toBe(200);
    }

    // A delivery photo: the driver, and staff who handle orders; not an agent.
    const proof = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'p.png', bytes: await photo(50, 50, 'png') },
      )
    ).json();
    for (const url of [proof.accessUrl, proof.thumbnails[0].accessUrl]) {
      expect((await download(null, url)).statusCode).toBe(401);
      expect((await download('agent', url)).statusCode).toBe(404);
      const seen = await download('employee', url);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-disposition']).toMatch(/^inline;/);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.headers['content-security-policy']).toMatch(/sandbox/);
    }

    // A picture uploaded for an item but not attached yet: its uploader and equipment staff.
    const pending = (
      await upload(
        'employee',
        { businessType: 'EquipmentImage', isTemporary: 'true' },
        { name: 'new.jpg', bytes: await photo(60, 40) },
      )
    ).json();
    expect((await download(null, pending.accessUrl)).statusCode).toBe(401);
    expect((await download('driver', pending.accessUrl)).statusCode).toBe(404);
    expect((await download('manager', pending.accessUrl)).statusCode).toBe(200);
  });

  it('gives a reader a signed link that opens one private file, at one size, for ten minutes', async () => {
    const proof = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'door.png', bytes: await photo(400, 300, 'png') },
      )
    ).json();
    const linkOf = (as: string | null, thumbnail?: string) =>
      download(as, `/api/files/${proof.id}/link${thumbnail ? `?thumbnail=${thumbnail}` : ''}`);
    // Only those who may read the file get a link.
    expect((await linkOf(null)).statusCode).toBe(401);
    expect((await linkOf('agent')).statusCode).toBe(404);
    const given = await linkOf('employee', 'medium');
    expect(given.statusCode).toBe(200);
    const link = given.json<{ url: string; expiresAt: string }>();
    expect(link.url).toMatch(
      new RegExp(
        `^/api/files/download/${proof.id}\\?thumbnail=medium&tenant=[^&]+&expires=\\d+&signature=`,
      ),
    );
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    // The link opens the file with no token (an <img> sends none), as the reader sees it.
    const opened = await download(null, link.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.rawPayload).toEqual(
      (await download('employee', proof.thumbnails[1].accessUrl)).rawPayload,
    );

    // It opens nothing else: another size, another file, a changed expiry or signature.
    const url = new URL(link.url, 'http://server.invalid');
    const altered = (change: (q: URLSearchParams) => void, path = url.pathname) => {
      const q = new URLSearchParams(url.search);
      change(q);
      return download(null, `${path}?${q.toString()}`);
    };
    const refusals = await Promise.all([
      altered((q) => q.delete('thumbnail')),
      altered((q) => q.set('thumbnail', 'small')),
      altered((q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      // One character changed (a signature that began with 'A' was left as it was, 1 time in 64).
      altered((q) => {
        const signature = q.get('signature')!;
        q.set('signature', (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1));
      }),
      altered(() => undefined, `/api/files/download/${randomUUID()}`),
    ]);
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'File:LinkExpired',
        message: '文件链接已过期，请返回刷新后再打开',
      });
    }
  });

  it('refuses a signed link once it has expired', async () => {
    const proof = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'late.png', bytes: await photo(40, 40, 'png') },
      )
    ).json();
    const links = new FileLinks(TEST_SECRET, () => Date.now() - 11 * 60_000);
    const stale = links.sign(HOST_TENANT_ID, proof.id);
    const refused = await t.app.inject({ url: stale.url, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This file link has expired; go back, refresh and open it again',
    );
    // Made now with the same secret (any server process), it opens.
    const fresh = new FileLinks(TEST_SECRET).sign(HOST_TENANT_ID, proof.id);
    expect((await t.app.inject({ url: fresh.url })).statusCode).toBe(200);
  });

  it('refuses an image announcing more pixels than the bound, before decoding it', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(40 * 1024);
    const res = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: 'bomb.png', bytes: bomb },
    );
    expect(res.statusCode).toBe(413);
    expect(res.headers['_abperrorformat']).toBe('true');
    expect(res.json().error).toMatchObject({
      code: 'File:TooManyPixels',
      message: '图片太大（16000×16000 像素），最多 50,000,000 像素',
    });
    const english = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: 'bomb.png', bytes: bomb },
      'en',
    );
    expect(english.json().error.message).toBe(
      'The image is too large (16000×16000 pixels); at most 50,000,000 pixels',
    );
  });

  it('calls an image too large, not damaged, however many pixels its header announces', async () => {
    // Above about 268 megapixels the image library refuses to read even the header by default.
    const huge = pixelBomb(20000, 20000);
    const res = await upload(
      'manager',
      { businessType: 'EquipmentImage' },
      { name: 'huge.png', bytes: huge },
    );
    expect(res.statusCode).toBe(413);
    expect(res.headers['_abperrorformat']).toBe('true');
    expect(res.json().error).toMatchObject({
      code: 'File:TooManyPixels',
      message: '图片太大（20000×20000 像素），最多 50,000,000 像素',
    });
    const english = await upload(
      'manager',
      { businessType: 'EquipmentImage' },
      { name: 'huge.png', bytes: huge },
      'en-US',
    );
    expect(english.statusCode).toBe(413);
    expect(english.json().error.message).toBe(
      'The image is too large (20000×20000 pixels); at most 50,000,000 pixels',
    );
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
    const updated = await saveItem('SGWLGOG001', { imageFileIds: [keep.id] });
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
      fileLimits(t.settings),
    ).sweepExpired();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject(`/api/files/download/${drop.id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/files/download/${keep.id}`)).statusCode).toBe(200);
  });

  it("draws each demo pack's picture once, public on the booking page", async () => {
    const service = new FileService(
      t.database.db,
      new LocalFileStore(t.settings.FILES_DIR!),
      fileLimits(t.settings),
    );
    const drawn = await seedPackPictures(t.database.db, service, HOST_TENANT_ID);
    expect(drawn).toBeGreaterThanOrEqual(2);
    expect(await seedPackPictures(t.database.db, service, HOST_TENANT_ID)).toBe(0);
    const stores = await storeIdsByName(t.app);
    const start = encodeURIComponent(storeTimeOn(5, '10:00'));
    const catalog = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${stores['万龙雪场店']}&rentalStartTime=${start}&days=1`,
      })
    ).json<{ packs: { name: string; pictureUrl: string | null }[] }>();
    const full = catalog.packs.find((p) => p.name === '双板全套')!;
    expect(full.pictureUrl).toMatch(/\?thumbnail=small$/);
    // Anyone may load it, as a small picture for the pack's card.
    const picture = await t.app.inject(full.pictureUrl!);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(240);
  });

  it('draws a picture for every demo item, shared by items of one kind and colour in a store', async () => {
    const service = new FileService(
      t.database.db,
      new LocalFileStore(t.settings.FILES_DIR!),
      fileLimits(t.settings),
    );
    const pictured = await seedEquipmentPictures(t.database.db, service, HOST_TENANT_ID);
    expect(pictured).toBeGreaterThanOrEqual(60);
    expect(await seedEquipmentPictures(t.database.db, service, HOST_TENANT_ID)).toBe(0);
    const item = (await t.app.inject({ url: '/api/app/equipment/inquiry?sn=SGTWSB001' })).json();
    expect(item.imageFiles).toHaveLength(1);
    const png = await t.app.inject(item.imageFiles[0].file.accessUrl);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(600);
    // A child's skis (numbered after the adults') are drawn apart from white adult skis.
    const picture = async (sn: string) =>
      (await t.app.inject({ url: `/api/app/equipment/inquiry?sn=${sn}` })).json().imageFiles[0].file
        .accessUrl as string;
    const adult = await picture('SGTWSKI001');
    expect(await picture('SGTWSKI008')).not.toBe(adult);
    // Another store's skis of the same kind have a picture of their own: its staff save an item
    // with the picture it has, which they could not if another store's gear showed it too.
    expect(await picture('SGWLSKI001')).not.toBe(adult);
    const skis = await t.app.inject({
      url: '/api/app/equipment/by-barcode?barcodeNumber=SGWLSKI001',
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    const saved = await saveItem('SGWLSKI001', {
      imageFileIds: skis.json().imageFiles.map((f: { id: string }) => f.id),
      dailyRentPrice: skis.json().dailyRentPrice + 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().imageFiles).toHaveLength(1);
  }, 60_000);

  it('serves pictures of items to anyone, cacheable, and will not publish other files as one', async () => {
    // The demo's drawn pictures (the test above) are what a visitor sees.
    const item = (await t.app.inject({ url: '/api/app/equipment/inquiry?sn=SGTWSB001' })).json();
    for (const url of [
      item.imageFiles[0].file.accessUrl,
      ...item.imageFiles[0].thumbnails.map((x: { accessUrl: string }) => x.accessUrl),
    ]) {
      const res = await download(null, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    }
    // Attaching a driver's delivery photo to an item would make it public: refused.
    const proof = (
      await upload(
        'driver',
        { businessType: 'DeliveryPhoto' },
        { name: 'q.png', bytes: await photo(50, 50, 'png') },
      )
    ).json();
    const attached = await saveItem('SGWLGOG001', { imageFileIds: [proof.id] });
    expect(attached.statusCode).toBe(404);
    expect(attached.json().error.code).toBe('File:NotFound');
    expect((await download(null, proof.accessUrl)).statusCode).toBe(401);
  });

  it('answers a multipart body it cannot read with 400, not a server error', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nx'],
      ['multipart/form-data; boundary=', ''],
      ['multipart/form-data; boundary=abc', 'garbage'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload,
        headers: {
          ...csrf,
          'content-type': contentType,
          authorization: `Bearer ${tokens.employee}`,
        },
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().error.code).toMatch(/^(App:Validation|File:Missing)$/);
    }
  });

  it('keeps every field of an upload, sent before the file or after it, however the body arrives', async () => {
    const signature = await photo(300, 120, 'png');
    const fields = {
      businessType: 'AgreementSignature',
      fileName: 'signature.png',
      containerName: 'signatures',
      description: '柜台签名',
      tags: 'counter, agreement',
      isTemporary: 'true',
      expirationHours: '2',
    };
    for (const fieldsAfterFile of [false, true]) {
      for (let i = 0; i < 50; i++) {
        const body = multipart(
          fields,
          { name: 'blob', bytes: signature, type: 'image/png' },
          { fieldsAfterFile },
        );
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          // Pieces of another size each time: the file's end and the fields land apart or together.
          payload: inPieces(body.payload, 64 + ((i * 97) % 1500)),
          headers: {
            ...csrf,
            'content-type': body.contentType,
            authorization: `Bearer ${tokens.employee}`,
          },
        });
        const where = `${fieldsAfterFile ? 'after' : 'before'} the file, try ${i + 1}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(201);
        const [row] = await t.database.db
          .select()
          .from(files)
          .where(eq(files.id, res.json<{ id: string }>().id));
        expect(row, where).toMatchObject({
          businessType: 'AgreementSignature',
          fileName: 'signature.png',
          containerName: 'signatures',
          description: '柜台签名',
          tags: ['counter', 'agreement'],
          isTemporary: true,
        });
        const hours = (row!.expiresAt!.getTime() - Date.now()) / 3600_000;
        expect(hours, where).toBeGreaterThan(1.9);
        expect(hours, where).toBeLessThanOrEqual(2);
      }
    }
  });

  it('refuses an upload without what it needs, or with a field cut short or sent twice, and stores none of them', async () => {
    const png = await photo(8, 8, 'png');
    /** A body of these parts in this order, as any HTTP client may send it. */
    const send = (
      parts: { name: string; value: string | Buffer; file?: boolean }[],
      lang?: string,
    ) => {
      const boundary = 'upload-boundary';
      const payload = Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
              (p.file ? `; filename="a.png"\r\nContent-Type: image/png` : '') +
              '\r\n\r\n',
          ),
          Buffer.from(p.value),
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload,
        headers: {
          ...csrf,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${tokens.employee}`,
          ...(lang ? { 'accept-language': lang } : {}),
        },
      });
    };
    const file = { name: 'file', value: png, file: true };
    const type = { name: 'businessType', value: 'AgreementSignature' };
    const stored = async () => (await t.database.db.select({ id: files.id }).from(files)).length;
    const before = await stored();

    const untyped = await send([file, { name: 'description', value: '签名' }]);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().error).toMatchObject({
      code: 'App:Validation',
      validationErrors: [{ message: '必填', members: ['businessType'] }],
    });
    const english = await send([file, { name: 'businessType', value: '  ' }], 'en');
    expect(english.json().error.validationErrors).toEqual([
      { message: 'Required', members: ['businessType'] },
    ]);
    const fileless = await send([type]);
    expect(fileless.statusCode).toBe(400);
    expect(fileless.json().error).toMatchObject({
      code: 'File:Missing',
      message: '请选择要上传的文件',
      validationErrors: [{ message: '必填', members: ['file'] }],
    });
    const replacing = await send([
      { name: 'businessType', value: 'EquipmentImage' },
      file,
      { name: 'overrideExisting', value: 'true' },
    ]);
    expect(replacing.json().error.validationErrors).toEqual([
      { message: '必填', members: ['businessEntityId'] },
    ]);
    const twice = await send([type, file, { name: 'businessType', value: 'DeliveryPhoto' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.validationErrors).toEqual([
      { message: '只能填写一次', members: ['businessType'] },
    ]);
    const cut = await send([type, file, { name: 'description', value: '长'.repeat(2100) }]);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.validationErrors).toEqual([
      { message: '最多 2048 个字符', members: ['description'] },
    ]);
    const twoFiles = await send([type, file, file]);
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().error).toMatchObject({
      message: '一次只能上传一个文件',
      validationErrors: [{ message: '一次只能上传一个文件', members: ['file'] }],
    });
    const crowded = await send([
      type,
      file,
      ...Array.from({ length: 21 }, (_, i) => ({ name: `note${i}`, value: 'x' })),
    ]);
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().error.message).toBe('上传附带的字段太多，最多 20 个');
    expect(await stored()).toBe(before);
    // The same parts, each once and complete, in any order: stored.
    const fine = await send([file, type, { name: 'description', value: '签名' }]);
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json()).toMatchObject({ businessType: 'AgreementSignature' });
  });

  it('refuses control characters in the text fields and keeps file names readable', async () => {
    const png = await photo(8, 8, 'png');
    const bad = await upload(
      'employee',
      { businessType: 'EquipmentImage', description: 'a\u0000b' },
      { name: 'a.png', bytes: png, type: 'image/png' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors).toEqual([
      { message: 'InvalidCharacters', members: ['description'] },
    ]);
    const tags = await upload(
      'employee',
      { businessType: 'EquipmentImage', tags: 'a\nb' },
      { name: 'a.png', bytes: png, type: 'image/png' },
    );
    expect(tags.json().error.validationErrors[0].members).toEqual(['tags']);
    const named = await upload(
      'employee',
      { businessType: 'EquipmentImage', description: '第一行\n第二行' },
      { name: 'gnp.\u202eexe.png', bytes: png, type: 'image/png' },
    );
    expect(named.statusCode).toBe(201);
    expect(named.json().fileName).toBe('gnp.exe.png');
    const invisible = await upload(
      'employee',
      { businessType: 'EquipmentImage' },
      { name: '\u200b\u3164', bytes: png, type: 'image/png' },
    );
    expect(invisible.json().fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
  });
});
