import { FeeItemKind, ORDER_TOTAL_MAX, spanDays } from '@snowgear/contracts';

/** Money is integer fen in here; yuan only on the wire. */
export const toFen = (yuan: number) => Math.round(yuan * 100);
export const toYuan = (fen: number) => Math.round(fen) / 100;

/** What one order may come to before discounts (fen): every fee item and bill fits its integer column. */
export const MAX_ORDER_FEN = ORDER_TOTAL_MAX * 100;

/** Rental days: every started 24 hours counts, at least one (the contracts' rule for ranges). */
export function rentalDays(start: Date, end: Date): number {
  return spanDays(start, end);
}

export interface PricedLine {
  label: string;
  /** The line's name in English, where the business gave one. */
  labelEn?: string;
  depositFen: number;
}

/** A rent as the pricing decided it (modules/pricing): one per piece of gear or pack. */
export interface RentLine {
  rentFen: number;
  description: string;
  descriptionEn: string;
  /** The description says more than a daily price × days (modules/pricing/rental.ts). */
  explained: boolean;
}

export interface FeeLine {
  kind: FeeItemKind;
  amountFen: number;
  description: string;
  /** The description in English; empty where the names in it have none (the Chinese shows). */
  descriptionEn: string;
  /** A rent line whose description explains its price (schema `order_fee_items.explains`). */
  explains?: boolean;
}

type FeeLabels = { delivery: string; pickup: string; discount: string };

/**
 * The fee items of a new order: its rents as the pricing decided them (modules/pricing), a
 * deposit per line, delivery and pickup fees, and a discount on the rent only (never the deposits
 * or fees; `free` orders have everything but deposits taken off). The total is the sum of the fee
 * items, so it can always be recomputed from them.
 */
export function priceOrder(input: {
  rents: RentLine[];
  lines: PricedLine[];
  deliveryFeeFen: number;
  pickupFeeFen: number;
  discountFen: number;
  /** Hospitality and loans: the discount takes everything charged, fees included. */
  free?: boolean;
  labels: FeeLabels;
  /** The same words in English, written beside the Chinese so either reader reads their own. */
  labelsEn?: FeeLabels;
}): { feeItems: FeeLine[]; totalFen: number; grossFen: number; rentFen: number } {
  const feeItems: FeeLine[] = [];
  for (const rent of input.rents) {
    feeItems.push({
      kind: FeeItemKind.Rent,
      amountFen: rent.rentFen,
      description: rent.description,
      descriptionEn: rent.descriptionEn,
      explains: rent.explained,
    });
  }
  for (const line of input.lines) {
    if (line.depositFen > 0) {
      feeItems.push({
        kind: FeeItemKind.Deposit,
        amountFen: line.depositFen,
        description: line.label,
        descriptionEn: line.labelEn ?? '',
      });
    }
  }
  if (input.deliveryFeeFen > 0) {
    feeItems.push({
      kind: FeeItemKind.DeliveryFee,
      amountFen: input.deliveryFeeFen,
      description: input.labels.delivery,
      descriptionEn: input.labelsEn?.delivery ?? '',
    });
  }
  if (input.pickupFeeFen > 0) {
    feeItems.push({
      kind: FeeItemKind.DeliveryFee,
      amountFen: input.pickupFeeFen,
      description: input.labels.pickup,
      descriptionEn: input.labelsEn?.pickup ?? '',
    });
  }
  const before = feeItems.reduce((sum, f) => sum + f.amountFen, 0);
  const rentFen = feeItems
    .filter((f) => f.kind === FeeItemKind.Rent)
    .reduce((sum, f) => sum + f.amountFen, 0);
  const discount = Math.max(0, Math.min(input.discountFen, input.free ? before : rentFen));
  if (discount > 0) {
    feeItems.push({
      kind: FeeItemKind.Discount,
      amountFen: -discount,
      description: input.labels.discount,
      descriptionEn: input.labelsEn?.discount ?? '',
    });
  }
  return { feeItems, totalFen: before - discount, grossFen: before, rentFen };
}

/** A fee parameter ('30', '30.5', '') as fen; blank or nonsense is no fee. */
export function feeParameter(value: string | null | undefined): number {
  const n = Number((value ?? '').trim());
  return Number.isFinite(n) && n > 0 ? toFen(n) : 0;
}
