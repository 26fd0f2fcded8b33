import { z } from 'zod';
import { DIN_SETTING, RIDER_LIMITS, RIDER_NAME_MAX, RiderAbility, RiderStance } from './riders.js';
import { singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/** The riders' schemas (riders.ts: their plain values and the DIN chart; sizing.ts: sizes). */

const optionalInt = (bounds: { min: number; max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max).nullable().default(null);

/** What sizing and the DIN suggestion need to know of a rider. Every measurement is optional. */
export const RiderFieldsSchema = z.object({
  name: singleLineText({ max: RIDER_NAME_MAX, required: ValidationCode.RiderNameRequired }),
  heightCm: optionalInt(RIDER_LIMITS.heightCm),
  weightKg: optionalInt(RIDER_LIMITS.weightKg),
  age: optionalInt(RIDER_LIMITS.age),
  ability: z.enum([RiderAbility.I, RiderAbility.II, RiderAbility.III]).nullable().default(null),
  /** Mondopoint in centimetres, halves allowed (26.5). */
  bootSizeMondopoint: z
    .number()
    .min(RIDER_LIMITS.bootSizeMondopoint.min)
    .max(RIDER_LIMITS.bootSizeMondopoint.max)
    .multipleOf(0.5)
    .nullable()
    .default(null),
  bootSoleLengthMm: optionalInt(RIDER_LIMITS.bootSoleLengthMm),
  stance: z.enum([RiderStance.Regular, RiderStance.Goofy]).nullable().default(null),
});
export type RiderFields = z.output<typeof RiderFieldsSchema>;

/** A saved rider of the signed-in customer (`/api/app/riders`). */
export const RiderProfileSchema = RiderFieldsSchema.extend({
  id: z.string(),
  /** The account holder themselves. */
  isSelf: z.boolean(),
  updatedAt: z.string(),
});
export type RiderProfile = z.infer<typeof RiderProfileSchema>;

export const RiderProfileInputSchema = RiderFieldsSchema.extend({
  isSelf: z.boolean().default(false),
});
export type RiderProfileInput = z.input<typeof RiderProfileInputSchema>;

/** A rider as booked with a line (the profile's data at booking time). */
export const OrderRiderSchema = RiderFieldsSchema.extend({
  profileId: z.string().nullable(),
});
export type OrderRider = z.infer<typeof OrderRiderSchema>;

/**
 * A person of a counter order (a group's member): entered at the counter, or one of the
 * customer's saved riders (`profileId`); only a name is needed. Lines point at it by `key`.
 */
export const CounterRiderSchema = RiderFieldsSchema.extend({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,36}$/),
  profileId: z.uuid().nullable().default(null),
});
export type CounterRider = z.output<typeof CounterRiderSchema>;
export type CounterRiderInput = z.input<typeof CounterRiderSchema>;

export const RiderListSchema = z.object({ items: z.array(RiderProfileSchema) });
export type RiderList = z.infer<typeof RiderListSchema>;

/**
 * `POST /api/app/orders/{id}/items/{itemId}/din`: the value the technician set on the binding.
 * A value no binding takes is refused (`DinOutOfRange`, whose words name the range), never
 * brought into range.
 */
export const DinConfirmSchema = z.object({
  setting: z
    .number()
    .min(DIN_SETTING.min, ValidationCode.DinOutOfRange)
    .max(DIN_SETTING.max, ValidationCode.DinOutOfRange)
    .multipleOf(DIN_SETTING.step, ValidationCode.DinOutOfRange),
});
export type DinConfirm = z.infer<typeof DinConfirmSchema>;
