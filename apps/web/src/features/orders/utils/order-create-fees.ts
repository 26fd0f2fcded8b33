import { OrderType, staffDiscountPercent, staffLimitFen } from '@snowgear/contracts';

/**
 * The fee summary of a new order: each line's rent as the server's quote priced it (rate cards,
 * docs/pricing.md), and the deposits, fees, discount and total by the server's rules
 * (docs/orders.md), so staff can tell the customer the price before submitting. Offline, before
 * the quote answers, a line's rent is estimated as its daily price × days, and said to be.
 */

const DAY_MS = 86_400_000;
/** Money is summed in integer fen so 0.1 + 0.2 stays 0.3; yuan only in and out. */
const toFen = (yuan: number) => Math.round(yuan * 100);
const toYuan = (fen: number) => fen / 100;

/** Rental days: every started 24 hours counts, at least one. */
export function rentalDays(start: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / DAY_MS));
}

/** A fee parameter ('30', '30.5', blank or nonsense) in yuan; blank or nonsense is no fee. */
export function feeParameter(value: string | null | undefined): number {
  const n = Number((value ?? '').trim());
  return Number.isFinite(n) && n > 0 ? toYuan(toFen(n)) : 0;
}

/** Hospitality and loans cost the customer nothing: no deposit, everything discounted. */
export function isFreeOrderType(orderType: OrderType): boolean {
  return orderType === OrderType.Hospitality || orderType === OrderType.Loan;
}

export interface FeeLineInput {
  dailyPrice: number;
  deposit: number;
  /**
   * The line's rent as the server priced it (a rate card, seasons, a junior rider); absent, the
   * estimate here is daily price × days.
   */
  rent?: number;
}

export interface OrderFees {
  days: number;
  /** Per line, in the order given: rent (the server's, else daily price × days) and the deposit held. */
  lines: { rent: number; deposit: number }[];
  /** Some line's rent is this page's estimate, not yet the server's price. */
  estimated: boolean;
  rent: number;
  deposit: number;
  deliveryFee: number;
  pickupFee: number;
  /** What is taken off: the rent at most (hospitality and loans: everything but deposits). */
  discount: number;
  /** More discount was asked than the rent: the server refuses it. */
  aboveRent: boolean;
  total: number;
  free: boolean;
}

export function computeOrderFees(input: {
  lines: FeeLineInput[];
  days: number;
  orderType: OrderType;
  /** The delivery fee when the gear is delivered, else 0. */
  deliveryFee: number;
  /** The pickup fee when the gear is collected from the customer, else 0. */
  pickupFee: number;
  /** Yuan; negative or nonsense counts as none. */
  discount: number;
}): OrderFees {
  const free = isFreeOrderType(input.orderType);
  const days = Math.max(1, Math.floor(input.days));
  const lines = input.lines.map((line) => ({
    rent: line.rent !== undefined ? toFen(line.rent) : toFen(line.dailyPrice) * days,
    deposit: free ? 0 : toFen(line.deposit),
  }));
  const rent = lines.reduce((sum, l) => sum + l.rent, 0);
  const deposit = lines.reduce((sum, l) => sum + l.deposit, 0);
  const deliveryFee = toFen(Math.max(0, input.deliveryFee));
  const pickupFee = toFen(Math.max(0, input.pickupFee));
  const before = rent + deposit + deliveryFee + pickupFee;
  const asked = Number.isFinite(input.discount) ? Math.max(0, toFen(input.discount)) : 0;
  // A discount comes off the rent, never the deposits or fees: the total never drops below them.
  const discount = free ? before : Math.min(asked, rent);
  return {
    days,
    lines: lines.map((l) => ({ rent: toYuan(l.rent), deposit: toYuan(l.deposit) })),
    rent: toYuan(rent),
    deposit: toYuan(deposit),
    deliveryFee: toYuan(deliveryFee),
    pickupFee: toYuan(pickupFee),
    discount: toYuan(discount),
    aboveRent: !free && asked > rent,
    total: toYuan(before - discount),
    free,
    estimated: input.lines.some((line) => line.rent === undefined),
  };
}

/**
 * The most a clerk discounts alone (yuan): the store's MaxStaffDiscountPercent of the rent, as
 * the server reckons it.
 */
export function staffDiscountLimit(
  rent: number,
  parameter: string | null | undefined,
): { percent: number; amount: number } {
  const percent = staffDiscountPercent(parameter);
  return { percent, amount: toYuan(staffLimitFen(toFen(rent), percent)) };
}
