import { z } from 'zod';
import { bookingTime } from './date-schemas.js';

/**
 * The counter's scan-to-order (issue 38): a scanned item is asked about at once for the order's
 * window, a refused order names every item it cannot have, and gear scanned for a rental that
 * starts now goes out with the order instead of being scanned a second time.
 */

/** How far before now a counter order may start (a clerk who took a while): older is backdated. */
export const ORDER_START_GRACE_MINUTES = 15;

/**
 * A rental "starts now" when its start lies within this many minutes of now (a walk-in's start
 * is the next half hour by default): its scanned gear is handed over with the order (or with its
 * payment, when it has one to pay).
 */
export const HANDOVER_AT_CREATE_MINUTES = 30;

/** How long after the order is made its payment still hands the scanned gear over. */
export const HANDOVER_AT_PAYMENT_MINUTES = 60;

/** Why an item cannot go on an order for a window; `free` when it can. */
export const ItemAvailabilityReason = {
  Free: 'free',
  /** Booked by another order for a time that overlaps the window. */
  Booked: 'booked',
  /** Out with a customer on another order (for a time that overlaps the window, or overdue). */
  Out: 'out',
  /** Locked by hand (maintenance, a hold) for a time that overlaps the window. */
  Locked: 'locked',
  /** Not in stock at all: damaged, lost, in transfer, scrapped. */
  NotInStock: 'notInStock',
  /** Belongs to another store. */
  OtherStore: 'otherStore',
} as const;
export type ItemAvailabilityReason =
  (typeof ItemAvailabilityReason)[keyof typeof ItemAvailabilityReason];

/** `GET /api/app/orders/item-availability`: may this item go on a new order for [from, to)? */
export const ItemAvailabilityQuerySchema = z.object({
  barcode: z.string().trim().min(1).max(100),
  storeId: z.uuid(),
  from: bookingTime(),
  to: bookingTime(),
});
export type ItemAvailabilityQuery = z.input<typeof ItemAvailabilityQuerySchema>;

/** One item's answer, also each entry of a refused order's `data.conflicts`. */
export const ItemAvailabilitySchema = z.object({
  equipmentId: z.string(),
  barcodeNumber: z.string(),
  name: z.string(),
  free: z.boolean(),
  reason: z.enum(Object.values(ItemAvailabilityReason) as [ItemAvailabilityReason]),
  /** Why not, in plain words in the caller's language; empty when free. */
  message: z.string(),
  /** The other order, when an order holds it. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The window that takes it (or, out and overdue, since when it is due). */
  conflictStartTime: z.string().nullable(),
  conflictEndTime: z.string().nullable(),
});
export type ItemAvailability = z.infer<typeof ItemAvailabilitySchema>;
