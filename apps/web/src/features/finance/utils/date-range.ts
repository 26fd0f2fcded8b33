import { dayjs } from '@/lib/dayjs-zones';
import { financeRangeProblem } from '@snowgear/contracts';

/** Business days, YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The quick choices above the numbers, in the order they are shown. */
export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY = 'YYYY-MM-DD';

/** Today as a business day: the shop's calendar, whatever the phone's time zone. */
export function businessToday(now: Date, timeZone: string): string {
  return dayjs(now).tz(timeZone).format(DAY);
}

/** The days a quick choice stands for, counted from today in the business time zone. */
export function presetRange(preset: RangePreset, now: Date, timeZone: string): DayRange {
  const today = dayjs(businessToday(now, timeZone));
  switch (preset) {
    case 'today':
      return { from: today.format(DAY), to: today.format(DAY) };
    case 'yesterday': {
      const day = today.subtract(1, 'day').format(DAY);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: today.subtract(6, 'day').format(DAY), to: today.format(DAY) };
    case 'thisMonth':
      return { from: today.startOf('month').format(DAY), to: today.format(DAY) };
  }
}

/** The quick choice a range is, if any (so its chip shows as chosen). */
export function matchPreset(range: DayRange, now: Date, timeZone: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, now, timeZone);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
export function isDay(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DAY) === value;
}

/** A range the server takes: both real days, in order, at most 366 days. */
export function isValidRange(range: Partial<DayRange>): range is DayRange {
  return isDay(range.from) && isDay(range.to) && financeRangeProblem(range.from, range.to) === null;
}

/** The range a calendar's two picked dates stand for (the phone's calendar days as picked). */
export function rangeOfDates(dates: [Date, Date]): DayRange {
  const [a, b] = dates.map((d) => dayjs(d).format(DAY)) as [string, string];
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** Short text for a range: one day, or first – last (years shown only when not this year). */
export function rangeText(range: DayRange, now: Date, timeZone: string): string {
  const year = businessToday(now, timeZone).slice(0, 4);
  const sameYear = range.from.startsWith(year) && range.to.startsWith(year);
  const show = (day: string) => dayjs(day).format(sameYear ? 'MM/DD' : 'YYYY/MM/DD');
  return range.from === range.to ? show(range.from) : `${show(range.from)} – ${show(range.to)}`;
}

/** The page's choices kept in its address, so coming back from an order shows the same numbers. */
export interface FinanceFilters extends DayRange {
  /** A super admin's chosen store; none = every store. */
  storeId?: string;
}

/** Reads the address; a range the server would refuse falls back to today. */
export function readFinanceFilters(
  search: URLSearchParams,
  now: Date,
  timeZone: string,
): FinanceFilters {
  const range = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  const store = search.get('store');
  return {
    ...(isValidRange(range) ? range : presetRange('today', now, timeZone)),
    ...(store && /^[0-9a-f-]{36}$/i.test(store) ? { storeId: store } : {}),
  };
}

export function writeFinanceFilters(filters: FinanceFilters): Record<string, string> {
  const search: Record<string, string> = { from: filters.from, to: filters.to };
  if (filters.storeId) search.store = filters.storeId;
  return search;
}
