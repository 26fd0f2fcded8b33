import { describe, expect, it } from 'vitest';
import { fromPickerDate, storeDayStart, storeTime, toPickerDate } from './store-clock';

// The store's clock is China's (UTC+8), whatever zone this machine runs in: 01:30 UTC on
// 20 December is 09:30 at the store, and 17:00 UTC on 19 December is already the 20th there.
describe('the store clock', () => {
  const now = '2026-11-26T04:00:00Z';

  it('reads an instant as the store does', () => {
    expect(storeTime('2026-12-20T01:30:00Z', undefined, now)).toBe('12-20 09:30');
    expect(storeTime('2026-12-19T17:00:00Z', 'YYYY-MM-DD HH:mm', now)).toBe('2026-12-20 01:00');
    expect(storeTime(Date.parse('2026-12-19T17:00:00Z'), 'MM/DD', now)).toBe('12/20');
  });

  it("writes the year of a date in another year than now, on the store's calendar", () => {
    // A 365-day rental from today ends next year.
    expect(storeTime('2027-11-26T04:00:00Z', undefined, now)).toBe('2027-11-26 12:00');
    expect(storeTime('2025-12-01T04:00:00Z', 'MM-DD', now)).toBe('2025-12-01');
    // 16:30 UTC on 31 December is already the new year at the store.
    expect(storeTime('2026-12-31T16:30:00Z', 'MM-DD HH:mm', now)).toBe('2027-01-01 00:30');
    expect(storeTime('2026-12-31T15:30:00Z', 'MM-DD HH:mm', now)).toBe('12-31 23:30');
    expect(storeTime('2027-01-08T17:00:00Z', 'MM/DD', now)).toBe('2027/01/09');
    // A format that names no month first is left as it is.
    expect(storeTime('2027-11-26T04:00:00Z', 'HH:mm', now)).toBe('12:00');
  });

  it("starts the store's day at its midnight", () => {
    expect(storeDayStart('2026-12-19T17:00:00Z').toISOString()).toBe('2026-12-19T16:00:00.000Z');
    expect(storeDayStart('2026-12-19T15:59:00Z').toISOString()).toBe('2026-12-18T16:00:00.000Z');
  });

  it("gives a date picker the store's wall clock and reads its answer back as the store's", () => {
    const held = toPickerDate('2026-12-19T17:05:00Z');
    // A picker reads a Date's own fields, in the phone's zone: they are the store's time.
    expect([held.getFullYear(), held.getMonth() + 1, held.getDate()]).toEqual([2026, 12, 20]);
    expect([held.getHours(), held.getMinutes()]).toEqual([1, 5]);
    expect(fromPickerDate(held).toISOString()).toBe('2026-12-19T17:05:00.000Z');
    // What a clerk picks, 20 December 09:30, is 09:30 at the store.
    expect(fromPickerDate(new Date(2026, 11, 20, 9, 30)).toISOString()).toBe(
      '2026-12-20T01:30:00.000Z',
    );
  });
});
