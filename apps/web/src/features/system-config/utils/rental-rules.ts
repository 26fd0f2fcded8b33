import { dayjs } from '@/lib/dayjs-zones';
import {
  bookingSlots,
  clockMinutes,
  clockText,
  DEFAULT_HALF_DAY_FROM,
  DEFAULT_NEXT_DAY_THRESHOLD,
  SupportedLanguage,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
  type BookingSlot,
  type DeliveryMethod,
} from '@snowgear/contracts';
import { localClock, minutesOf } from './store-status';

/**
 * Rental rules from a store's business parameters (spec §5, §9), shared by the counter's new
 * order and the customer's booking.
 */

/** A walk-in starts the next morning at this time once the day is over. */
export const NEXT_DAY_START = '09:00';
const HALF_HOUR_MS = 30 * 60_000;

/**
 * The default rental start: now rounded up to the next half hour, or tomorrow 09:00 once the
 * store's next-day threshold (default 21:00) has passed. Rounding on the epoch is exact for time
 * zones whose offset is a whole or half hour, as the business time zone's is.
 */
export function defaultRentalStart(
  now: Date,
  threshold: string | undefined,
  timeZone: string,
): Date {
  const limit = /^\d{2}:\d{2}$/.test(threshold ?? '') ? threshold! : DEFAULT_NEXT_DAY_THRESHOLD;
  if (localClock(now, timeZone).minutes > minutesOf(limit)) {
    const tomorrow = dayjs(now).tz(timeZone).add(1, 'day').format('YYYY-MM-DD');
    return dayjs.tz(`${tomorrow} ${NEXT_DAY_START}`, timeZone).toDate();
  }
  return new Date(Math.ceil(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS);
}

/** The end of the rental: the start plus whole days of 24 hours. */
export function rentalEnd(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 86_400_000);
}

/**
 * A half day (docs/pricing.md): a start from the store's afternoon (the HalfDayFrom parameter,
 * 12:00 when blank) can be rented for the afternoon only, back by the store's closing that day.
 */
export function halfDayWindow(
  start: Date,
  halfDayFrom: string | undefined,
  closeTime: string,
  timeZone: string,
): { from: string; possible: boolean; end: Date } {
  const from =
    clockMinutes(halfDayFrom?.trim() ?? '') !== null ? halfDayFrom!.trim() : DEFAULT_HALF_DAY_FROM;
  const local = dayjs(start).tz(timeZone);
  const closing = dayjs.tz(`${local.format('YYYY-MM-DD')} ${closeTime}`, timeZone).toDate();
  return {
    from,
    possible: localClock(start, timeZone).minutes >= minutesOf(from) && closing > start,
    end: closing,
  };
}

/** The store's DefaultRentalDays when it is a whole number of days in range, else 1. */
export function defaultRentalDays(value: string | undefined): number {
  const n = Number((value ?? '').trim());
  return Number.isInteger(n) && n >= UNAVAILABLE_DAYS_MIN && n <= UNAVAILABLE_DAYS_MAX ? n : 1;
}

/** A preset address as a reader sees it (`label`) and as it goes on the order (`address`). */
export interface PresetAddress {
  label: string;
  address: string;
}

/**
 * Preset addresses: a JSON array of strings; anything else offers none. An entry may carry its
 * English after a bar ("万龙度假酒店大堂 | Wanlong Resort Hotel lobby"): an English reader taps the
 * English, and the order gets both ("Wanlong Resort Hotel lobby (万龙度假酒店大堂)") so the
 * store's driver reads it too. A Chinese reader, or an entry with no English, gets the Chinese.
 */
export function presetAddresses(value: string | undefined, language: string): PresetAddress[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((a): a is string => typeof a === 'string' && a.trim() !== '')
    .map((entry) => {
      const bar = entry.indexOf('|');
      const zh = (bar < 0 ? entry : entry.slice(0, bar)).trim();
      const en = bar < 0 ? '' : entry.slice(bar + 1).trim();
      return language === SupportedLanguage.enUS && en
        ? { label: en, address: zh ? `${en} (${zh})` : en }
        : { label: zh || en, address: zh || en };
    });
}

/** A store's hours as the booking reads them (the configuration's `businessHours`). */
export interface BookingHours {
  startTime: string;
  endTime: string;
  /** Weekdays (0 Sunday … 6) the store does not open. */
  restDays: number[];
}

/** A pick-up time or delivery window of a day, and whether it is already past (today only). */
export interface DaySlot extends BookingSlot {
  past: boolean;
}

/** Where a booking starts: the day, its times, the one chosen, and the instant. */
export interface BookingStart {
  /** YYYY-MM-DD on the store's calendar. */
  date: string;
  slots: DaySlot[];
  /** The chosen time or window; null when the day has none left (today, after the last one). */
  slot: DaySlot | null;
  /** The customer chose a time that has since passed (it stays chosen, and says so). */
  passed: boolean;
  start: Date;
}

/** The store's times on a day (contracts' booking-times.ts), today's past ones marked. */
export function daySlots(
  date: string,
  hours: BookingHours,
  deliveryMethod: DeliveryMethod,
  now: Date,
  timeZone: string,
): DaySlot[] {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const minutes = localClock(now, timeZone).minutes;
  return bookingSlots(hours, deliveryMethod).map((slot) => ({
    ...slot,
    past: date < today || (date === today && slot.start < minutes),
  }));
}

/**
 * The first day a booking can start by default: today, or tomorrow once the store's next-day
 * threshold has passed or today has no time left; never a rest day.
 */
export function defaultBookingDay(
  now: Date,
  threshold: string | undefined,
  hours: BookingHours,
  deliveryMethod: DeliveryMethod,
  timeZone: string,
): string {
  let day = dayjs(defaultRentalStart(now, threshold, timeZone)).tz(timeZone);
  const dateOf = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  if (daySlots(dateOf(day), hours, deliveryMethod, now, timeZone).every((s) => s.past)) {
    day = day.add(1, 'day');
  }
  for (let i = 0; i < 7 && hours.restDays.includes(day.day()); i++) day = day.add(1, 'day');
  return dateOf(day);
}

/**
 * The start of a booking on `date`: the time the customer chose (`time`, HH:mm) when the store
 * offers it that day, else the first time still to come at or after it (a change between pick-up
 * and delivery moves it to the nearest window), else the day's first time still to come.
 */
export function bookingStart(
  date: string,
  time: string | null,
  hours: BookingHours,
  deliveryMethod: DeliveryMethod,
  now: Date,
  timeZone: string,
): BookingStart {
  const slots = daySlots(date, hours, deliveryMethod, now, timeZone);
  const wanted = time === null ? null : clockMinutes(time);
  const exact = wanted === null ? undefined : slots.find((s) => s.start === wanted);
  const upcoming = slots.filter((s) => !s.past);
  const slot =
    exact ??
    (wanted === null ? undefined : upcoming.find((s) => s.start >= wanted)) ??
    upcoming[0] ??
    null;
  const at = clockText(slot?.start ?? slots[0]!.start);
  return {
    date,
    slots,
    slot,
    passed: !!slot?.past,
    start: dayjs.tz(`${date} ${at}`, timeZone).toDate(),
  };
}
