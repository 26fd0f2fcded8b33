import { ValidationCode } from './validation-codes.js';

/** Rental and check-out days of spec §5 and §9: a rental, an extension and a check-out span 1 to 365. */
export const UNAVAILABLE_DAYS_MIN = 1;
export const UNAVAILABLE_DAYS_MAX = 365;

/** Times that are booked (rentals, extensions, check-outs) lie within this many years of now. */
export const BOOKING_YEARS_AROUND_NOW = 2;
/** Days asked for in searches and reports lie in these years. */
export const QUERY_YEARS = { min: 2000, max: 2099 } as const;

export const DateIssue = {
  DateOutOfRange: ValidationCode.DateOutOfRange,
  EndBeforeStart: ValidationCode.EndBeforeStart,
  TooManyDays: ValidationCode.TooManyDays,
  /** A check-out window that has already ended locks nothing and only hides the item. */
  EndInPast: ValidationCode.EndInPast,
} as const;

const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;

/** Whether a booked time is sane: not decades away (year 0 and 9999 are typing accidents). */
export function isNearNow(time: string | Date, now = Date.now()): boolean {
  const t = new Date(time).getTime();
  return Math.abs(t - now) <= BOOKING_YEARS_AROUND_NOW * YEAR_MS;
}

/** Days of a rental or check-out: every started 24 hours counts, at least one. */
export function spanDays(start: string | Date, end: string | Date): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

/** What is wrong with a booked range, if anything: the end must follow the start within 365 days. */
export function bookingRangeProblem(
  start: string | Date,
  end: string | Date,
): (typeof DateIssue)['EndBeforeStart' | 'TooManyDays'] | null {
  if (new Date(end).getTime() <= new Date(start).getTime()) return DateIssue.EndBeforeStart;
  if (spanDays(start, end) > UNAVAILABLE_DAYS_MAX) return DateIssue.TooManyDays;
  return null;
}
