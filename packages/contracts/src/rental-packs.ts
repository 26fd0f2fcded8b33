import { z } from 'zod';
import { decimalInput } from './number-schemas.js';
import { RATE_CARD_PRICE_MAX_FEN } from './rate-cards.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * The packs a shop offers (issue 60 §1, docs/pricing.md): a level of a sport (入门 / 进阶 / 高端)
 * holding one kind of gear of each of its categories, sized per rider, with a picture the
 * booking page shows. Its rate card prices it; the daily price and deposit here count where it
 * has none.
 */

/** A pack holds at least two kinds of gear (one is a piece, not a pack) and at most this many. */
export const PACK_PARTS = { min: 2, max: 8 } as const;

/** A pack's price in whole yuan (as a card's: docs/pricing.md), up to ¥100,000. */
const packYuan = (min: number) =>
  decimalInput(
    z
      .number()
      .int(ValidationCode.RateCardPrice)
      .min(min, ValidationCode.RateCardPrice)
      .max(RATE_CARD_PRICE_MAX_FEN / 100, ValidationCode.RateCardPrice),
  );

/**
 * A pack saved for a store (storeId) or for every store (null, system management): its names,
 * what it holds (in the order listed), its price a day and deposit where no card prices it, its
 * place in the list, whether it is on offer, and its picture (an upload of type `PackImage`).
 */
export const RentalPackSaveSchema = z.object({
  storeId: z.uuid().nullable(),
  name: singleLineText({ max: 40, required: ValidationCode.NameRequired }),
  nameEn: singleLineText({ max: 60 }).default(''),
  description: multiLineText({ max: 200 }).default(''),
  descriptionEn: multiLineText({ max: 300 }).default(''),
  categoryIds: z
    .array(z.uuid())
    .min(PACK_PARTS.min, ValidationCode.PackParts)
    .max(PACK_PARTS.max, ValidationCode.PackParts)
    .refine((ids) => new Set(ids).size === ids.length, ValidationCode.PackPartsTwice),
  dailyPrice: packYuan(1),
  deposit: packYuan(0),
  sortOrder: z.number().int().min(0).max(999).default(0),
  isActive: z.boolean().default(true),
  pictureFileId: z.uuid().nullable().default(null),
  /** The grade of gear it holds (an option of the `grade` attribute); '': any. */
  grade: singleLineText({ max: 20 }).default(''),
});
export type RentalPackSave = z.input<typeof RentalPackSaveSchema>;

export const RentalPackSchema = z.object({
  id: z.uuid(),
  /** Null: the business's pack, offered by every store. */
  storeId: z.uuid().nullable(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  categoryIds: z.array(z.uuid()),
  dailyPrice: z.number(),
  deposit: z.number(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  pictureFileId: z.uuid().nullable(),
  grade: z.string(),
  /** Its picture's small thumbnail (public), for lists and the booking page. */
  pictureUrl: z.string().nullable(),
  /** Whether an adult's and a junior's rate card price it at this store (else the daily price). */
  cards: z.object({ adult: z.boolean(), junior: z.boolean() }),
  lastModificationTime: z.string(),
});
export type RentalPackDto = z.infer<typeof RentalPackSchema>;

/**
 * The packs a store offers: its own and the business's (`inherited`: a manager reads them, only
 * system management changes them); for the business (storeId null), the business's.
 */
export const RentalPackListSchema = z.object({
  storeId: z.uuid().nullable(),
  items: z.array(RentalPackSchema.extend({ inherited: z.boolean() })),
});
export type RentalPackList = z.infer<typeof RentalPackListSchema>;
