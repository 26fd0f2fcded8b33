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
