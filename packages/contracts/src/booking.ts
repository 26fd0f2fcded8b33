import { z } from 'zod';
import { DeliveryMethod, ReturnMethod } from './enums.js';
import { UNAVAILABLE_DAYS_MAX, UNAVAILABLE_DAYS_MIN } from './dates.js';
import { bookingTime, queryDay } from './date-schemas.js';
import { OrderLateFeeSchema } from './orders.js';
import { RentalSummarySchema } from './rental-summary.js';
import { RiderFieldsSchema } from './rider-schemas.js';
import { SIZED_GEARS } from './sizing.js';
import { singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * The customer's booking (spec §2 customer order-create, §5, §9): riders with skier profiles,
 * gear booked by kind and size (or as a pack), priced as a quote, then created as an Online
 * order that holds capacity for its window. Money is yuan on the wire.
 */

// ---- the catalog --------------------------------------------------------------------------------

/** A size attribute of a category: the customer picks one of its options when booking. */
export const SizeAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  unit: z.string(),
  /** The values a booking sends (the Chinese options, as stored). */
  options: z.array(z.string()),
  /** What the reader sees for each option, same positions as `options`, in their language. */
  optionLabels: z.array(z.string()),
});
export type SizeAttribute = z.infer<typeof SizeAttributeSchema>;

/** A kind: a category in one size (attribute id → value; empty for a category without sizes). */
export const BookableKindSchema = z.object({
  size: z.record(z.string(), z.string()),
  /** e.g. '160 cm · 初级'. */
  label: z.string(),
  dailyPrice: z.number(),
  /**
   * What it costs for the catalog's days, as the quote will price it (the store's rate card and
   * seasons, an early booking's discount: docs/pricing.md): an adult's, or the junior card's for
   * a size only a child wears.
   */
  rent: z.number(),
  deposit: z.number(),
  /** Items of this kind free for exactly the asked window at the store, now. */
  free: z.number().int(),
});
export type BookableKind = z.infer<typeof BookableKindSchema>;

export const BookableCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeKind: z.string(),
  /** Skis whose binding release value (DIN) is set for the rider. */
  dinAdjustable: z.boolean(),
  /**
   * What sized gear it is (sizing.ts), told by its Chinese name: the name shown may be English,
   * which need not say 'boot' or 'ski'.
   */
  gear: z.enum(SIZED_GEARS).nullable(),
  sizeAttributes: z.array(SizeAttributeSchema),
  kinds: z.array(BookableKindSchema),
  /** The lowest daily price of its kinds. */
  fromDailyPrice: z.number(),
  /** The lowest rent of its kinds for the catalog's days (for 'from ¥…'). */
  fromRent: z.number(),
  /** Items free in any size. */
  free: z.number().int(),
});
export type BookableCategory = z.infer<typeof BookableCategorySchema>;

export const BookablePackSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Its picture's small thumbnail (public); null: none set. */
  pictureUrl: z.string().nullable(),
  dailyPrice: z.number(),
  deposit: z.number(),
  /** One kind of each of these categories, sized per rider. */
  categoryIds: z.array(z.string()),
  /**
   * The grade of gear it holds (rental-packs.ts `GRADE_ATTRIBUTE`): a part whose category has a
   * grade is one of the kinds of this grade; '' any.
   */
  grade: z.string(),
  /** What the same gear costs a day booked line by line (the cheapest kinds). */
  separateDailyPrice: z.number(),
  /** What it costs an adult for the catalog's days, as the quote will price it. */
  rent: z.number(),
  /** The same gear booked piece by piece for those days (the cheapest kinds), for 'save ¥…'. */
  separateRent: z.number(),
});
export type BookablePack = z.infer<typeof BookablePackSchema>;

/** `GET /api/app/booking/catalog?storeId&rentalStartTime&days`: what can be booked, and how many are free. */
export const BookingCatalogQuerySchema = z.object({
  storeId: z.uuid(),
  rentalStartTime: bookingTime(),
  days: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(UNAVAILABLE_DAYS_MIN).max(UNAVAILABLE_DAYS_MAX)),
  /** An afternoon back by closing (`days` 1): the prices of a half day. */
  halfDay: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
});
export type BookingCatalogQuery = z.input<typeof BookingCatalogQuerySchema>;

export const BookingCatalogSchema = z.object({
  storeId: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  days: z.number().int(),
  halfDay: z.boolean(),
  /**
   * From when (HH:mm, the store's clock) a rental back by closing the same day is a half day at
   * the store's half-day prices; null where the store prices no half days.
   */
  halfDayFrom: z.string().nullable(),
  categories: z.array(BookableCategorySchema),
  packs: z.array(BookablePackSchema),
});
export type BookingCatalog = z.infer<typeof BookingCatalogSchema>;

// ---- the cart -----------------------------------------------------------------------------------

export const BOOKING_RIDERS_MAX = 10;
export const BOOKING_LINES_MAX = 50;

const size = z.record(z.uuid(), singleLineText({ max: 50 })).default({});

/** A rider of the cart: a saved profile (`profileId`) or one entered now, saved at submit. */
export const CartRiderSchema = RiderFieldsSchema.extend({
  /** The cart's own id for the rider (lines point at it). */
  key: z.string().regex(/^[A-Za-z0-9_-]{1,36}$/),
  profileId: z.uuid().nullable().default(null),
});
export type CartRider = z.output<typeof CartRiderSchema>;

/** One kind for a rider: category and size; or a specific item where the store allows it. */
export const CartItemSchema = z.object({
  type: z.literal('item'),
  categoryId: z.uuid(),
  size,
  equipmentId: z.uuid().nullable().default(null),
  riderKey: z.string().nullable().default(null),
});

/** A pack for a rider: one sized kind of each of its categories. */
export const CartPackSchema = z.object({
  type: z.literal('pack'),
  packId: z.uuid(),
  riderKey: z.string().nullable().default(null),
  components: z
    .array(z.object({ categoryId: z.uuid(), size }))
    .min(1)
    .max(10),
});

export const CartLineSchema = z.discriminatedUnion('type', [CartItemSchema, CartPackSchema]);
export type CartLine = z.output<typeof CartLineSchema>;

const address = singleLineText({ max: 200 }).default('');

/** What the customer is booking, as the booking page (and a scheme) keeps it. */
export const BookingCartSchema = z
  .object({
    storeId: z.uuid(),
    rentalStartTime: bookingTime(),
    days: z.number().int().min(UNAVAILABLE_DAYS_MIN).max(UNAVAILABLE_DAYS_MAX),
    /** An afternoon from the store's half-day start, back by its closing the same day. */
    halfDay: z.boolean().default(false),
    deliveryMethod: z
      .enum([DeliveryMethod.SelfPickup, DeliveryMethod.Delivery])
      .default(DeliveryMethod.SelfPickup),
    deliveryAddress: address,
    returnMethod: z
      .enum([ReturnMethod.SelfReturn, ReturnMethod.Pickup])
      .default(ReturnMethod.SelfReturn),
    returnAddress: address,
    riders: z.array(CartRiderSchema).max(BOOKING_RIDERS_MAX).default([]),
    lines: z.array(CartLineSchema).max(BOOKING_LINES_MAX),
  })
  .superRefine((cart, ctx) => {
    if (cart.halfDay && cart.days !== 1) {
      ctx.addIssue({ code: 'custom', message: ValidationCode.HalfDayOneDay, path: ['days'] });
    }
    const keys = new Set(cart.riders.map((r) => r.key));
    cart.lines.forEach((line, i) => {
      if (line.riderKey !== null && !keys.has(line.riderKey)) {
        ctx.addIssue({
          code: 'custom',
          message: ValidationCode.UnknownRider,
          path: ['lines', i, 'riderKey'],
        });
      }
    });
  });
export type BookingCart = z.output<typeof BookingCartSchema>;

/** How many days ahead the calendar is told which days the cart is fully booked. */
export const FULL_DAYS_AHEAD = 31;

/**
 * The days on which a cart cannot be held (its gear is fully booked), each at the cart's time of
 * day and for its length: what the booking calendar greys as 已订满. From `from` (YYYY-MM-DD on the
 * store's calendar), FULL_DAYS_AHEAD days on.
 */
export const BookingFullDaysRequestSchema = z.object({
  cart: BookingCartSchema,
  from: queryDay(),
});
export type BookingFullDaysRequest = z.input<typeof BookingFullDaysRequestSchema>;

export const BookingFullDaysSchema = z.object({
  /** YYYY-MM-DD, in order. */
  fullDays: z.array(z.string()),
});
export type BookingFullDays = z.infer<typeof BookingFullDaysSchema>;
export type BookingCartInput = z.input<typeof BookingCartSchema>;

// ---- the quote ----------------------------------------------------------------------------------

export const QuoteLineSchema = z.object({
  /** Index of the cart line this comes from (a pack gives one line per component). */
  cartIndex: z.number().int(),
  categoryId: z.string(),
  categoryName: z.string(),
  size: z.record(z.string(), z.string()),
  sizeLabel: z.string(),
  riderKey: z.string().nullable(),
  packId: z.string().nullable(),
  packName: z.string(),
  /** The specific item's barcode, when the line names one (booked from its label). */
  barcodeNumber: z.string().nullable(),
  dailyPrice: z.number(),
  deposit: z.number(),
  rent: z.number(),
  /** Free for this window now (before this booking takes one). */
  free: z.number().int(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/**
 * How one cart line (a piece of gear or a pack) was priced (docs/pricing.md): its rent, the
 * early-booking discount in it, what a pack saves against its parts, and the explanation in the
 * reader's language ("双板全套 · 进阶 · 3 天 ¥460（套餐价，比单租省 ¥110）· 春节 ×1.5 · …").
 */
export const QuotePriceSchema = z.object({
  cartIndex: z.number().int(),
  rent: z.number(),
  earlyBookingOff: z.number(),
  packSaving: z.number(),
  /** Priced on the junior card (a rider under the store's junior age). */
  junior: z.boolean(),
  explanation: z.string(),
});
export type QuotePrice = z.infer<typeof QuotePriceSchema>;

/** A line the store cannot hold for the window: what is asked, and how many are free. */
export const QuoteShortageSchema = z.object({
  cartIndex: z.number().int(),
  categoryId: z.string(),
  categoryName: z.string(),
  sizeLabel: z.string(),
  wanted: z.number().int(),
  free: z.number().int(),
});
export type QuoteShortage = z.infer<typeof QuoteShortageSchema>;

/** `POST /api/app/booking/quote` (no sign-in): the cart priced, and whether it can be held now. */
export const BookingQuoteSchema = z.object({
  storeId: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  days: z.number().int(),
  lines: z.array(QuoteLineSchema),
  /** Each cart line's price and how it came about. */
  prices: z.array(QuotePriceSchema),
  /** The rent is this much less for booking early (already off `rent`). */
  earlyBookingOff: z.number(),
  rent: z.number(),
  deposit: z.number(),
  deliveryFee: z.number(),
  pickupFee: z.number(),
  total: z.number(),
  shortages: z.array(QuoteShortageSchema),
  /** The cart's way there and back, echoed for the summary the customer confirms. */
  deliveryMethod: z.enum([DeliveryMethod.SelfPickup, DeliveryMethod.Delivery]),
  deliveryAddress: z.string(),
  returnMethod: z.enum([ReturnMethod.SelfReturn, ReturnMethod.Pickup]),
  returnAddress: z.string(),
  /** Hours the store keeps the order unpaid before releasing it (`OrderTimeoutHours`; 0: kept). */
  orderTimeoutHours: z.number(),
  /** A delivery: the end of the window it arrives in, from the rental start (null: none). */
  deliveryWindowEnd: z.string().nullable(),
});
export type BookingQuote = z.infer<typeof BookingQuoteSchema>;

/**
 * A cart being booked: at least one line, and the addresses its delivery and pickup go to. A quote
 * or a saved scheme may lack both: the price does not depend on the address, and a booking page
 * keeps showing the gear and its price while the customer is still typing where it goes.
 */
export const PlacedCartSchema = BookingCartSchema.superRefine((cart, ctx) => {
  if (cart.lines.length === 0) {
    ctx.addIssue({ code: 'custom', message: ValidationCode.ItemsRequired, path: ['lines'] });
  }
  if (cart.deliveryMethod === DeliveryMethod.Delivery && !cart.deliveryAddress) {
    ctx.addIssue({
      code: 'custom',
      message: ValidationCode.DeliveryAddressRequired,
      path: ['deliveryAddress'],
    });
  }
  if (cart.returnMethod === ReturnMethod.Pickup && !cart.returnAddress) {
    ctx.addIssue({
      code: 'custom',
      message: ValidationCode.ReturnAddressRequired,
      path: ['returnAddress'],
    });
  }
});

/**
 * `POST /api/app/booking/orders` (a signed-in customer): the cart becomes an Online order,
 * Unpaid, holding every line; riders entered now are saved to the customer's profiles.
 */
export const BookingCreateSchema = z.object({
  cart: PlacedCartSchema,
  /** The version of `systemInfo.rentalAgreement` the customer read and accepted. */
  agreementVersion: z.string().min(1).max(64),
  remarks: singleLineText({ max: 200 }).default(''),
  /** The agent whose link the customer came through (an unknown code books without one). */
  referralCode: z.string().trim().max(32).optional(),
});
export type BookingCreate = z.input<typeof BookingCreateSchema>;

// ---- after booking ------------------------------------------------------------------------------

/**
 * `GET /api/app/orders/qr/:orderNumber?k=` (public): what the order QR page shows, nothing
 * personal for a holder of the share key. Given to the order's customer, its store's staff, or with the order's share key `k`;
 * anyone else is told the order does not exist (order numbers are easy to guess).
 */
export const OrderQrQuerySchema = z.object({ k: z.string().trim().max(128).optional() });

export const OrderQrSchema = z.object({
  orderNumber: z.string(),
  /** The share key: `?k=` on the page's link lets whoever holds it open the page. */
  qrToken: z.string(),
  status: z.number().int(),
  storeName: z.string(),
  storeAddress: z.string(),
  storePhone: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  days: z.number().int(),
  items: z.array(z.object({ name: z.string(), sizeLabel: z.string(), count: z.number().int() })),
  /** What the order is for (addresses and rider names only for its customer and its staff). */
  summary: RentalSummarySchema,
  /** Something on the order is settled: its receipt can be opened (with the same key). */
  hasReceipt: z.boolean(),
  /** A late return's fee as it grows (the waiving manager is not named here). */
  lateFee: OrderLateFeeSchema.nullable(),
  /** The order's id for its own signed-in customer (the page links to their order); else null. */
  myOrderId: z.string().nullable().default(null),
});
export type OrderQr = z.infer<typeof OrderQrSchema>;

// ---- schemes ------------------------------------------------------------------------------------

export const SchemeInputSchema = z.object({
  name: singleLineText({ max: 40, required: ValidationCode.SchemeNameRequired }),
  cart: BookingCartSchema,
});
export type SchemeInput = z.input<typeof SchemeInputSchema>;

export const SchemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  cart: z.unknown(),
  /** The quote when saved (yuan). */
  quote: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Scheme = z.infer<typeof SchemeSchema>;

/** A shared scheme, read without signing in: the plan and a fresh quote (null: no longer bookable). */
export const SharedSchemeSchema = SchemeSchema.extend({
  freshQuote: BookingQuoteSchema.nullable(),
  /** The signed-in caller saved it (may change and delete it). */
  mine: z.boolean(),
});
export type SharedScheme = z.infer<typeof SharedSchemeSchema>;

/**
 * How a size reads: the values in the order of the category's size attributes, each with its
 * unit ('160 cm · 初级'); values of attributes not given last.
 */
export function formatSize(
  size: Record<string, string>,
  attributes: readonly {
    id: string;
    unit: string;
    /** With `optionLabels`: each value shown by the label at its position. */
    options?: readonly string[];
    optionLabels?: readonly string[];
  }[],
): string {
  const known = attributes.filter((a) => size[a.id]);
  const rest = Object.keys(size).filter((id) => !attributes.some((a) => a.id === id));
  const shown = (a: (typeof attributes)[number]) => {
    const value = size[a.id]!;
    const at = a.options?.indexOf(value) ?? -1;
    return (at >= 0 && a.optionLabels?.[at]) || value;
  };
  return [
    ...known.map((a) => (a.unit ? `${shown(a)} ${a.unit}` : shown(a))),
    ...rest.map((id) => size[id]!),
  ].join(' · ');
}
