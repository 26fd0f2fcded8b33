import { describe, expect, it } from 'vitest';
import { rentalStartOn } from './rental-rules';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);
const rules = (now: string, openTime = '07:30') => ({
  now: at(now),
  threshold: undefined,
  openTime,
  timeZone: TZ,
});

describe('when a booked day starts', () => {
  it('is now, rounded up, on the default day while the store is open', () => {
    expect(rentalStartOn('2026-01-10', rules('2026-01-10T10:01:00'))).toEqual(
      at('2026-01-10T10:30:00'),
    );
  });

  it('waits for the doors to open when booked in the night for today', () => {
    expect(rentalStartOn('2026-01-10', rules('2026-01-10T00:30:00'))).toEqual(
      at('2026-01-10T07:30:00'),
    );
  });

  it("is the store's opening time on any other day, and 09:00 when it has none", () => {
    expect(rentalStartOn('2026-01-12', rules('2026-01-10T10:01:00'))).toEqual(
      at('2026-01-12T07:30:00'),
    );
    expect(rentalStartOn('2026-01-12', rules('2026-01-10T10:01:00', ''))).toEqual(
      at('2026-01-12T09:00:00'),
    );
  });

  it('is tomorrow 09:00 after the threshold, even where the store opens earlier', () => {
    expect(rentalStartOn('2026-01-11', rules('2026-01-10T22:00:00'))).toEqual(
      at('2026-01-11T09:00:00'),
    );
  });
});
