import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  CalendarIssue,
  calendarProblem,
  dayPercent,
  earlyBookingOff,
  halfDayRate,
  isHalfDay,
  isJunior,
  juniorCardProblem,
  packCardProblem,
  priceDays,
  RateCardIssue,
  rateCardProblem,
  type PricingCalendar,
  type RateCard,
} from './rate-cards.js';
import { dailyCard, priceMoreDays, priceUnit } from './rental-price.js';

const yuan = (n: number) => n * 100;
const card = (lengths: number[], furtherDay: number): RateCard => ({
  lengths: lengths.map(yuan),
  furtherDayFen: yuan(furtherDay),
});
const none: PricingCalendar = { seasons: [], holidays: [], holidayPercent: 100 };

// ---- what a shop may save, drawn at random ------------------------------------------------------

/** A card a shop may save: each longer rental no cheaper, whole yuan, a half day or none. */
const rateCards = fc
  .record({
    first: fc.integer({ min: 1, max: 2_000 }),
    steps: fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 9 }),
    further: fc.integer({ min: 0, max: 1_000 }),
    half: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
  })
  .map(({ first, steps, further, half }) => {
    const lengths = [first];
    for (const step of steps) lengths.push(lengths.at(-1)! + step);
    return {
      ...card(lengths, further),
      ...(half === undefined ? {} : { halfDayFen: yuan(Math.min(half, first)) }),
    };
  });

/** A card no dearer, day by day, than the one given (a junior's beside an adult's). */
const cheaperThan = (adult: RateCard) =>
  fc
    .array(fc.integer({ min: 0, max: 100 }), {
      minLength: adult.lengths.length + 1,
      maxLength: adult.lengths.length + 1,
    })
    .map((percents) => {
      // Each day's rate cut by some percent, rounded down to whole yuan, the first day kept above 0.
      const rates = [...adult.lengths.keys(), adult.lengths.length].map((i) => {
        const rate =
          i < adult.lengths.length
            ? adult.lengths[i]! - (adult.lengths[i - 1] ?? 0)
            : adult.furtherDayFen;
        return Math.floor((rate / 100) * (percents[i]! / 100)) * 100;
      });
      rates[0] = Math.max(100, rates[0]!);
      const lengths: number[] = [];
      for (const rate of rates.slice(0, -1)) lengths.push((lengths.at(-1) ?? 0) + rate);
      // A half day cut by the first day's percent, where the other card has one.
      const half =
        adult.halfDayFen == null
          ? null
          : Math.min(
              lengths[0]!,
              Math.max(100, Math.floor((adult.halfDayFen / 100) * (percents[0]! / 100)) * 100),
            );
      return { lengths, furtherDayFen: rates.at(-1)!, halfDayFen: half };
    })
    .filter((junior) => juniorCardProblem(junior, adult) === null);

const day = fc
  .date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2028-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

/** A calendar a shop may save: seasons that do not overlap, some holidays. */
const calendars: fc.Arbitrary<PricingCalendar> = fc
  .record({
    starts: fc.uniqueArray(fc.integer({ min: 0, max: 1_000 }), { maxLength: 5 }),
    lengths: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 5, maxLength: 5 }),
    percents: fc.array(fc.integer({ min: 10, max: 500 }), { minLength: 5, maxLength: 5 }),
    weekends: fc.array(fc.option(fc.integer({ min: 10, max: 500 }), { nil: undefined }), {
      minLength: 5,
      maxLength: 5,
    }),
    holidays: fc.uniqueArray(fc.integer({ min: 0, max: 1_100 }), { maxLength: 10 }),
    holidayPercent: fc.integer({ min: 10, max: 500 }),
  })
  .map(({ starts, lengths, percents, weekends, holidays, holidayPercent }) => {
    const sorted = [...starts].sort((a, b) => a - b);
    const seasons = sorted.map((start, i) => {
      // Each season ends before the next begins.
      const end = Math.min(start + lengths[i]!, (sorted[i + 1] ?? Infinity) - 1);
      return {
        from: addDays('2026-01-01', start),
        to: addDays('2026-01-01', end),
        percent: percents[i]!,
        ...(weekends[i] !== undefined ? { weekendPercent: weekends[i] } : {}),
        name: `季${i}`,
        nameEn: `season ${i}`,
      };
    });
    return { seasons, holidays: holidays.map((d) => addDays('2026-01-01', d)), holidayPercent };
  });

const rentOf = (
  c: RateCard,
  calendar: PricingCalendar,
  start: string,
  days: number,
  halfDay = false,
) => priceDays(c, calendar, start, 1, days, halfDay).rentFen;

describe('rate cards: the rules that always hold', () => {
  it('draws only what a shop may save', () => {
    fc.assert(
      fc.property(rateCards, calendars, (c, calendar) => {
        expect(rateCardProblem(c)).toBeNull();
        expect(calendarProblem(calendar, null)).toBeNull();
      }),
    );
  });

  it('never costs less for a longer rental, and every day is a whole fen', () => {
    fc.assert(
      fc.property(
        rateCards,
        calendars,
        day,
        fc.integer({ min: 1, max: 20 }),
        (c, calendar, start, n) => {
          const { days, rentFen } = priceDays(c, calendar, start, 1, n + 1);
          expect(days.every((d) => Number.isInteger(d.amountFen) && d.amountFen >= 0)).toBe(true);
          expect(rentFen).toBeGreaterThanOrEqual(rentOf(c, calendar, start, n));
        },
      ),
    );
  });

  it('prices a rental day by day: the sum of its days, each at its own calendar day', () => {
    fc.assert(
      fc.property(
        rateCards,
        calendars,
        day,
        fc.integer({ min: 1, max: 20 }),
        (c, calendar, start, n) => {
          const { days, rentFen } = priceDays(c, calendar, start, 1, n);
          expect(days.reduce((sum, d) => sum + d.amountFen, 0)).toBe(rentFen);
          for (const d of days) {
            // Each day at its own calendar day's percent: the day a rental starts decides nothing
            // for the others.
            expect(d.date).toBe(addDays(start, d.day - 1));
            expect(d.percent).toBe(dayPercent(calendar, d.date).percent);
            // The same day priced alone, as the d-th day of a rental starting on its own date.
            expect(priceDays(c, calendar, addDays(d.date, 1 - d.day), d.day, d.day).rentFen).toBe(
              d.amountFen,
            );
          }
        },
      ),
    );
  });

  it('charges an extension the difference: with the rental before it, the whole length', () => {
    fc.assert(
      fc.property(
        rateCards,
        calendars,
        day,
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 15 }),
        (c, calendar, start, before, more) => {
          const extension = priceDays(c, calendar, start, before + 1, before + more).rentFen;
          expect(rentOf(c, calendar, start, before) + extension).toBe(
            rentOf(c, calendar, start, before + more),
          );
        },
      ),
    );
  });

  it('never charges a junior more than an adult for the same days, or the same half day', () => {
    fc.assert(
      fc.property(
        rateCards.chain((adult) => fc.tuple(fc.constant(adult), cheaperThan(adult))),
        calendars,
        day,
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        ([adult, junior], calendar, start, n, half) => {
          expect(rentOf(junior, calendar, start, n, half)).toBeLessThanOrEqual(
            rentOf(adult, calendar, start, n, half),
          );
        },
      ),
    );
  });

  it('never charges a half day more than a day, and a half day extended is the half day and the days after it', () => {
    fc.assert(
      fc.property(
        rateCards,
        calendars,
        day,
        fc.integer({ min: 1, max: 15 }),
        (c, calendar, start, n) => {
          const half = rentOf(c, calendar, start, 1, true);
          expect(half).toBeGreaterThan(0);
          expect(half).toBeLessThanOrEqual(rentOf(c, calendar, start, 1));
          // Without a half-day price, a half day is the first day.
          if (c.halfDayFen == null) expect(half).toBe(rentOf(c, calendar, start, 1));
          // Extended from its afternoon to n days: the later days at their places' rates.
          expect(half + priceMoreDays(c, calendar, start, 2, n)).toBe(
            rentOf(c, calendar, start, n, true),
          );
          expect(rentOf(c, calendar, start, n, true)).toBeLessThanOrEqual(
            rentOf(c, calendar, start, n),
          );
        },
      ),
    );
  });

  it('never charges a pack more than its parts rented alone', () => {
    const parts = fc.array(rateCards, { minLength: 2, maxLength: 4 });
    fc.assert(
      fc.property(
        parts.chain((p) => {
          // The parts' day rates together, as one card: the dearest a pack may be.
          const together = {
            lengths: Array.from({ length: Math.max(...p.map((c) => c.lengths.length)) }, (_, i) =>
              p.reduce((sum, c) => sum + priceDays(c, none, '2026-01-01', 1, i + 1).rentFen, 0),
            ),
            furtherDayFen: p.reduce((sum, c) => sum + c.furtherDayFen, 0),
            halfDayFen: p.reduce((sum, c) => sum + halfDayRate(c), 0),
          };
          return fc.tuple(fc.constant(p), cheaperThan(together));
        }),
        calendars,
        day,
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        ([p, pack], calendar, start, n, half) => {
          expect(packCardProblem(pack, p)).toBeNull();
          expect(rentOf(pack, calendar, start, n, half)).toBeLessThanOrEqual(
            p.reduce((sum, c) => sum + rentOf(c, calendar, start, n, half), 0),
          );
        },
      ),
    );
  });

  it('takes the early-booking discount off the rent only when booked far enough ahead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 99 }),
        day,
        fc.integer({ min: 0, max: 60 }),
        (rentFen, daysAhead, percentOff, bookedOn, ahead) => {
          const off = earlyBookingOff(
            { daysAhead, percentOff },
            rentFen,
            bookedOn,
            addDays(bookedOn, ahead),
          );
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(rentFen);
          if (ahead < daysAhead) expect(off).toBe(0);
        },
      ),
    );
  });
});

describe('a rental unit priced and shared over its parts (rental-price.ts)', () => {
  /** A pack's card no dearer than its parts', with the parts. */
  const packs = fc.array(rateCards, { minLength: 1, maxLength: 4 }).chain((p) => {
    const together = {
      lengths: Array.from({ length: Math.max(...p.map((c) => c.lengths.length)) }, (_, i) =>
        p.reduce((sum, c) => sum + priceDays(c, none, '2026-01-01', 1, i + 1).rentFen, 0),
      ),
      furtherDayFen: p.reduce((sum, c) => sum + c.furtherDayFen, 0),
    };
    return fc.tuple(fc.constant(p), cheaperThan(together));
  });
  const early = fc.option(
    fc.record({
      daysAhead: fc.integer({ min: 1, max: 30 }),
      percentOff: fc.integer({ min: 0, max: 90 }),
    }),
    { nil: null },
  );

  it('shares the rent over the parts to the fen, never more than the parts alone', () => {
    fc.assert(
      fc.property(
        packs,
        calendars,
        day,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 20 }),
        early,
        ([parts, pack], calendar, start, ahead, days, rule) => {
          const bookedOn = addDays(start, -ahead);
          const unit = priceUnit(
            { card: pack, source: 'card', parts },
            { calendar, start, days, early: rule, bookedOn },
          );
          expect(unit.parts.reduce((n, p) => n + p.rentFen, 0)).toBe(unit.rentFen);
          expect(unit.parts.every((p) => p.rentFen >= 0)).toBe(true);
          expect(unit.rentFen).toBe(unit.grossFen - unit.earlyOffFen);
          expect(unit.grossFen).toBe(rentOf(pack, calendar, start, days));
          expect(unit.grossFen).toBeLessThanOrEqual(unit.aloneFen);
          expect(unit.earlyOffFen).toBe(earlyBookingOff(rule, unit.grossFen, bookedOn, start));
        },
      ),
    );
  });

  it("prices a part's extension on its share of the card: the parts together are the pack's, within a fen each", () => {
    fc.assert(
      fc.property(
        packs,
        calendars,
        day,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        ([parts, pack], calendar, start, n, more) => {
          const unit = priceUnit(
            { card: pack, source: 'card', parts },
            { calendar, start, days: n, early: null, bookedOn: start },
          );
          const whole = priceMoreDays(pack, calendar, start, n + 1, n + more);
          const byParts = unit.parts.reduce(
            (sum, p) => sum + priceMoreDays(p.card, calendar, start, n + 1, n + more),
            0,
          );
          expect(Math.abs(byParts - whole)).toBeLessThanOrEqual(parts.length * more);
          // A single piece keeps its card: exactly the whole length.
          const single = priceUnit(
            { card: parts[0]!, source: 'card', parts: [parts[0]!] },
            { calendar, start, days: n, early: null, bookedOn: start },
          );
          expect(
            single.rentFen + priceMoreDays(single.parts[0]!.card, calendar, start, n + 1, n + more),
          ).toBe(rentOf(parts[0]!, calendar, start, n + more));
        },
      ),
    );
  });

  it('prices gear without a card at its daily price a day, as before rate cards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        day,
        (daily, days, start) => {
          const unit = priceUnit(
            { card: dailyCard(daily), source: 'daily', parts: [dailyCard(daily)] },
            { calendar: none, start, days, early: null, bookedOn: start },
          );
          expect(unit.rentFen).toBe(daily * days);
        },
      ),
    );
  });
});

describe('rate cards: worked examples (docs/pricing.md)', () => {
  // A Sport pack: 1 day ¥180, 2 days ¥340, 3 days ¥460 … 7 days ¥900, then ¥100 a day.
  const sport = card([180, 340, 460, 570, 670, 760, 900], 100);
  const chongli: PricingCalendar = {
    seasons: [
      {
        from: '2027-02-05',
        to: '2027-02-12',
        percent: 150,
        name: '春节',
        nameEn: 'Spring Festival',
      },
    ],
    holidays: [],
    holidayPercent: 100,
  };

  it('charges a 3-day rental its table price, and a 9-day one the table and two further days', () => {
    expect(rentOf(sport, none, '2027-03-02', 3)).toBe(yuan(460));
    expect(rentOf(sport, none, '2027-03-02', 9)).toBe(yuan(900 + 2 * 100));
  });

  it('prices a rental across the Spring Festival day by day', () => {
    // 2027-02-03 to 02-06: two ordinary days, then two festival days at 150 %.
    const { days, rentFen } = priceDays(sport, chongli, '2027-02-03', 1, 4);
    expect(days.map((d) => [d.date, d.rateFen / 100, d.percent, d.amountFen / 100])).toEqual([
      ['2027-02-03', 180, 100, 180],
      ['2027-02-04', 160, 100, 160],
      ['2027-02-05', 120, 150, 180],
      ['2027-02-06', 110, 150, 165],
    ]);
    expect(days[2]!.because).toEqual({ kind: 'season', name: '春节', nameEn: 'Spring Festival' });
    expect(rentFen).toBe(yuan(685));
  });

  it('prices weekends within a season and holidays at their own percent', () => {
    const calendar: PricingCalendar = {
      seasons: [
        {
          from: '2027-01-04',
          to: '2027-03-15',
          percent: 100,
          weekendPercent: 120,
          name: '雪季',
          nameEn: 'high season',
        },
      ],
      holidays: ['2027-01-01'],
      holidayPercent: 150,
    };
    // 2027-01-09 is a Saturday.
    expect(dayPercent(calendar, '2027-01-09')).toMatchObject({
      percent: 120,
      because: { kind: 'weekend' },
    });
    expect(dayPercent(calendar, '2027-01-11')).toMatchObject({ percent: 100 });
    expect(dayPercent(calendar, '2027-01-01')).toMatchObject({
      percent: 150,
      because: { kind: 'holiday' },
    });
    expect(dayPercent(calendar, '2027-04-01')).toEqual({ percent: 100, because: null });
  });

  it('gives 10 % off the rent booked 7 days ahead, and nothing booked 6 days ahead', () => {
    const rule = { daysAhead: 7, percentOff: 10 };
    expect(earlyBookingOff(rule, yuan(460), '2027-02-01', '2027-02-08')).toBe(yuan(46));
    expect(earlyBookingOff(rule, yuan(460), '2027-02-02', '2027-02-08')).toBe(0);
  });

  it('prices an afternoon from the store’s half-day start, back the same day, at the half-day price', () => {
    const withHalf = { ...sport, halfDayFen: yuan(120) };
    // 13:30 to closing the same day, from 12:00: a half day.
    expect(isHalfDay({ date: '2027-03-02', minutes: 810 }, { date: '2027-03-02' }, 720)).toBe(true);
    // 11:30, or back the next day: whole days.
    expect(isHalfDay({ date: '2027-03-02', minutes: 690 }, { date: '2027-03-02' }, 720)).toBe(
      false,
    );
    expect(isHalfDay({ date: '2027-03-02', minutes: 810 }, { date: '2027-03-03' }, 720)).toBe(
      false,
    );
    expect(rentOf(withHalf, none, '2027-03-02', 1, true)).toBe(yuan(120));
    // On a festival day, the half day at the day's percent: ¥120 × 1.5.
    expect(rentOf(withHalf, chongli, '2027-02-06', 1, true)).toBe(yuan(180));
    // Extended by two days: ¥120 + the 2nd and 3rd days' rates (¥160 + ¥120).
    expect(rentOf(withHalf, none, '2027-03-02', 3, true)).toBe(yuan(400));
    // A card without a half-day price charges the afternoon a day.
    expect(rentOf(sport, none, '2027-03-02', 1, true)).toBe(yuan(180));
  });

  it('reads a child as junior by age or by children’s sizes', () => {
    expect(isJunior({ age: 8 }, 12)).toBe(true);
    expect(isJunior({ age: 12 }, 12)).toBe(false);
    expect(isJunior({ age: null, childSizes: true }, 12)).toBe(true);
    expect(isJunior({}, 12)).toBe(false);
  });
});

describe('rate cards: what a shop may not save', () => {
  it('refuses a longer rental cheaper than a shorter, odd fen, nothing for a day, and absurd prices', () => {
    expect(rateCardProblem(card([180, 170], 50))).toBe(RateCardIssue.LongerCheaper);
    expect(rateCardProblem({ lengths: [18_050], furtherDayFen: 0 })).toBe(RateCardIssue.Price);
    expect(rateCardProblem(card([0, 100], 50))).toBe(RateCardIssue.Price);
    expect(rateCardProblem(card([-10], 0))).toBe(RateCardIssue.Price);
    expect(rateCardProblem(card([100_001], 0))).toBe(RateCardIssue.Price);
    expect(rateCardProblem({ lengths: [], furtherDayFen: 0 })).toBe(RateCardIssue.Lengths);
    expect(rateCardProblem(card([180, 340], 100))).toBeNull();
    // A half day dearer than a day, of nothing, or of odd fen.
    expect(rateCardProblem({ ...card([180], 100), halfDayFen: yuan(190) })).toBe(
      RateCardIssue.HalfDay,
    );
    expect(rateCardProblem({ ...card([180], 100), halfDayFen: 0 })).toBe(RateCardIssue.HalfDay);
    expect(rateCardProblem({ ...card([180], 100), halfDayFen: 12_050 })).toBe(
      RateCardIssue.HalfDay,
    );
    expect(rateCardProblem({ ...card([180], 100), halfDayFen: yuan(180) })).toBeNull();
  });

  it('refuses a junior day dearer than the adult day, even where the junior total is lower', () => {
    // Totals 100 ≤ 150 and 200 ≤ 200, but the second day costs the junior 100 against 50.
    expect(juniorCardProblem(card([100, 200], 50), card([150, 200], 50))).toBe(
      RateCardIssue.JuniorDearer,
    );
    expect(juniorCardProblem(card([100, 150], 50), card([150, 200], 50))).toBeNull();
    // The adult's afternoon at ¥80, the junior's (no half-day price) at its whole ¥100 day.
    expect(
      juniorCardProblem(card([100, 150], 50), { ...card([150, 200], 50), halfDayFen: yuan(80) }),
    ).toBe(RateCardIssue.JuniorDearer);
  });

  it('refuses a pack dearer on some day than its parts together', () => {
    const parts = [card([100, 180], 60), card([50, 90], 30)];
    expect(packCardProblem(card([140, 260], 80), parts)).toBeNull();
    expect(packCardProblem(card([140, 260], 100), parts)).toBe(RateCardIssue.PackDearer);
  });

  it('refuses overlapping seasons, a season ending before it starts, odd percents and 100 % off', () => {
    const season = (from: string, to: string, percent = 150) => ({
      from,
      to,
      percent,
      name: '旺季',
      nameEn: 'peak',
    });
    const cal = (...seasons: ReturnType<typeof season>[]) => ({
      seasons,
      holidays: [],
      holidayPercent: 100,
    });
    expect(
      calendarProblem(
        cal(season('2027-02-05', '2027-02-12'), season('2027-02-12', '2027-02-20')),
        null,
      ),
    ).toBe(CalendarIssue.Overlap);
    expect(calendarProblem(cal(season('2027-02-12', '2027-02-05')), null)).toBe(
      CalendarIssue.Dates,
    );
    expect(calendarProblem(cal(season('2027-02-30', '2027-03-05')), null)).toBe(
      CalendarIssue.Dates,
    );
    expect(calendarProblem(cal(season('2027-02-05', '2027-02-12', 0)), null)).toBe(
      CalendarIssue.Percent,
    );
    expect(calendarProblem(cal(), { daysAhead: 7, percentOff: 100 })).toBe(
      CalendarIssue.EarlyBooking,
    );
    expect(calendarProblem(cal(), { daysAhead: 0, percentOff: 10 })).toBe(
      CalendarIssue.EarlyBooking,
    );
    expect(
      calendarProblem(cal(season('2027-02-05', '2027-02-12'), season('2027-02-13', '2027-02-20')), {
        daysAhead: 7,
        percentOff: 10,
      }),
    ).toBeNull();
  });
});
