/** The business's time zone: the stores' clocks and calendars. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

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
  return new Date(at).toLocaleString(language, {
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
