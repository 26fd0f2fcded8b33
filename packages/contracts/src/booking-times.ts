import { DeliveryMethod } from './enums.js';

/**
 * When a booked rental may start on a day the store is open (spec §4 store hours): the customer
 * picks the gear up at the counter in half-hour steps within opening hours, or has it delivered in
 * a two-hour window that ends by closing. The booking page offers exactly these times and the
 * server refuses any other, so the two cannot disagree.
 */

/** Pick-up times are offered every this many minutes from opening. */
export const PICKUP_STEP_MINUTES = 30;
/** A delivery arrives within a window this long, the first starting at opening. */
export const DELIVERY_WINDOW_MINUTES = 120;
/** How far in the past a booked start may lie when the booking reaches the server (a slow checkout). */
export const BOOKING_START_GRACE_MINUTES = 30;

/** Minutes since midnight of an `HH:mm` time; null for anything else. */
export function clockMinutes(hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** `HH:mm` of minutes since midnight. */
export function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A time a rental may start, in minutes since midnight: a pick-up time, or a delivery window. */
export interface BookingSlot {
  start: number;
  /** The end of a delivery window; equal to `start` for a pick-up. */
  end: number;
}

/**
 * The starts a store offers on an open day, in order: every half hour from opening to half an hour
 * before closing for a pick-up; two-hour windows from opening that end by closing for a delivery
 * (one window of the whole day when the store is open for less than two hours). Hours that are not
 * `HH:mm`, or that close before they open, offer the opening time alone.
 */
export function bookingSlots(
  hours: { startTime: string; endTime: string },
  deliveryMethod: DeliveryMethod,
): BookingSlot[] {
  const open = clockMinutes(hours.startTime) ?? 9 * 60;
  const close = clockMinutes(hours.endTime);
  if (close === null || close <= open) return [{ start: open, end: open }];
  const slots: BookingSlot[] = [];
  if (deliveryMethod === DeliveryMethod.Delivery) {
    for (let t = open; t + DELIVERY_WINDOW_MINUTES <= close; t += DELIVERY_WINDOW_MINUTES) {
      slots.push({ start: t, end: t + DELIVERY_WINDOW_MINUTES });
    }
    return slots.length > 0 ? slots : [{ start: open, end: close }];
  }
  for (let t = open; t + PICKUP_STEP_MINUTES <= close; t += PICKUP_STEP_MINUTES) {
    slots.push({ start: t, end: t });
  }
  return slots.length > 0 ? slots : [{ start: open, end: open }];
}

/**
 * How long a delivery that starts at `minutes` (the store's clock) takes to arrive: its two-hour
 * window, cut short at the end of the day's last window; null for a start outside the day's
 * windows (before the first opens, or after the last has). The booking, the counter and the
 * driver's run all read a delivery's window from this.
 */
export function deliveryWindowMinutes(
  hours: { startTime: string; endTime: string },
  minutes: number,
): number | null {
  const slots = bookingSlots(hours, DeliveryMethod.Delivery);
  const last = slots[slots.length - 1]!;
  if (minutes < slots[0]!.start || minutes > last.start) return null;
  return Math.min(DELIVERY_WINDOW_MINUTES, last.end - minutes) || null;
}

/** The slot of the day that starts at `minutes`, if the store offers one. */
export function slotAt(
  hours: { startTime: string; endTime: string },
  deliveryMethod: DeliveryMethod,
  minutes: number,
): BookingSlot | null {
  return bookingSlots(hours, deliveryMethod).find((s) => s.start === minutes) ?? null;
}
