import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rateCards, rentalPacks } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Card {
  id: string;
  storeId: string | null;
  subjectId: string;
  subjectName: string;
  junior: boolean;
  lengths: number[];
  furtherDay: number;
  inherited: boolean;
}

describe('rate cards: set per store or for every store, checked, previewed', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;
  let pack: { id: string; categoryIds: string[] };

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
    stores = await storeIdsByName(t.app);
    const [row] = await t.database.db
      .select({ id: rentalPacks.id, categoryIds: rentalPacks.categoryIds })
      .from(rentalPacks)
      .limit(1);
    pack = row!;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const own = () => stores['万龙雪场店']!;
  const save = (
    as: string,
    card: {
      storeId: string | null;
      subjectKind?: 'category' | 'pack';
      subjectId: string;
      junior?: boolean;
      lengths: (number | string)[];
      furtherDay: number | string;
    },
    language = 'zh-CN',
  ) =>
    call(
      as,
      'PUT',
      '/api/app/rate-cards',
      { subjectKind: 'category', junior: false, ...card },
      language,
    );
  const list = async (as: string, storeId?: string) =>
    (await call(as, 'GET', `/api/app/rate-cards${storeId ? `?storeId=${storeId}` : ''}`)).json<{
      storeId: string | null;
      items: Card[];
    }>();
  const fieldErrors = (res: { json: () => unknown }) =>
    (
      res.json() as {
        error: { validationErrors: { members: string[]; message: string }[] };
      }
    ).error.validationErrors;

  it("applies the business's card where a store has none, and the store's own where it has one", async () => {
    const skis = pack.categoryIds[0]!;
    const business = await save('admin', {
      storeId: null,
      subjectId: skis,
      lengths: [120, 220, 300],
      furtherDay: 70,
    });
    expect(business.statusCode).toBe(200);

    // The manager reads their store's cards: the business's, marked as inherited.
    const before = await list('manager');
    expect(before.storeId).toBe(own());
    expect(before.items).toEqual([
      expect.objectContaining({
        subjectId: skis,
        storeId: null,
        inherited: true,
        lengths: [120, 220, 300],
      }),
    ]);

    const store = await save('manager', {
      storeId: own(),
      subjectId: skis,
      lengths: [100, 190, 260, 320],
      furtherDay: 50,
    });
    expect(store.statusCode).toBe(200);
    const after = await list('manager');
    expect(after.items).toEqual([
      expect.objectContaining({
        subjectId: skis,
        storeId: own(),
        inherited: false,
        furtherDay: 50,
      }),
    ]);
    // Another store still prices on the business's card.
    const elsewhere = await list('admin', stores['云顶夜场店']);
    expect(elsewhere.items.map((c) => [c.storeId, c.inherited])).toEqual([[null, true]]);

    // A 6-day rental on the store's card: the table's four days, then two further days.
    const preview = await call(
      'manager',
      'GET',
      `/api/app/rate-cards/preview?storeId=${own()}&subjectKind=category&subjectId=${skis}&junior=false&start=2027-03-02&days=6`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      card: 'store',
      rent: 420,
      total: 420,
      days: [
        { date: '2027-03-02', day: 1, rate: 100, percent: 100, amount: 100 },
        { date: '2027-03-03', day: 2, rate: 90, amount: 90 },
        { date: '2027-03-04', day: 3, rate: 70, amount: 70 },
        { date: '2027-03-05', day: 4, rate: 60, amount: 60 },
        { date: '2027-03-06', day: 5, rate: 50, amount: 50 },
        { date: '2027-03-07', day: 6, rate: 50, amount: 50 },
      ],
    });

    // Removing the store's card brings the business's back.
    const removed = await call('manager', 'DELETE', `/api/app/rate-cards/${store.json<Card>().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await list('manager')).items.map((c) => c.storeId)).toEqual([null]);

    // Every change is in the audit log, old → new, in both languages.
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'rate-card'), eq(auditLog.category, 'settings')))
      .orderBy(asc(auditLog.createdAt));
    expect(lines.map((l) => l.action)).toEqual(['created', 'created', 'deleted']);
    expect(lines[1]!.summary).toContain('1天 ¥100');
    expect(lines[1]!.summaryEn).toContain('then ¥50 a day');
    expect(lines[1]!.changes).toEqual({
      lengths: [null, [100, 190, 260, 320]],
      furtherDay: [null, 50],
    });
  });

  it('lists the cards in the shop’s order: packs by their place, then kinds, adult before junior', async () => {
    const packs = await t.database.db
      .select({ id: rentalPacks.id, name: rentalPacks.name, sortOrder: rentalPacks.sortOrder })
      .from(rentalPacks);
    // The demo lists the full ski set first, though 单板全套 comes first by name.
    const inPlace = [...packs].sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.name);
    expect(inPlace).toEqual(['双板全套', '单板全套']);
    const storeId = stores['太舞小镇店']!;
    for (const p of [...packs].reverse()) {
      for (const junior of [true, false]) {
        const res = await save('admin', {
          storeId,
          subjectKind: 'pack',
          subjectId: p.id,
          junior,
          lengths: junior ? [100] : [180],
          furtherDay: junior ? 50 : 90,
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const listed = (await list('admin', storeId)).items
      .filter((c) => packs.some((p) => p.id === c.subjectId))
      .map((c) => [c.subjectName, c.junior]);
    expect(listed).toEqual([
      ['双板全套', false],
      ['双板全套', true],
      ['单板全套', false],
      ['单板全套', true],
    ]);
  });

  it('refuses a longer rental cheaper, odd fen, a free first day and absurd prices, saving nothing', async () => {
    const boots = pack.categoryIds[1]!;
    const cheaper = await save('manager', {
      storeId: own(),
      subjectId: boots,
      lengths: [60, 50],
      furtherDay: 20,
    });
    expect(cheaper.statusCode).toBe(400);
    expect(fieldErrors(cheaper)).toEqual([
      { members: ['lengths.1'], message: 'RateCardLongerCheaper' },
    ]);
    expect(cheaper.json<{ error: { details: string } }>().error.details).toContain(
      '租期越长总价不能越低',
    );

    const odd = await save(
      'manager',
      { storeId: own(), subjectId: boots, lengths: ['60.5'], furtherDay: 20 },
      'en-US',
    );
    expect(odd.statusCode).toBe(400);
    expect(fieldErrors(odd)[0]!.message).toBe('RateCardPrice');
    expect(odd.json<{ error: { details: string } }>().error.details).toContain('Whole yuan');

    for (const bad of [
      { lengths: [0, 50], furtherDay: 20 },
      { lengths: [100_001], furtherDay: 20 },
      { lengths: [-5], furtherDay: 20 },
      { lengths: [], furtherDay: 20 },
      { lengths: Array.from({ length: 31 }, (_, i) => 10 + i), furtherDay: 20 },
    ]) {
      expect((await save('manager', { storeId: own(), subjectId: boots, ...bad })).statusCode).toBe(
        400,
      );
    }
    const saved = await t.database.db
      .select()
      .from(rateCards)
      .where(eq(rateCards.subjectId, boots));
    expect(saved).toEqual([]);
  });

  it('keeps every junior day no dearer than the adult day, from either side', async () => {
    const helmets = pack.categoryIds.at(-1)!;
    expect(
      (
        await save('manager', {
          storeId: own(),
          subjectId: helmets,
          lengths: [50, 90],
          furtherDay: 30,
        })
      ).statusCode,
    ).toBe(200);
    // Cheaper in total (80 ≤ 90), but the second day costs the child 50 against the adult's 40.
    const dearer = await save('manager', {
      storeId: own(),
      subjectId: helmets,
      junior: true,
      lengths: [30, 80],
      furtherDay: 20,
    });
    expect(dearer.statusCode).toBe(400);
    expect(fieldErrors(dearer)[0]!.message).toBe('RateCardJuniorDearer');
    expect(
      (
        await save('manager', {
          storeId: own(),
          subjectId: helmets,
          junior: true,
          lengths: [30, 60],
          furtherDay: 20,
        })
      ).statusCode,
    ).toBe(200);
    // The adult card may not be lowered under the junior's now.
    const lowered = await save('manager', {
      storeId: own(),
      subjectId: helmets,
      lengths: [50, 70],
      furtherDay: 30,
    });
    expect(lowered.statusCode).toBe(400);
    expect(fieldErrors(lowered)[0]!.message).toBe('RateCardJuniorDearer');
  });

  it('keeps the junior rule when two managers save the adult and the junior card at once', async () => {
    // One lowers the adult card while the other raises the junior one: each is fine against the
    // cards as they were, but not both. Saves of one business's cards take their turn, so the
    // second is checked against the first and refused; never a 500, never a junior dearer.
    const poles = pack.categoryIds[1]!;
    const store = stores['太舞小镇店']!;
    for (let round = 0; round < 8; round += 1) {
      const base = 100 + round * 10;
      expect(
        (
          await save('admin', {
            storeId: store,
            subjectId: poles,
            lengths: [base],
            furtherDay: base,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await save('admin', {
            storeId: store,
            subjectId: poles,
            junior: true,
            lengths: [base - 40],
            furtherDay: base - 40,
          })
        ).statusCode,
      ).toBe(200);
      const [adult, junior] = await Promise.all([
        save('admin', {
          storeId: store,
          subjectId: poles,
          lengths: [base - 30],
          furtherDay: base - 30,
        }),
        save('admin', {
          storeId: store,
          subjectId: poles,
          junior: true,
          lengths: [base - 20],
          furtherDay: base - 20,
        }),
      ]);
      expect([adult.statusCode, junior.statusCode].sort()).toEqual([200, 400]);
      const cards = (await list('admin', store)).items.filter(
        (c) => c.subjectId === poles && !c.inherited,
      );
      const day = (isJunior: boolean) => cards.find((c) => c.junior === isJunior)!.lengths[0]!;
      expect(day(true)).toBeLessThanOrEqual(day(false));
    }
    for (const card of (await list('admin', store)).items.filter(
      (c) => c.subjectId === poles && !c.inherited,
    )) {
      expect((await call('admin', 'DELETE', `/api/app/rate-cards/${card.id}`)).statusCode).toBe(
        204,
      );
    }
  });

  it('keeps a pack no dearer on any day than its parts rented alone', async () => {
    const store = stores['云顶夜场店']!;
    for (const [i, id] of pack.categoryIds.entries()) {
      const status = (
        await save('admin', {
          storeId: store,
          subjectId: id,
          lengths: [100 + i, 180 + i],
          furtherDay: 60,
        })
      ).statusCode;
      expect(status).toBe(200);
    }
    const parts = pack.categoryIds.length;
    const dearer = await save('admin', {
      storeId: store,
      subjectKind: 'pack',
      subjectId: pack.id,
      lengths: [100 * parts, 180 * parts],
      furtherDay: 60 * parts + 1,
    });
    expect(dearer.statusCode).toBe(400);
    expect(fieldErrors(dearer)[0]!.message).toBe('RateCardPackDearer');
    const fair = await save('admin', {
      storeId: store,
      subjectKind: 'pack',
      subjectId: pack.id,
      lengths: [80 * parts, 140 * parts],
      furtherDay: 50 * parts,
    });
    expect(fair.statusCode).toBe(200);
    // A part made so cheap that the pack would cost more than its parts: refused.
    const [first] = pack.categoryIds;
    const undercut = await save('admin', {
      storeId: store,
      subjectId: first!,
      lengths: [1, 2],
      furtherDay: 1,
    });
    expect(undercut.statusCode).toBe(400);
    expect(fieldErrors(undercut)[0]!.message).toBe('RateCardPackDearer');
  });

  it("prices the days of a season at its percent, and keeps a store's seasons apart", async () => {
    const poles = pack.categoryIds[2] ?? pack.categoryIds[0]!;
    expect(
      (
        await save('manager', {
          storeId: own(),
          subjectId: poles,
          lengths: [180, 340, 460],
          furtherDay: 100,
        })
      ).statusCode,
    ).toBe(200);
    const season = (body: object, as = 'manager') =>
      call(as, 'POST', '/api/app/price-seasons', {
        storeId: own(),
        from: '2027-02-05',
        to: '2027-02-12',
        percent: 150,
        weekendPercent: null,
        name: '春节',
        nameEn: 'Spring Festival',
        ...body,
      });
    const festival = await season({});
    expect(festival.statusCode).toBe(201);

    // 3 to 6 February: two ordinary days, then two festival days at 150 %, the last of them past
    // the card's three lengths (its further day, ¥100).
    const preview = await call(
      'manager',
      'GET',
      `/api/app/rate-cards/preview?storeId=${own()}&subjectKind=category&subjectId=${poles}&junior=false&start=2027-02-03&days=4`,
    );
    expect(preview.json()).toMatchObject({
      rent: 670,
      days: [
        { date: '2027-02-03', rate: 180, percent: 100, amount: 180, because: null },
        { date: '2027-02-04', rate: 160, percent: 100, amount: 160 },
        {
          date: '2027-02-05',
          rate: 120,
          percent: 150,
          amount: 180,
          because: { kind: 'season', name: '春节' },
        },
        { date: '2027-02-06', rate: 100, percent: 150, amount: 150 },
      ],
    });

    // A second season sharing a day, one ending before it starts, and an absurd percent: refused.
    const overlap = await season({ from: '2027-02-12', to: '2027-02-20', name: '元宵' });
    expect(overlap.statusCode).toBe(400);
    expect(fieldErrors(overlap)).toEqual([{ members: ['from'], message: 'SeasonOverlap' }]);
    const backwards = await season({ from: '2027-03-10', to: '2027-03-01' });
    expect(fieldErrors(backwards)).toEqual([{ members: ['to'], message: 'SeasonDates' }]);
    const absurd = await season({ from: '2027-03-01', to: '2027-03-10', percent: 5 });
    expect(fieldErrors(absurd)[0]).toMatchObject({
      members: ['percent'],
      message: 'SeasonPercent',
    });
    // A name is one line, in either language (the fuzz test once stored "双\n板").
    const broken = await season({ from: '2027-03-01', to: '2027-03-10', name: '双\n板' });
    expect(fieldErrors(broken)).toEqual([{ members: ['name'], message: 'InvalidCharacters' }]);
    const brokenEn = await season({ from: '2027-03-01', to: '2027-03-10', nameEn: 'Ski\nweek' });
    expect(fieldErrors(brokenEn)).toEqual([{ members: ['nameEn'], message: 'InvalidCharacters' }]);
    // The day after is free: back to back is fine.
    expect(
      (await season({ from: '2027-02-13', to: '2027-02-20', percent: 120, name: '元宵' }))
        .statusCode,
    ).toBe(201);

    const seasons = (await call('manager', 'GET', '/api/app/price-seasons')).json<{
      inherited: boolean;
      items: { id: string; from: string }[];
    }>();
    expect(seasons.inherited).toBe(false);
    expect(seasons.items.map((i) => i.from)).toEqual(['2027-02-05', '2027-02-13']);
    // Another store has none of its own and none of the business's.
    expect(
      (await call('admin', 'GET', `/api/app/price-seasons?storeId=${stores['云顶夜场店']}`)).json(),
    ).toMatchObject({ inherited: true, items: [] });
    // A manager sets no season of every store, nor of another store.
    expect((await season({ storeId: null, from: '2027-04-01', to: '2027-04-02' })).statusCode).toBe(
      403,
    );
    expect(
      (await season({ storeId: stores['云顶夜场店'], from: '2027-04-01', to: '2027-04-02' }))
        .statusCode,
    ).toBe(403);

    const removed = await call(
      'manager',
      'DELETE',
      `/api/app/price-seasons/${seasons.items[0]!.id}`,
    );
    expect(removed.statusCode).toBe(204);
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'price-season'))
      // In the order they were written: a table's rows come back in no order of their own.
      .orderBy(asc(auditLog.createdAt));
    expect(lines.map((l) => l.action)).toEqual(['created', 'created', 'deleted']);
    expect(lines[0]!.summaryEn).toBe(
      'Price season Spring Festival: 2027-02-05 to 2027-02-12, 150%',
    );
  });

  it("lets a manager change their own store's cards only, and staff none", async () => {
    const skis = pack.categoryIds[0]!;
    const card = { subjectId: skis, lengths: [100], furtherDay: 50 };
    expect((await save('manager', { storeId: null, ...card })).statusCode).toBe(403);
    expect((await save('manager', { storeId: stores['云顶夜场店']!, ...card })).statusCode).toBe(
      403,
    );
    expect((await save('employee', { storeId: own(), ...card })).statusCode).toBe(403);
    expect(
      (await call('manager', 'GET', `/api/app/rate-cards?storeId=${stores['云顶夜场店']}`))
        .statusCode,
    ).toBe(403);
  });
});
