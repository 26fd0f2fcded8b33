import { describe, expect, it } from 'vitest';
import { storeTimeText, isOtherYear, storeYear } from './store-time';

// 16:30 UTC on 24 November is 00:30 on 25 November at the store (Asia/Shanghai): a phone set to
// another zone would show another day and hour.
const LATE = Date.parse('2026-11-24T16:30:00Z');

describe('times as the store shows them', () => {
  it('gives the store’s date and hour in the language shown', () => {
    expect(storeTimeText(LATE, 'zh-CN', { dateStyle: 'short', timeStyle: 'short' })).toBe(
      '2026/11/25 00:30',
    );
    expect(
      storeTimeText(LATE, 'en-US', {
        month: 'numeric',
        day: 'numeric',
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ).toBe('11/25, 00:30');
  });

  it('takes an ISO text, a number or a date, and gives date and time without options', () => {
    const expected = storeTimeText(LATE, 'zh-CN');
    expect(expected).toContain('2026/11/25');
    expect(storeTimeText(new Date(LATE).toISOString(), 'zh-CN')).toBe(expected);
    expect(storeTimeText(new Date(LATE), 'zh-CN')).toBe(expected);
  });
});

describe('dates in another year', () => {
  it("are told apart on the store's calendar, not the phone's", () => {
    const now = Date.parse('2026-11-26T04:00:00Z');
    expect(isOtherYear('2027-11-26T04:00:00Z', now)).toBe(true);
    expect(isOtherYear('2026-12-31T15:59:00Z', now)).toBe(false);
    // 00:30 on 1 January at the store, still 31 December in UTC.
    expect(isOtherYear('2026-12-31T16:30:00Z', now)).toBe(true);
    expect(storeYear('2026-12-31T16:30:00Z')).toBe(2027);
  });
});
