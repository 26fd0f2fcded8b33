import { describe, expect, it } from 'vitest';
import { localClock, localMinute, localSecond, zonedMidnight } from './local-time.js';

describe('local time', () => {
  it("reads a time on the zone's wall clock, as toLocaleString does, in any zone", () => {
    for (const timeZone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * 3_600_000 + 61_003) {
        const at = new Date(t);
        const shown = at.toLocaleString('sv-SE', { timeZone });
        expect(localMinute(at, timeZone)).toBe(shown.slice(0, 16));
        // What the exports list (finance, audit): the same, to the second.
        expect(localSecond(at, timeZone)).toBe(shown);
      }
    }
    expect(localMinute(new Date('2027-01-05T00:00:00Z'), 'Asia/Shanghai')).toBe('2027-01-05 08:00');
  });

  it("gives a day's midnight in the zone, in summer and winter time", () => {
    expect(zonedMidnight('2027-01-05', 'Asia/Shanghai').toISOString()).toBe(
      '2027-01-04T16:00:00.000Z',
    );
    expect(zonedMidnight('2027-01-20', 'Europe/Berlin').toISOString()).toBe(
      '2027-01-19T23:00:00.000Z',
    );
    expect(zonedMidnight('2027-07-20', 'Europe/Berlin', 1).toISOString()).toBe(
      '2027-07-20T22:00:00.000Z',
    );
  });
});

describe('a time zone’s clock', () => {
  it('reads the weekday and minutes of an instant at the store, not on the server', () => {
    // 16:30 UTC on Tuesday 24 November is 00:30 on Wednesday the 25th in Shanghai.
    expect(localClock(new Date('2026-11-24T16:30:00Z'), 'Asia/Shanghai')).toEqual({
      weekday: 3,
      minutes: 30,
    });
    expect(localClock(new Date('2026-11-24T16:30:00Z'), 'UTC')).toEqual({
      weekday: 2,
      minutes: 16 * 60 + 30,
    });
  });
});
