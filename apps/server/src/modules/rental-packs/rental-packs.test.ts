import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCatalog, RentalPackDto, RentalPackList } from '@snowgear/contracts';
import { auditLog, equipmentCategories, rateCards } from '@/db/schema.js';
import { demoCategories } from '@/demo/data/inventory.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('packs: made, described, pictured, taken off sale and deleted by the shop', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;
  let kinds: Record<string, string>;
  let agreementVersion: string;
  const start = storeTimeOn(4, '10:00');

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
    tokens.customer = await customerToken(t);
    stores = await storeIdsByName(t.app);
    const rows = await t.database.db
      .select({ id: equipmentCategories.id, name: equipmentCategories.name })
      .from(equipmentCategories);
    kinds = Object.fromEntries(
      demoCategories.map((c) => [c.code, rows.find((r) => r.name === c.name)!.id]),
    );
    agreementVersion = (await t.app.inject('/api/app/config-distribution/h5')).json().systemInfo
      .rentalAgreementVersion;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const own = () => stores['万龙雪场店']!;
  const other = () => stores['云顶夜场店']!;
  const pack = (overrides: Record<string, unknown> = {}) => ({
    storeId: own(),
    name: '双板轻装',
    nameEn: 'Light ski set',
    description: '双板、雪鞋',
    descriptionEn: 'Skis and boots',
    categoryIds: [kinds.SKI, kinds.SBT],
    dailyPrice: 150,
    deposit: 1000,
    ...overrides,
  });
  const list = async (as: string, storeId?: string) =>
    (
      await call(as, 'GET', `/api/app/rental-packs${storeId ? `?storeId=${storeId}` : ''}`)
    ).json<RentalPackList>();
  const catalog = async (storeId: string, language = 'zh-CN') =>
    (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=2`,
        headers: { 'accept-language': language },
      })
    ).json<BookingCatalog>();
  const members = (res: { json: () => unknown }) =>
    (
      res.json() as { error: { validationErrors: { members: string[]; message: string }[] } }
    ).error.validationErrors.map((e) => ({ member: e.members[0], message: e.message }));
  const upload = async (who: string, businessType = 'PackImage') => {
    const res = await uploadAs(
      t.app,
      csrf,
      tokens[who]!,
      { businessType },
      { name: 'pack.jpg', bytes: await photo(640, 480), type: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it("a manager makes a pack for their store, with a picture every visitor sees, and it is on that store's booking page", async () => {
    const picture = await upload('manager');
    // Private until a pack shows it.
    expect((await t.app.inject(`/api/files/download/${picture}`)).statusCode).toBe(401);

    const res = await call('manager', 'POST', '/api/app/rental-packs', {
      ...pack(),
      pictureFileId: picture,
    });
    expect(res.statusCode).toBe(201);
    const made = res.json<RentalPackDto>();
    expect(made).toMatchObject({
      storeId: own(),
      name: '双板轻装',
      categoryIds: [kinds.SKI, kinds.SBT],
      dailyPrice: 150,
      deposit: 1000,
      isActive: true,
      pictureFileId: picture,
      cards: { adult: false, junior: false },
    });
    const dl = await t.app.inject(`/api/files/download/${picture}`);
    expect(dl.statusCode).toBe(200);

    // On its store's booking page, in each language, with its picture; not on another store's.
    const zh = (await catalog(own())).packs.find((p) => p.id === made.id);
    expect(zh).toMatchObject({ name: '双板轻装', description: '双板、雪鞋', dailyPrice: 150 });
    expect(zh?.pictureUrl).toBe(`/api/files/download/${picture}?thumbnail=small`);
    expect((await t.app.inject(zh!.pictureUrl!)).statusCode).toBe(200);
    const en = (await catalog(own(), 'en-US')).packs.find((p) => p.id === made.id);
    expect(en).toMatchObject({ name: 'Light ski set', description: 'Skis and boots' });
    expect((await catalog(other())).packs.some((p) => p.id === made.id)).toBe(false);

    // The manager's list: the business's packs (inherited) and the store's own.
    const mine = await list('manager');
    expect(mine.storeId).toBe(own());
    expect(mine.items.find((p) => p.id === made.id)?.inherited).toBe(false);
    expect(mine.items.find((p) => p.name === '双板全套')?.inherited).toBe(true);

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'rental-pack'), eq(auditLog.entityId, made.id)));
    expect(line?.summary).toBe(
      '万龙雪场店套餐“双板轻装”：双板滑雪板、双板滑雪鞋，每天 ¥150，押金 ¥1000',
    );
    expect(line?.summaryEn).toContain('“Light ski set”');
  });

  it('refuses what is wrong, next to the field, and saves nothing', async () => {
    const before = (await list('admin', own())).items.length;
    const refused = async (body: object, status = 400, as = 'manager') => {
      const res = await call(as, 'POST', '/api/app/rental-packs', body);
      expect(res.statusCode).toBe(status);
      return res;
    };
    expect(members(await refused(pack({ name: '一件', categoryIds: [kinds.SKI] })))).toEqual([
      { member: 'categoryIds', message: 'PackParts' },
    ]);
    expect(
      members(await refused(pack({ name: '两次', categoryIds: [kinds.SKI, kinds.SKI] }))),
    ).toEqual([{ member: 'categoryIds', message: 'PackPartsTwice' }]);
    const unknown = '7b0c3e1a-0000-4000-8000-000000000001';
    expect(
      members(await refused(pack({ name: '无此类', categoryIds: [kinds.SKI, unknown] }))),
    ).toEqual([{ member: 'categoryIds', message: '没有这个设备类别' }]);
    // A name the store's booking page already shows: the business's full ski set.
    expect(members(await refused(pack({ name: '双板全套' }), 409))).toEqual([
      { member: 'name', message: '已有名为“双板全套”的套餐' },
    ]);
    expect(members(await refused(pack({ name: '', dailyPrice: 0 })))).toHaveLength(2);
    // Someone else's upload, or a file of another kind, is not made public through a pack.
    const admins = await upload('admin');
    const notAPack = await upload('manager', 'EquipmentImage');
    for (const pictureFileId of [admins, notAPack]) {
      expect(members(await refused(pack({ name: '借图', pictureFileId })))).toEqual([
        { member: 'pictureFileId', message: '套餐图片无效，请重新上传' },
      ]);
    }
    expect((await t.app.inject(`/api/files/download/${admins}`)).statusCode).toBe(401);
    // Scope: the business's packs and another store's are not a manager's.
    await refused(pack({ name: '全店', storeId: null }), 403);
    await refused(pack({ name: '别店', storeId: other() }), 403);
    await refused(pack({ name: '店员' }), 403, 'employee');
    expect((await list('admin', own())).items).toHaveLength(before);
  });

  it("keeps a pack no dearer than its parts: its daily price against the parts' cards, its cards when its contents change", async () => {
    // The parts' cards at the store: skis ¥100 a day, boots ¥40.
    for (const [kind, day] of [
      [kinds.SKI, 100],
      [kinds.SBT, 40],
      [kinds.HLM, 20],
    ] as const) {
      const res = await call('manager', 'PUT', '/api/app/rate-cards', {
        storeId: own(),
        subjectKind: 'category',
        subjectId: kind,
        junior: false,
        lengths: [day, day * 2],
        furtherDay: day,
      });
      expect(res.statusCode).toBe(200);
    }
    const dear = await call('manager', 'POST', '/api/app/rental-packs', {
      ...pack({ name: '贵套餐', categoryIds: [kinds.SKI, kinds.SBT], dailyPrice: 141 }),
    });
    expect(members(dear)).toEqual([{ member: 'dailyPrice', message: 'RateCardPackDearer' }]);
    const made = (
      await call('manager', 'POST', '/api/app/rental-packs', {
        ...pack({
          name: '三件套',
          categoryIds: [kinds.SKI, kinds.SBT, kinds.HLM],
          dailyPrice: 150,
        }),
      })
    ).json<RentalPackDto>();
    // Its own card: ¥150 a day, below the three parts' ¥160 but above skis and boots' ¥140.
    expect(
      (
        await call('manager', 'PUT', '/api/app/rate-cards', {
          storeId: own(),
          subjectKind: 'pack',
          subjectId: made.id,
          junior: false,
          lengths: [150, 300],
          furtherDay: 150,
        })
      ).statusCode,
    ).toBe(200);
    const withoutHelmet = await call('manager', 'PUT', `/api/app/rental-packs/${made.id}`, {
      ...pack({ name: '三件套', categoryIds: [kinds.SKI, kinds.SBT], dailyPrice: 120 }),
    });
    expect(members(withoutHelmet)).toEqual([
      {
        member: 'categoryIds',
        message: '改了内容后，套餐的价格表比单租各件之和还贵，请先修改价格表',
      },
    ]);
    const kept = (await list('manager')).items.find((p) => p.id === made.id)!;
    expect(kept).toMatchObject({ categoryIds: [kinds.SKI, kinds.SBT, kinds.HLM], dailyPrice: 150 });
    expect(kept.cards).toEqual({ adult: true, junior: false });

    // With the card (not the daily price) pricing it, a dearer daily price is not refused.
    const renamed = await call('manager', 'PUT', `/api/app/rental-packs/${made.id}`, {
      ...pack({
        name: '三件套',
        nameEn: 'Three-piece set',
        categoryIds: [kinds.SKI, kinds.SBT, kinds.HLM],
        dailyPrice: 200,
      }),
    });
    expect(renamed.statusCode).toBe(200);
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'rental-pack'),
          eq(auditLog.entityId, made.id),
          eq(auditLog.action, 'updated'),
        ),
      );
    expect(change?.changes).toMatchObject({
      dailyPrice: [150, 200],
      nameEn: ['Light ski set', 'Three-piece set'],
    });

    // Deleted with its card.
    expect((await call('manager', 'DELETE', `/api/app/rental-packs/${made.id}`)).statusCode).toBe(
      204,
    );
    expect((await list('manager')).items.some((p) => p.id === made.id)).toBe(false);
    const cards = await t.database.db
      .select()
      .from(rateCards)
      .where(eq(rateCards.subjectId, made.id));
    expect(cards).toEqual([]);
  });

  it('takes a booked pack off sale instead of deleting it: the order keeps it, the booking page no longer shows it', async () => {
    const made = (
      await call('manager', 'POST', '/api/app/rental-packs', {
        ...pack({
          name: '头盔雪镜',
          nameEn: '',
          categoryIds: [kinds.HLM, kinds.GOG],
          dailyPrice: 30,
          deposit: 100,
        }),
      })
    ).json<RentalPackDto>();
    const c = await catalog(own());
    const offered = c.packs.find((p) => p.id === made.id)!;
    const sized = (categoryId: string) => {
      const category = c.categories.find((x) => x.id === categoryId)!;
      return { categoryId, size: category.kinds.find((k) => k.free > 0)!.size };
    };
    const booked = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: {
        storeId: own(),
        rentalStartTime: start,
        days: 2,
        riders: [{ key: 'me', name: '张三', heightCm: 175, weightKg: 70, age: 30, ability: 'II' }],
        lines: [
          {
            type: 'pack',
            packId: offered.id,
            riderKey: 'me',
            components: offered.categoryIds.map(sized),
          },
        ],
      },
      agreementVersion,
    });
    expect(booked.statusCode).toBe(201);

    const refused = await call('manager', 'DELETE', `/api/app/rental-packs/${made.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'RentalPack:InUse',
        message: '2 条订单明细用过“头盔雪镜”，不能删除；可以改为停售',
      },
    });

    const off = await call('manager', 'PUT', `/api/app/rental-packs/${made.id}`, {
      ...pack({
        name: '头盔雪镜',
        categoryIds: [kinds.HLM, kinds.GOG],
        dailyPrice: 30,
        deposit: 100,
      }),
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await catalog(own())).packs.some((p) => p.id === made.id)).toBe(false);
    expect((await list('manager')).items.find((p) => p.id === made.id)?.isActive).toBe(false);
  });

  it('keeps a pack no dearer than its parts when a manager changes what it holds while another lowers a part', async () => {
    // A pack of skis, boots and a helmet on a ¥150 card, the parts ¥100 + ¥40 + ¥20 a day. One
    // manager swaps the helmet for goggles (¥20: fine), another lowers the goggles to ¥5 (fine
    // while no pack holds them): not both. Changes to packs and cards take one turn, so the
    // second is checked against the first and refused; never a 500, never the pack dearer.
    const store = stores['太舞小镇店']!;
    const card = (subjectKind: 'category' | 'pack', subjectId: string, day: number) =>
      call('admin', 'PUT', '/api/app/rate-cards', {
        storeId: store,
        subjectKind,
        subjectId,
        junior: false,
        lengths: [day],
        furtherDay: day,
      });
    for (const [kind, day] of [
      [kinds.SKI!, 100],
      [kinds.SBT!, 40],
      [kinds.HLM!, 20],
    ] as const) {
      expect((await card('category', kind, day)).statusCode).toBe(200);
    }
    const body = (categoryIds: string[]) =>
      pack({ storeId: store, name: '轮换套餐', categoryIds, dailyPrice: 150 });
    const made = await call(
      'admin',
      'POST',
      '/api/app/rental-packs',
      body([kinds.SKI!, kinds.SBT!, kinds.HLM!]),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<RentalPackDto>().id;
    expect((await card('pack', id, 150)).statusCode).toBe(200);
    for (let round = 0; round < 8; round += 1) {
      expect(
        (
          await call(
            'admin',
            'PUT',
            `/api/app/rental-packs/${id}`,
            body([kinds.SKI!, kinds.SBT!, kinds.HLM!]),
          )
        ).statusCode,
      ).toBe(200);
      expect((await card('category', kinds.GOG!, 20)).statusCode).toBe(200);
      const [swap, lower] = await Promise.all([
        call(
          'admin',
          'PUT',
          `/api/app/rental-packs/${id}`,
          body([kinds.SKI!, kinds.SBT!, kinds.GOG!]),
        ),
        card('category', kinds.GOG!, 5),
      ]);
      expect([swap.statusCode, lower.statusCode].sort()).toEqual([200, 400]);
      const held = (await list('admin', store)).items.find((p) => p.id === id)!.categoryIds;
      const goggles = (await call('admin', 'GET', `/api/app/rate-cards?storeId=${store}`)).json<{
        items: { subjectId: string; lengths: number[]; inherited: boolean }[];
      }>().items;
      const goggleDay = goggles.find((c) => c.subjectId === kinds.GOG && !c.inherited)!.lengths[0]!;
      // Whichever won: the pack's ¥150 is within its parts' day.
      const parts = held.includes(kinds.GOG!) ? 140 + goggleDay : 160;
      expect(parts).toBeGreaterThanOrEqual(150);
    }
  });

  it("system management keeps the business's packs, and reads any store's", async () => {
    const made = await call('admin', 'POST', '/api/app/rental-packs', {
      ...pack({ storeId: null, name: '全店双板', categoryIds: [kinds.SKI, kinds.POLE] }),
    });
    expect(made.statusCode).toBe(201);
    const id = made.json<RentalPackDto>().id;
    expect((await catalog(other())).packs.some((p) => p.id === id)).toBe(true);
    // The manager reads it, inherited, and may not change it.
    expect((await list('manager')).items.find((p) => p.id === id)?.inherited).toBe(true);
    const theirs = await call('manager', 'PUT', `/api/app/rental-packs/${id}`, {
      ...pack({ name: '改名' }),
    });
    expect(theirs.statusCode).toBe(403);
    expect((await list('admin', other())).storeId).toBe(other());
    expect(
      (await call('manager', 'GET', `/api/app/rental-packs?storeId=${other()}`)).statusCode,
    ).toBe(403);
  });
});
