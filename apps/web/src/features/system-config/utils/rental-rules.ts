import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import {
  DEFAULT_NEXT_DAY_THRESHOLD,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
} from '@snowgear/contracts';
import { localClock, minutesOf } from './store-status';

dayjs.extend(utc);
dayjs.extend(timezone);

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

/** The store's DefaultRentalDays when it is a whole number of days in range, else 1. */
export function defaultRentalDays(value: string | undefined): number {
  const n = Number((value ?? '').trim());
  return Number.isInteger(n) && n >= UNAVAILABLE_DAYS_MIN && n <= UNAVAILABLE_DAYS_MAX ? n : 1;
}

/** Preset addresses: a JSON array of strings; anything else offers none. */
export function presetAddresses(value: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((a): a is string => typeof a === 'string' && a.trim() !== '')
      : [];
  } catch {
    return [];
  }
}

/**
 * When a rental booked for a day starts: the store's opening time that day, or on the default day
 * the default start (now, rounded up, or tomorrow morning after the threshold) once the store
 * has opened: a booking made at night for today starts when the doors open, not at 00:30.
 */
export function rentalStartOn(
  date: string,
  options: { now: Date; threshold: string | undefined; openTime: string; timeZone: string },
): Date {
  const fallback = defaultRentalStart(options.now, options.threshold, options.timeZone);
  const open = /^\d{2}:\d{2}$/.test(options.openTime) ? options.openTime : NEXT_DAY_START;
  const opening = dayjs.tz(`${date} ${open}`, options.timeZone).toDate();
  if (date !== dayjs(fallback).tz(options.timeZone).format('YYYY-MM-DD')) return opening;
  return fallback > opening ? fallback : opening;
}
