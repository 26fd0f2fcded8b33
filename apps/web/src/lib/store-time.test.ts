import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateLocale, storeTimeText, isOtherYear, storeYear } from './store-time';

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

describe('English dates as the phone’s English writes them', () => {
  afterEach(() => vi.unstubAllGlobals());
  const phone = (...languages: string[]) => vi.stubGlobal('navigator', { languages });

  it('writes the day before the month for a British phone, the month first for an American', () => {
    const day = { month: 'short', day: 'numeric', weekday: 'short' } as const;
    phone('en-GB', 'zh-CN');
    expect(dateLocale('en-US')).toBe('en-GB');
    expect(storeTimeText(LATE, 'en-US', day)).toBe('Wed 25 Nov');
    phone('en-US');
    expect(storeTimeText(LATE, 'en-US', day)).toBe('Wed, Nov 25');
    // A phone with no English of its own reads American English; Chinese stays Chinese.
    phone('de-DE');
    expect(dateLocale('en-US')).toBe('en-US');
    phone('en-GB');
    expect(dateLocale('zh-CN')).toBe('zh-CN');
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
