import { dayjs } from '@/lib/dayjs-zones';
import { DeliveryMethod, deliveryWindowMinutes } from '@snowgear/contracts';
import {
  bookingStart,
  defaultBookingDay,
  localClock,
  minutesOf,
  type BookingHours,
} from '@/features/system-config';

/** The counter's times: when a shut store opens next, and a delivery's window. */

/**
 * When a store that is shut now opens next (its opening time today, else on its next working
 * day); null while it is open. The counter starts an order made after hours then, not at 04:00.
 */
export function nextOpening(
  now: Date,
  hours: { startTime: string; endTime: string; restDays: number[] },
  timeZone: string,
): Date | null {
  const clock = localClock(now, timeZone);
  const open = minutesOf(hours.startTime);
  const close = minutesOf(hours.endTime);
  const workingToday = !hours.restDays.includes(clock.weekday);
  if (workingToday && clock.minutes >= open && clock.minutes <= close) return null;
  let day = dayjs(now).tz(timeZone).startOf('day');
  if (!workingToday || clock.minutes > open) day = day.add(1, 'day');
  for (let i = 0; i < 7 && hours.restDays.includes(day.day()); i++) day = day.add(1, 'day');
  return dayjs.tz(`${day.format('YYYY-MM-DD')} ${hours.startTime}`, timeZone).toDate();
}

/**
 * Where a counter delivery starts by default: the first delivery window still to come, on the day
 * a customer's booking would take (tomorrow once the next-day threshold has passed or today's
 * windows are over; never a rest day).
 */
export function nextDeliveryWindow(
  now: Date,
  threshold: string | undefined,
  hours: BookingHours,
  timeZone: string,
): Date {
  const day = defaultBookingDay(now, threshold, hours, DeliveryMethod.Delivery, timeZone);
  return bookingStart(day, null, hours, DeliveryMethod.Delivery, now, timeZone).start;
}

/** When a delivery starting at `start` must have arrived: the end of its window, or null. */
export function deliveryWindowEnd(
  start: Date,
  hours: Pick<BookingHours, 'startTime' | 'endTime'>,
  timeZone: string,
): Date | null {
  const length = deliveryWindowMinutes(hours, localClock(start, timeZone).minutes);
  return length === null ? null : new Date(start.getTime() + length * 60_000);
}
