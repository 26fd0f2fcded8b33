import { z } from 'zod';
import { DeliveryMethod, FeeItemKind, ReturnMethod } from './enums.js';

/**
 * What the customer pays for, on one screen: the booking's confirm step, the payment page, the
 * customer's order and its QR page show the same summary. The server builds it for an order (the
 * checkout, the QR page); the web app builds the same shape from a quote or an order it holds.
 * Money is yuan.
 */

const DELIVERY_METHODS = Object.values(DeliveryMethod) as [DeliveryMethod, ...DeliveryMethod[]];
const RETURN_METHODS = Object.values(ReturnMethod) as [ReturnMethod, ...ReturnMethod[]];
const FEE_KINDS = Object.values(FeeItemKind) as [FeeItemKind, ...FeeItemKind[]];

/** One line: a single kind, or a pack with its parts, for one rider. */
export const RentalSummaryLineSchema = z.object({
  /** The rider it is for (null: nobody named); the same key on each of that rider's lines. */
  riderKey: z.string().nullable(),
  /** The rider's name; null for nobody named, or hidden from a reader who is not entitled. */
  riderName: z.string().nullable(),
  /** The pack's name; empty for a single kind. */
  packName: z.string(),
  /** Each piece: its category and size ('雪板', '160 cm · 初级'), and an item booked by its label. */
  parts: z.array(
    z.object({
      categoryName: z.string(),
      sizeLabel: z.string(),
      barcodeNumber: z.string().nullable(),
    }),
  ),
  /** A day of the line: a pack's is one figure for the pack, never its parts' shares. */
  dailyPrice: z.number(),
  /** Days charged; null when the parts differ (one came back early). */
  days: z.number().int().nullable(),
  rent: z.number(),
  /**
   * How the rent came about where it is more than a daily price × days ("3 天 ¥460（套餐价…）·
   * 春节 ×1.5 · 提前 7 天预订 −10 %", docs/pricing.md), in the reader's language; '' otherwise.
   */
  explanation: z.string(),
  /** The refundable deposit of the line (a pack's is one figure). */
  deposit: z.number(),
});
export type RentalSummaryLine = z.infer<typeof RentalSummaryLineSchema>;

export const RentalSummarySchema = z.object({
  storeName: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  days: z.number().int(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  returnMethod: z.enum(RETURN_METHODS),
  /**
   * Where a driver brings or collects the gear (empty: none). Null when hidden: addresses and
   * rider names go only to the order's customer and its store's staff, not to whoever holds a
   * payment or QR link.
   */
  deliveryAddress: z.string().nullable(),
  returnAddress: z.string().nullable(),
  /** A delivery booked with a window: the gear arrives between the start and this time. */
  deliveryWindowEnd: z.string().nullable(),
  lines: z.array(RentalSummaryLineSchema),
  /** Rent and deposits of the lines, as charged. */
  rent: z.number(),
  deposit: z.number(),
  /** Everything else charged: delivery and pickup, extension, damage, cleaning, discounts. */
  fees: z.array(z.object({ kind: z.enum(FEE_KINDS), amount: z.number(), description: z.string() })),
  total: z.number(),
  /** Hours the store keeps an unpaid order before releasing it (`OrderTimeoutHours`; 0: kept). */
  orderTimeoutHours: z.number(),
});
export type RentalSummary = z.infer<typeof RentalSummarySchema>;

/** One booked piece as a quote or an order holds it (a pack's parts each carry a share). */
export interface RentalSummaryPart {
  /** The quote's cart line: its parts are one pack. Absent for an order's lines. */
  cartIndex?: number;
  categoryId: string | null;
  categoryName: string;
  sizeLabel: string;
  /** The item a line names (booked from its label); null for a kind. */
  barcodeNumber?: string | null;
  packName: string;
  riderKey: string | null;
  riderName: string | null;
  dailyPrice: number;
  /** Its rent as priced (a pack's share; more than daily × days only where a card says so). */
  rent: number;
  deposit: number;
  days: number;
}

export type RentalSummaryLineOf = RentalSummaryLine & {
  /** The quote's cart line it stands for (null for an order's). */
  cartIndex: number | null;
};

const fen = (yuan: number) => Math.round(yuan * 100);

/**
 * A rent that is its daily price × days (yuan), which a screen may write as "¥120 × 3 天"; a rent
 * priced on a rate card is not, and a screen says its days and its rent instead (docs/pricing.md).
 */
export const rentIsDaily = (dailyPrice: number, days: number, rent: number) =>
  fen(dailyPrice) * days === fen(rent);

/**
 * An order's summary lines with the words its rent lines keep. The order's rent lines are written
 * one per line of the summary, in its order (a pack for a rider, or a piece alone:
 * modules/orders/pricing.ts), so the n-th explains the n-th where both say the same rent. Where
 * they do not (a line extended or returned early since, a rent line added by hand), the lines
 * keep their figures without words rather than words about another price.
 */
export function explainRents<L extends { rent: number; explanation: string }>(
  lines: readonly L[],
  rents: readonly { amount: number; description: string; explains: boolean }[],
): L[] {
  const same =
    rents.length === lines.length && rents.every((r, i) => fen(r.amount) === fen(lines[i]!.rent));
  if (!same) return [...lines];
  return lines.map((line, i) =>
    rents[i]!.explains ? { ...line, explanation: rents[i]!.description } : line,
  );
}

/**
 * Pieces as the customer reads them: a pack's parts become one line with one daily price and one
 * deposit (the server shares a pack's price over its parts only to keep each item's books).
 * A quote names each pack by its cart line; an order's pack is a run of one rider's lines of the
 * same pack, one piece of each category (a second of a category starts the next pack).
 */
export function rentalSummaryLines(parts: readonly RentalSummaryPart[]): RentalSummaryLineOf[] {
  const groups: { parts: RentalSummaryPart[]; categories: Set<string> }[] = [];
  for (const part of parts) {
    const last = groups.at(-1);
    const first = last?.parts[0];
    const category = part.categoryId ?? part.categoryName;
    const samePack =
      !!first &&
      part.packName !== '' &&
      first.packName === part.packName &&
      first.riderKey === part.riderKey &&
      (part.cartIndex !== undefined
        ? first.cartIndex === part.cartIndex
        : !last.categories.has(category));
    if (samePack) {
      last.parts.push(part);
      last.categories.add(category);
    } else {
      groups.push({ parts: [part], categories: new Set([category]) });
    }
  }
  return groups.map(({ parts: group }) => {
    const first = group[0]!;
    const days = group.every((p) => p.days === first.days) ? first.days : null;
    return {
      cartIndex: first.cartIndex ?? null,
      riderKey: first.riderKey,
      riderName: first.riderName,
      packName: first.packName,
      parts: group.map((p) => ({
        categoryName: p.categoryName,
        sizeLabel: p.sizeLabel,
        barcodeNumber: p.barcodeNumber ?? null,
      })),
      dailyPrice: group.reduce((sum, p) => sum + fen(p.dailyPrice), 0) / 100,
      days,
      rent: group.reduce((sum, p) => sum + fen(p.rent), 0) / 100,
      explanation: '',
      deposit: group.reduce((sum, p) => sum + fen(p.deposit), 0) / 100,
    };
  });
}
