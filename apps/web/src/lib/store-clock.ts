import { dayjs } from './dayjs-zones';
import { DEFAULT_BUSINESS_TIME_ZONE } from './store-time';

/**
 * The store's clock for screens that show times in fixed formats and pick them with the phone's
 * date pickers: whatever zone the phone is set to, staff and customers read and pick the store's
 * time. (Shared components use `storeTimeText`, which needs no library.)
 */

type Instant = string | number | Date;

/**
 * An instant as the store's clock reads it, in a dayjs format ('MM-DD HH:mm' unless given). A
 * format that starts with the month gains the year when the instant is in another year than now,
 * so a date next season never reads as one this season.
 */
export function storeTime(at: Instant, format = 'MM-DD HH:mm', now: Instant = Date.now()): string {
  const store = dayjs(at).tz(DEFAULT_BUSINESS_TIME_ZONE);
  const withYear =
    format.startsWith('MM') && store.year() !== dayjs(now).tz(DEFAULT_BUSINESS_TIME_ZONE).year();
  // The year joins the date as its month and day are joined ('YYYY/MM/DD' for 'MM/DD').
  return store.format(withYear ? `YYYY${format.charAt(2) || '-'}${format}` : format);
}

/** The start of the store's day that holds this instant. */
export function storeDayStart(at: Instant): Date {
  return dayjs(at).tz(DEFAULT_BUSINESS_TIME_ZONE).startOf('day').toDate();
}

/**
 * An instant as a date picker holds it: the picker reads a Date's fields in the phone's own zone,
 * so it gets a Date whose fields are the store's wall-clock time of the instant.
 */
export function toPickerDate(at: Instant): Date {
  const store = dayjs(at).tz(DEFAULT_BUSINESS_TIME_ZONE);
  return new Date(
    store.year(),
    store.month(),
    store.date(),
    store.hour(),
    store.minute(),
    store.second(),
    store.millisecond(),
  );
}

/** The instant a date picker's answer stands for: its fields read as the store's wall clock. */
export function fromPickerDate(picked: Date): Date {
  return dayjs
    .tz(dayjs(picked).format('YYYY-MM-DDTHH:mm:ss.SSS'), DEFAULT_BUSINESS_TIME_ZONE)
    .toDate();
}
