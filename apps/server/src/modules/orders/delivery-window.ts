import { DeliveryMethod, deliveryWindowMinutes } from '@snowgear/contracts';
import { localClock } from '@/lib/local-time.js';

/**
 * How long after `start` a delivery to the store's customer arrives (contracts'
 * `deliveryWindowMinutes`; null: not a delivery, or a start outside the day's windows).
 */
export function deliveryWindowOf(
  store: { openTime: string; closeTime: string },
  start: Date,
  deliveryMethod: DeliveryMethod,
  timeZone: string,
): number | null {
  if (deliveryMethod !== DeliveryMethod.Delivery) return null;
  return deliveryWindowMinutes(
    { startTime: store.openTime, endTime: store.closeTime },
    localClock(start, timeZone).minutes,
  );
}

/** When a delivery booked with a window must have arrived (null: no window, or not delivered). */
export function deliveryWindowEnd(row: {
  deliveryMethod: string;
  rentalStartAt: Date;
  deliveryWindowMinutes: number | null;
}): Date | null {
  if (row.deliveryMethod !== DeliveryMethod.Delivery || !row.deliveryWindowMinutes) return null;
  return new Date(row.rentalStartAt.getTime() + row.deliveryWindowMinutes * 60_000);
}
