import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RateCard } from '@snowgear/contracts';
import { priceCounterRental } from './counter-packs.js';
import { priceRental, type RentalLine } from './rental.js';
import type { StorePack, StorePricing } from './store-pricing.js';

const KINDS = ['skis', 'boots', 'poles', 'helmet'] as const;
const PEOPLE = ['', 'a', 'b'] as const;

/** Skis come in grades (their size attribute 'grade'); the other kinds do not. */
const GRADE = 'grade-attribute';

/** A store with some cards, no seasons, and these packs. */
const store = (packs: StorePack[], cards: Record<string, RateCard>): StorePricing => ({
  cardOf: (kind, id, junior) => (junior ? null : (cards[`${kind}:${id}`] ?? null)),
  calendar: { seasons: [], holidays: [], holidayPercent: 100 },
  juniorAge: 12,
  halfDayFrom: 12 * 60,
  halfDays: false,
  early: null,
  packs,
  gradeAttributeOf: (categoryId) => (categoryId === 'skis' ? GRADE : null),
});

const card = fc
  .array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 })
  .map((steps): RateCard => {
    const lengths = steps.map((_, i) => steps.slice(0, i + 1).reduce((n, s) => n + s, 0) * 100);
    return { lengths, furtherDayFen: steps.at(-1)! * 100 };
  });

const pack = fc.record({
  id: fc.constantFrom('p1', 'p2', 'p3'),
  categoryIds: fc.uniqueArray(fc.constantFrom(...KINDS), { minLength: 2, maxLength: 4 }),
  dailyFen: fc.integer({ min: 1, max: 600 }).map((y) => y * 100),
  depositFen: fc.integer({ min: 0, max: 2000 }).map((y) => y * 100),
  grade: fc.constantFrom('', '高端'),
});

const line = fc.record({
  kind: fc.constantFrom(...KINDS),
  daily: fc.integer({ min: 1, max: 200 }).map((y) => y * 100),
  deposit: fc.integer({ min: 0, max: 1000 }).map((y) => y * 100),
  person: fc.constantFrom(...PEOPLE),
  typed: fc.boolean(),
  grade: fc.constantFrom(undefined, '入门', '高端'),
});

describe('gear at the counter priced as the packs it makes up', () => {
  it('never costs more than the same gear priced piece by piece, and each pack holds what it says', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pack, { selector: (p) => p.id, maxLength: 3 }),
        fc.dictionary(
          fc.constantFrom(...KINDS.map((k) => `category:${k}`), 'pack:p1', 'pack:p2'),
          card,
        ),
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (packs, cards, picked, days) => {
          const pricing = store(
            packs.map((p) => ({ ...p, name: p.id, nameEn: p.id })),
            cards,
          );
          const lines: RentalLine[] = picked.map((l) => ({
            categoryId: l.kind,
            label: l.kind,
            labelEn: l.kind,
            dailyFen: l.daily,
            overridden: l.typed,
            depositFen: l.deposit,
            ...(l.grade ? { sizeValues: { [GRADE]: l.grade } } : {}),
          }));
          const terms = { start: '2027-02-01', bookedOn: '2027-01-01', days, online: false };
          const rider = (key: string) => (key ? { name: key, age: 30 } : null);
          const { priced, packOf } = priceCounterRental(
            pricing,
            lines,
            picked.map((l) => l.person),
            rider,
            terms,
          );
          const alone = priceRental(
            pricing,
            lines,
            lines.map((_, i) => ({ lines: [i], pack: null, rider: rider(picked[i]!.person) })),
            terms,
          );
          expect(priced.rentFen).toBeLessThanOrEqual(alone.rentFen);
          expect(priced.lines.reduce((n, l) => n + l.rentFen, 0)).toBe(priced.rentFen);
          for (const unit of priced.units.filter((u) => u.pack)) {
            const own = packs.find((p) => p.id === unit.pack!.id)!;
            expect(unit.lines.map((i) => picked[i]!.kind).sort()).toEqual(
              [...own.categoryIds].sort(),
            );
            // One person's gear, none priced by hand, and gear for no one only in an order of no one.
            const people = new Set(unit.lines.map((i) => picked[i]!.person));
            expect(people.size).toBe(1);
            if (people.has('')) expect(picked.every((l) => l.person === '')).toBe(true);
            expect(unit.lines.some((i) => picked[i]!.typed)).toBe(false);
            expect(unit.lines.every((i) => packOf[i]?.id === own.id)).toBe(true);
            // A pack holds skis of its grade only (of none, for a pack of none).
            for (const i of unit.lines.filter((k) => picked[k]!.kind === 'skis')) {
              expect(picked[i]!.grade ?? '').toBe(own.grade);
            }
          }
          // Every line is priced once.
          expect(priced.units.flatMap((u) => u.lines).sort((a, b) => a - b)).toEqual(
            lines.map((_, i) => i),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the pack holding most of what the person takes: the full set, not the beginner’s and a helmet', () => {
    const packs: StorePack[] = [
      { id: 'beginner', categoryIds: ['skis', 'boots', 'poles'], dailyFen: 15_000 },
      { id: 'full', categoryIds: ['skis', 'boots', 'poles', 'helmet'], dailyFen: 18_000 },
    ].map((p) => ({ ...p, name: p.id, nameEn: p.id, depositFen: 0, grade: '' }));
    const daily = { skis: 12_000, boots: 5_000, poles: 1_000, helmet: 2_000 };
    const price = (kinds: (keyof typeof daily)[]) =>
      priceCounterRental(
        store(packs, {}),
        kinds.map((k) => ({
          categoryId: k,
          label: k,
          labelEn: k,
          dailyFen: daily[k],
          depositFen: 0,
        })),
        kinds.map(() => ''),
        () => null,
        { start: '2027-02-01', bookedOn: '2027-02-01', days: 1, online: false },
      );
    // ¥180, though the beginner's ¥150 and the helmet's ¥20 would make ¥170.
    const four = price(['skis', 'boots', 'poles', 'helmet']);
    expect(four.packOf.map((p) => p?.id)).toEqual(['full', 'full', 'full', 'full']);
    expect(four.priced.rentFen).toBe(18_000);
    const three = price(['poles', 'skis', 'boots']);
    expect(three.packOf.map((p) => p?.id)).toEqual(['beginner', 'beginner', 'beginner']);
    expect(three.priced.rentFen).toBe(15_000);
    // Two sets for one person: two packs.
    const two = price(['skis', 'skis', 'boots', 'boots', 'poles', 'poles']);
    expect(two.priced.units.filter((u) => u.pack)).toHaveLength(2);
  });

  it('takes a pack of a grade only with skis of that grade', () => {
    const packs: StorePack[] = [
      {
        id: 'full',
        categoryIds: ['skis', 'boots', 'poles', 'helmet'],
        dailyFen: 18_000,
        grade: '',
      },
      {
        id: 'premium',
        categoryIds: ['skis', 'boots', 'poles', 'helmet'],
        dailyFen: 18_500,
        grade: '高端',
      },
    ].map((p) => ({ ...p, name: p.id, nameEn: p.id, depositFen: 0 }));
    const daily = { skis: 15_000, boots: 5_000, poles: 1_000, helmet: 2_000 };
    const price = (skis: string | null) =>
      priceCounterRental(
        store(packs, {}),
        (['skis', 'boots', 'poles', 'helmet'] as const).map((k) => ({
          categoryId: k,
          label: k,
          labelEn: k,
          dailyFen: daily[k],
          depositFen: 0,
          ...(k === 'skis' && skis ? { sizeValues: { [GRADE]: skis } } : {}),
        })),
        ['', '', '', ''],
        () => null,
        { start: '2027-02-01', bookedOn: '2027-02-01', days: 1, online: false },
      ).packOf.map((p) => p?.id);
    // Premium skis make the premium pack, though the full set would cost ¥5 less; skis of no
    // grade the full set; skis of a grade no pack has, no pack.
    expect(price('高端')).toEqual(['premium', 'premium', 'premium', 'premium']);
    expect(price(null)).toEqual(['full', 'full', 'full', 'full']);
    expect(price('入门')).toEqual([undefined, undefined, undefined, undefined]);
  });
});
