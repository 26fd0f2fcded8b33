import {
  explainRents,
  FeeItemKind,
  rentalSummaryLines,
  type BookingQuote,
  type CartRider,
  type Checkout,
  type Order,
  type OrderQr,
  type RentalSummary,
  type RentalSummaryLineOf,
} from '@snowgear/contracts';

/**
 * What the summary shows, whatever it comes from: a quote before booking, the checkout, the
 * order QR page, or the customer's own order. One small adapter per source, so the booking's
 * confirm step, the payment page, the order and its QR page cannot tell different stories.
 */
export interface SummaryView extends Omit<RentalSummary, 'lines' | 'fees' | 'orderTimeoutHours'> {
  lines: RentalSummaryLineOf[];
  /** Charged besides rent and deposits; a quote names its pickup fee apart from delivery. */
  fees: { kind: FeeItemKind | 'PickupFee'; amount: number; description: string }[];
  /** The store's hours to pay before an unpaid order is released; null when not known here. */
  orderTimeoutHours: number | null;
  /** The order's status now; null before it is booked. */
  status: number | null;
  /** When an unpaid order is released, where known. */
  payBefore: string | null;
}

const fen = (yuan: number) => Math.round(yuan * 100);
const sum = (amounts: number[]) => amounts.reduce((n, a) => n + fen(a), 0) / 100;

/**
 * A cart priced, before it is booked (the store's name from the configuration). `status` is the
 * one the order will start in when it is not the customer's own booking (an agent's waits for the
 * store: Pending).
 */
export function fromQuote(
  quote: BookingQuote,
  riders: readonly Pick<CartRider, 'key' | 'name'>[],
  storeName: string,
  status: number | null = null,
): SummaryView {
  const fees: SummaryView['fees'] = [];
  if (quote.deliveryFee > 0) {
    fees.push({ kind: FeeItemKind.DeliveryFee, amount: quote.deliveryFee, description: '' });
  }
  if (quote.pickupFee > 0) {
    fees.push({ kind: 'PickupFee', amount: quote.pickupFee, description: '' });
  }
  return {
    storeName,
    rentalStartTime: quote.rentalStartTime,
    rentalEndTime: quote.rentalEndTime,
    days: quote.days,
    deliveryMethod: quote.deliveryMethod,
    returnMethod: quote.returnMethod,
    deliveryAddress: quote.deliveryAddress,
    returnAddress: quote.returnAddress,
    deliveryWindowEnd: quote.deliveryWindowEnd,
    lines: rentalSummaryLines(
      quote.lines.map((l) => ({
        rent: l.rent,
        cartIndex: l.cartIndex,
        categoryId: l.categoryId,
        categoryName: l.categoryName,
        sizeLabel: l.sizeLabel,
        barcodeNumber: l.barcodeNumber,
        packName: l.packName,
        riderKey: l.riderKey,
        riderName: riders.find((r) => r.key === l.riderKey)?.name ?? null,
        dailyPrice: l.dailyPrice,
        deposit: l.deposit,
        days: quote.days,
      })),
    ).map((line) => ({
      ...line,
      // How each line's rent came about, as the server priced it (docs/pricing.md).
      explanation: quote.prices.find((p) => p.cartIndex === line.cartIndex)?.explanation ?? '',
    })),
    rent: quote.rent,
    deposit: quote.deposit,
    fees,
    total: quote.total,
    orderTimeoutHours: quote.orderTimeoutHours,
    status,
    payBefore: null,
  };
}

/** The server's summary of an order (the checkout, the QR page). */
function fromServer(summary: RentalSummary, status: number, payBefore: string | null): SummaryView {
  return {
    ...summary,
    lines: summary.lines.map((line) => ({ ...line, cartIndex: null })),
    status,
    payBefore,
  };
}

export const fromCheckout = (checkout: Checkout) =>
  fromServer(checkout.summary, checkout.orderStatus, checkout.payBefore);

export const fromOrderQr = (qr: OrderQr) => fromServer(qr.summary, qr.status, null);

/** An agent's order opened from their list. */
export const fromAgentOrder = (order: Pick<OrderQr, 'summary' | 'status'>) =>
  fromServer(order.summary, order.status, null);

/** The customer's own order, as they read it (names and addresses are theirs). */
export function fromOrder(order: Order): SummaryView {
  const feesOf = (kind: FeeItemKind) =>
    sum(order.feeItems.filter((f) => f.kind === kind).map((f) => f.amount));
  return {
    storeName: order.storeName,
    rentalStartTime: order.rentalStartTime,
    rentalEndTime: order.rentalEndTime,
    days: order.days,
    deliveryMethod: order.deliveryMethod,
    returnMethod: order.returnMethod,
    deliveryAddress: order.deliveryAddress,
    returnAddress: order.returnAddress,
    deliveryWindowEnd: order.deliveryWindowEnd,
    lines: explainRents(
      rentalSummaryLines(
        order.items.map((item) => ({
          categoryId: item.categoryId,
          categoryName: item.categoryName || item.equipmentName,
          sizeLabel: item.sizeLabel,
          packName: item.packName,
          riderKey: item.riderKey,
          riderName: item.rider?.name ?? null,
          dailyPrice: item.dailyPrice,
          rent: item.rent,
          deposit: item.deposit,
          days: item.days,
        })),
      ),
      order.feeItems.filter((f) => f.kind === FeeItemKind.Rent),
    ),
    rent: feesOf(FeeItemKind.Rent),
    deposit: feesOf(FeeItemKind.Deposit),
    fees: order.feeItems
      .filter((f) => f.kind !== FeeItemKind.Rent && f.kind !== FeeItemKind.Deposit)
      .map(({ kind, amount, description }) => ({ kind, amount, description })),
    total: order.totalAmount,
    orderTimeoutHours: null,
    status: order.status,
    payBefore: order.payBefore,
  };
}
