import { z } from 'zod';
import { RiderFieldsSchema } from './rider-schemas.js';

/**
 * Self check-in at the counter: the clerk shows a QR code, each member of a family scans it and
 * types their own details on their own phone, and the riders appear on the clerk's new order.
 */

/** Riders one check-in takes (a family, or a small group). */
export const SELF_CHECKIN_RIDERS_MAX = 10;
/** How long a check-in's code opens the form. */
export const SELF_CHECKIN_HOURS = 2;

/** A rider as a family member typed them, with the key the counter's order gives their line. */
export const SelfCheckinRiderSchema = RiderFieldsSchema.extend({ key: z.string() });
export type SelfCheckinRider = z.infer<typeof SelfCheckinRiderSchema>;

export const SelfCheckinCreateSchema = z.object({ storeId: z.uuid() });

/** The clerk's view: the code to show and the riders so far. */
export const SelfCheckinSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  /** The path of the family's form (`/customer/checkin/<token>`), for the QR code. */
  path: z.string(),
  expiresAt: z.string(),
  riders: z.array(SelfCheckinRiderSchema),
});
export type SelfCheckin = z.infer<typeof SelfCheckinSchema>;

/** What a family member's phone reads before typing: where, until when, how many so far. */
export const PublicSelfCheckinSchema = z.object({
  storeName: z.string(),
  expiresAt: z.string(),
  count: z.number().int(),
  full: z.boolean(),
});
export type PublicSelfCheckin = z.infer<typeof PublicSelfCheckinSchema>;
