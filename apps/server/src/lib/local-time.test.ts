import { describe, expect, it } from 'vitest';
import { localMinute, zonedMidnight } from './local-time.js';

describe('local time', () => {
  it("reads a time on the zone's wall clock, as toLocaleString does, in any zone", () => {
    for (const timeZone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * 3_600_000 + 61_003) {
        const at = new Date(t);
        expect(localMinute(at, timeZone)).toBe(
          at.toLocaleString('sv-SE', { timeZone }).slice(0, 16),
        );
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
