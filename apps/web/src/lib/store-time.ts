/** The business's time zone: the stores' clocks and calendars. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/**
 * Zones whose clock has stood at one offset from UTC, with no summer time, since 1992: there
 * their clock is arithmetic. The first date formatter a page builds loads ICU's calendar and zone
 * data, 40–100 ms of a mid-range phone's start, in one long task. store-status.test.ts and
 * dayjs-zones.test.ts hold the arithmetic to Intl's answer.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = { 'Asia/Shanghai': 8 * 60 };
const FIXED_SINCE = Date.UTC(1992, 0, 1);

/** The zone's offset from UTC in minutes at `at` where it is arithmetic, else undefined. */
export function fixedOffsetMinutes(timeZone: string, at: number): number | undefined {
  const offset = FIXED_OFFSET_MINUTES[timeZone];
  return offset !== undefined && at >= FIXED_SINCE ? offset : undefined;
}

/**
 * The locale dates are written in for the app's language: English as the phone's own English
 * reads it (a British or Australian phone writes the day before the month: "22 Jan"), American
 * where the phone has no English of its own; any other tag as it is.
 */
export function dateLocale(language: string): string {
  if (language !== 'en-US') return language;
  const phone = typeof navigator === 'undefined' ? [] : navigator.languages;
  return phone.find((tag) => /^en(-|$)/i.test(tag)) ?? 'en-US';
}

/**
 * An instant as the store's clock and calendar show it, in the language given: staff and
 * customers read times in the store's time zone, whatever zone their phone is set to. Takes
 * `toLocaleString`'s options (without any, the date and the time).
 */
export function storeTimeText(
  at: number | string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  return new Date(at).toLocaleString(dateLocale(language), {
    ...options,
    timeZone: DEFAULT_BUSINESS_TIME_ZONE,
  });
}

/** The year an instant falls in on the store's calendar. */
export function storeYear(at: number | string | Date): number {
  return Number(storeTimeText(at, 'en-US', { year: 'numeric' }));
}

/**
 * Whether an instant falls in another year than `now` on the store's calendar: such a date is
 * written with its year (a return date next season must not read as this one).
 */
export function isOtherYear(at: number | string | Date, now: number | Date = Date.now()): boolean {
  return storeYear(at) !== storeYear(now);
}

/**
 * Builds a date formatter for the business time zone ahead of a page that formats dates as it
 * first draws: ICU's calendar and time zone data load (40–100 ms of a mid-range phone's start,
 * once) while the phone waits for the page's code.
 */
export function warmDateFormatting(): void {
  new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_BUSINESS_TIME_ZONE,
    hour: '2-digit',
  }).format(0);
}
