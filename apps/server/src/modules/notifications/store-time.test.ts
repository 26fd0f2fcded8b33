import { describe, expect, it } from 'vitest';
import { addDays, chineseTime, startOfDay, wallClock, weChatTime } from './store-time.js';

describe('store time', () => {
  it('reads the store-local day and hour, whatever the server’s zone', () => {
    // 17:30 UTC is 01:30 the next day in Shanghai.
    expect(wallClock(new Date('2028-01-15T17:30:00Z'), 'Asia/Shanghai')).toEqual({
      date: '2028-01-16',
      hour: 1,
      minute: 30,
    });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-12-31', 2)).toBe('2029-01-02');
  });

  it('finds a local midnight, across daylight-saving changes too', () => {
    expect(startOfDay('2028-01-16', 'Asia/Shanghai').toISOString()).toBe(
      '2028-01-15T16:00:00.000Z',
    );
    // New York: EST (-5) on the day summer time starts (2 a.m., 12 March 2028), EDT (-4) after.
    expect(startOfDay('2028-03-12', 'America/New_York').toISOString()).toBe(
      '2028-03-12T05:00:00.000Z',
    );
    expect(startOfDay('2028-03-13', 'America/New_York').toISOString()).toBe(
      '2028-03-13T04:00:00.000Z',
    );
  });

  it('names times the way reminders say them', () => {
    const at = new Date('2028-01-16T01:30:00Z');
    expect(chineseTime(at, 'Asia/Shanghai')).toBe('1月16日 09:30');
    expect(weChatTime(at, 'Asia/Shanghai')).toBe('2028年1月16日 09:30');
  });
});
