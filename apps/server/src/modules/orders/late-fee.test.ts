import { describe, expect, it } from 'vitest';
import { daysLate, daysText, graceHoursOf, lateFee, linesBack } from './late-fee.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const end = new Date('2027-02-01T10:00:00Z');
const after = (ms: number) => new Date(end.getTime() + ms);

describe('late returns: the rule', () => {
  it('charges nothing within the grace, up to and including its last moment', () => {
    expect(daysLate(end, after(-HOUR), 1)).toBe(0);
    expect(daysLate(end, end, 1)).toBe(0);
    expect(daysLate(end, after(59 * MINUTE), 1)).toBe(0);
    expect(daysLate(end, after(HOUR), 1)).toBe(0);
  });

  it('once past the grace counts every started day from the rental end', () => {
    expect(daysLate(end, after(HOUR + MINUTE), 1)).toBe(1);
    expect(daysLate(end, after(24 * HOUR), 1)).toBe(1);
    expect(daysLate(end, after(24 * HOUR + MINUTE), 1)).toBe(2);
    // The case from the store: 1 day 23 h late is 2 days.
    expect(daysLate(end, after(47 * HOUR), 1)).toBe(2);
    expect(daysLate(end, after(49 * HOUR), 1)).toBe(3);
  });

  it('a longer grace moves where charging starts, not where counting starts', () => {
    expect(daysLate(end, after(5 * HOUR), 6)).toBe(0);
    expect(daysLate(end, after(6 * HOUR + MINUTE), 6)).toBe(1);
    expect(daysLate(end, after(30 * HOUR), 6)).toBe(2);
    // No grace: a minute late is a day.
    expect(daysLate(end, after(MINUTE), 0)).toBe(1);
  });

  it('reads the grace parameter, blank or nonsense falling back to one hour', () => {
    expect(graceHoursOf(null)).toBe(1);
    expect(graceHoursOf('')).toBe(1);
    expect(graceHoursOf(' abc ')).toBe(1);
    expect(graceHoursOf('3')).toBe(3);
    expect(graceHoursOf('0.5')).toBe(0.5);
    expect(graceHoursOf('0')).toBe(0);
    expect(graceHoursOf('-2')).toBe(0);
  });

  it("charges each line's daily rent for the days it was late", () => {
    const fee = lateFee({
      rentalEnd: end,
      graceHours: 1,
      free: false,
      lines: [
        { dailyPriceFen: 3000, backAt: after(47 * HOUR) },
        { dailyPriceFen: 4000, backAt: after(47 * HOUR) },
      ],
    });
    expect(fee).toEqual({
      amountFen: 2 * 7000,
      days: 2,
      hoursLate: 47,
      since: end,
      chargedFrom: after(HOUR),
      graceHours: 1,
      dailyRentFen: 7000,
    });
  });

  it('charges nothing for lines back early or on time, nor for lines that never went out', () => {
    const fee = lateFee({
      rentalEnd: end,
      graceHours: 1,
      free: false,
      lines: [
        { dailyPriceFen: 3000, backAt: after(-24 * HOUR) },
        { dailyPriceFen: 5000, backAt: null },
        { dailyPriceFen: 4000, backAt: after(26 * HOUR) },
      ],
    });
    expect(fee).toMatchObject({ amountFen: 2 * 4000, days: 2, dailyRentFen: 4000 });
    expect(
      lateFee({
        rentalEnd: end,
        graceHours: 1,
        free: false,
        lines: [{ dailyPriceFen: 3000, backAt: after(-MINUTE) }],
      }),
    ).toBeNull();
  });

  it('within the grace the order is late but owes nothing', () => {
    expect(
      lateFee({
        rentalEnd: end,
        graceHours: 1,
        free: false,
        lines: [{ dailyPriceFen: 3000, backAt: after(30 * MINUTE) }],
      }),
    ).toMatchObject({ amountFen: 0, days: 0, hoursLate: 0 });
  });

  it('never charges a free order (hospitality, loan)', () => {
    expect(
      lateFee({
        rentalEnd: end,
        graceHours: 1,
        free: true,
        lines: [{ dailyPriceFen: 3000, backAt: after(72 * HOUR) }],
      }),
    ).toBeNull();
  });
});

describe('late returns: when each line came back', () => {
  const now = after(72 * HOUR);
  const line = (patch: Partial<Parameters<typeof linesBack>[1][number]>) => ({
    dailyPriceFen: 3000,
    equipmentId: 'gear',
    returnState: null,
    checkedInAt: null,
    ...patch,
  });

  it('gear still out is measured now; gear checked in at its check-in', () => {
    const back = linesBack(
      { selfReturnAt: null, pickedUpAt: null },
      [
        line({}),
        line({ returnState: 'returned', checkedInAt: after(2 * HOUR) }),
        line({ returnState: 'damaged', checkedInAt: after(-HOUR) }),
      ],
      now,
    );
    expect(back.map((b) => b.backAt)).toEqual([now, after(2 * HOUR), after(-HOUR)]);
  });

  it('a self-return counts when the customer handed it over, a pickup when the driver took it', () => {
    const self = linesBack(
      { selfReturnAt: after(30 * MINUTE), pickedUpAt: null },
      [line({}), line({ returnState: 'returned', checkedInAt: after(50 * HOUR) })],
      now,
    );
    expect(self.map((b) => b.backAt)).toEqual([after(30 * MINUTE), after(30 * MINUTE)]);
    const pickup = linesBack(
      { selfReturnAt: null, pickedUpAt: after(25 * HOUR) },
      [line({ returnState: 'returned', checkedInAt: after(40 * HOUR) })],
      now,
    );
    expect(pickup[0]!.backAt).toEqual(after(25 * HOUR));
    // Checked in at the counter before the customer's self-return of the rest: its own moment.
    const before = linesBack(
      { selfReturnAt: after(10 * HOUR), pickedUpAt: null },
      [line({ returnState: 'returned', checkedInAt: after(-2 * HOUR) })],
      now,
    );
    expect(before[0]!.backAt).toEqual(after(-2 * HOUR));
    // A self-return that asked for a pickup: the customer's moment, not the driver's.
    const both = linesBack(
      { selfReturnAt: after(HOUR), pickedUpAt: after(30 * HOUR) },
      [line({})],
      now,
    );
    expect(both[0]!.backAt).toEqual(after(HOUR));
  });

  it('an early return counts when it was recorded; a line never out is never charged', () => {
    const back = linesBack(
      { selfReturnAt: null, pickedUpAt: null },
      [
        line({ returnState: 'earlyReturned', checkedInAt: after(-30 * HOUR) }),
        line({ returnState: 'earlyReturned', checkedInAt: null }),
        line({ equipmentId: null }),
      ],
      now,
    );
    expect(back.map((b) => b.backAt)).toEqual([after(-30 * HOUR), null, null]);
  });

  it('says days as the order does in either language', () => {
    expect(daysText(2, false)).toBe('2');
    expect(daysText(1, true)).toBe('1 day');
    expect(daysText(2, true)).toBe('2 days');
  });
});
