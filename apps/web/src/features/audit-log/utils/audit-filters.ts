import { dayjs } from '@/lib/dayjs-zones';
import {
  AUDIT_CATEGORIES,
  AUDIT_MAX_RANGE_DAYS,
  financeRangeDays,
  type AuditCategory,
} from '@snowgear/contracts';

const DAY = 'YYYY-MM-DD';

/** What the log shows, kept in the page's address so coming back from an order shows the same lines. */
export interface AuditFilters {
  /** None: every category. */
  categories: AuditCategory[];
  /** A super admin's chosen store; none = every store. */
  storeId?: string;
  /** Business days, both included. */
  from: string;
  to: string;
  keyword: string;
  operator: string;
}

export const AUDIT_PRESETS = ['today', 'last7', 'last30'] as const;
export type AuditPreset = (typeof AUDIT_PRESETS)[number];

/** Today on the shop's calendar, whatever the phone's time zone. */
export function businessToday(now: Date, timeZone: string): string {
  return dayjs(now).tz(timeZone).format(DAY);
}

export function presetRange(preset: AuditPreset, now: Date, timeZone: string) {
  const today = dayjs(businessToday(now, timeZone));
  const back = { today: 0, last7: 6, last30: 29 }[preset];
  return { from: today.subtract(back, 'day').format(DAY), to: today.format(DAY) };
}

export function matchPreset(
  range: { from: string; to: string },
  now: Date,
  timeZone: string,
): AuditPreset | null {
  return (
    AUDIT_PRESETS.find((p) => {
      const candidate = presetRange(p, now, timeZone);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
export function isDay(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DAY) === value;
}

/** Two real days in order, at most AUDIT_MAX_RANGE_DAYS apart: what the server takes. */
export function isValidRange(range: { from?: string | null; to?: string | null }): boolean {
  if (!isDay(range.from) || !isDay(range.to)) return false;
  const days = financeRangeDays(range.from, range.to);
  return days >= 1 && days <= AUDIT_MAX_RANGE_DAYS;
}

/** Short text for a range: one day, or first – last (years only when not this year). */
export function rangeText(range: { from: string; to: string }, now: Date, timeZone: string) {
  const year = businessToday(now, timeZone).slice(0, 4);
  const sameYear = range.from.startsWith(year) && range.to.startsWith(year);
  const show = (day: string) => dayjs(day).format(sameYear ? 'MM/DD' : 'YYYY/MM/DD');
  return range.from === range.to ? show(range.from) : `${show(range.from)} – ${show(range.to)}`;
}

const isCategory = (value: string): value is AuditCategory =>
  (AUDIT_CATEGORIES as string[]).includes(value);

/** Reads the address; anything the server would refuse falls back (the dates to the last 7 days). */
export function readAuditFilters(
  search: URLSearchParams,
  now: Date,
  timeZone: string,
): AuditFilters {
  const range = { from: search.get('from'), to: search.get('to') };
  const store = search.get('store');
  return {
    categories: (search.get('cat') ?? '')
      .split(',')
      .filter(isCategory)
      .filter((c, i, all) => all.indexOf(c) === i),
    ...(store && /^[0-9a-f-]{36}$/i.test(store) ? { storeId: store } : {}),
    ...(isValidRange(range)
      ? { from: range.from!, to: range.to! }
      : presetRange('last7', now, timeZone)),
    keyword: (search.get('q') ?? '').trim().slice(0, 64),
    operator: (search.get('op') ?? '').trim().slice(0, 64),
  };
}

export function writeAuditFilters(filters: AuditFilters): Record<string, string> {
  const search: Record<string, string> = { from: filters.from, to: filters.to };
  if (filters.categories.length > 0) search.cat = filters.categories.join(',');
  if (filters.storeId) search.store = filters.storeId;
  if (filters.keyword) search.q = filters.keyword;
  if (filters.operator) search.op = filters.operator;
  return search;
}

/** The query of every audit-log call. */
export function auditParams(filters: AuditFilters): Record<string, string> {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.categories.length > 0 ? { categories: filters.categories.join(',') } : {}),
    ...(filters.storeId ? { storeId: filters.storeId } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.operator ? { operator: filters.operator } : {}),
  };
}
