import { describe, expect, it } from 'vitest';
import {
  businessToday,
  isValidRange,
  matchPreset,
  presetRange,
  rangeOfDates,
  rangeText,
  readFinanceFilters,
  writeFinanceFilters,
} from './date-range';

const TZ = 'Asia/Shanghai';
/** 2027-03-15 01:30 in Shanghai, still the 14th in UTC. */
const earlyMorning = new Date('2027-03-14T17:30:00Z');
const STORE = '6f1c2a52-5a43-4e55-9a43-2f3c6f0e8a11';

describe('finance date ranges', () => {
  it('counts today in the business time zone, not the phone’s', () => {
    expect(businessToday(earlyMorning, TZ)).toBe('2027-03-15');
    expect(businessToday(earlyMorning, 'UTC')).toBe('2027-03-14');
  });

  it.each([
    ['today', { from: '2027-03-15', to: '2027-03-15' }],
    ['yesterday', { from: '2027-03-14', to: '2027-03-14' }],
    ['last7', { from: '2027-03-09', to: '2027-03-15' }],
    ['thisMonth', { from: '2027-03-01', to: '2027-03-15' }],
  ] as const)('turns the %s chip into %o', (preset, range) => {
    expect(presetRange(preset, earlyMorning, TZ)).toEqual(range);
    expect(matchPreset(range, earlyMorning, TZ)).toBe(preset);
  });

  it('crosses month and year ends and the leap day', () => {
    const newYear = new Date('2028-01-01T02:00:00+08:00');
    expect(presetRange('yesterday', newYear, TZ)).toEqual({ from: '2027-12-31', to: '2027-12-31' });
    expect(presetRange('last7', newYear, TZ)).toEqual({ from: '2027-12-26', to: '2028-01-01' });
    expect(presetRange('thisMonth', newYear, TZ)).toEqual({ from: '2028-01-01', to: '2028-01-01' });
    const leap = new Date('2028-03-01T09:00:00+08:00');
    expect(presetRange('yesterday', leap, TZ)).toEqual({ from: '2028-02-29', to: '2028-02-29' });
  });

  it('knows a custom range is none of the chips', () => {
    expect(matchPreset({ from: '2027-03-02', to: '2027-03-10' }, earlyMorning, TZ)).toBeNull();
  });

  it('takes the calendar’s two days in either order', () => {
    expect(rangeOfDates([new Date(2027, 2, 10), new Date(2027, 2, 2)])).toEqual({
      from: '2027-03-02',
      to: '2027-03-10',
    });
  });

  it('accepts what the server takes: real days, in order, at most 366 of them', () => {
    expect(isValidRange({ from: '2024-01-01', to: '2024-12-31' })).toBe(true);
    expect(isValidRange({ from: '2023-01-01', to: '2024-01-02' })).toBe(false);
    expect(isValidRange({ from: '2027-03-10', to: '2027-03-02' })).toBe(false);
    expect(isValidRange({ from: '2027-02-30', to: '2027-03-02' })).toBe(false);
    expect(isValidRange({ from: '2027-03-02' })).toBe(false);
  });

  it('reads a range short: one day, first – last, years only when not this year', () => {
    expect(rangeText({ from: '2027-03-15', to: '2027-03-15' }, earlyMorning, TZ)).toBe('03/15');
    expect(rangeText({ from: '2027-03-01', to: '2027-03-15' }, earlyMorning, TZ)).toBe(
      '03/01 – 03/15',
    );
    expect(rangeText({ from: '2026-12-20', to: '2027-01-05' }, earlyMorning, TZ)).toBe(
      '2026/12/20 – 2027/01/05',
    );
  });

  it('keeps the range and store in the address and falls back to today on nonsense', () => {
    const filters = { from: '2027-03-01', to: '2027-03-15', storeId: STORE };
    const search = new URLSearchParams(writeFinanceFilters(filters));
    expect(search.toString()).toBe(`from=2027-03-01&to=2027-03-15&store=${STORE}`);
    expect(readFinanceFilters(search, earlyMorning, TZ)).toEqual(filters);
    expect(writeFinanceFilters({ from: '2027-03-01', to: '2027-03-01' })).toEqual({
      from: '2027-03-01',
      to: '2027-03-01',
    });
    expect(
      readFinanceFilters(
        new URLSearchParams({ from: '2027-03-20', to: '2027-03-01', store: 'x' }),
        earlyMorning,
        TZ,
      ),
    ).toEqual({ from: '2027-03-15', to: '2027-03-15' });
  });
});
