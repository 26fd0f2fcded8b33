import { z } from 'zod';
import { FeeItemKind } from './enums.js';
import { BillKind } from './order-values.js';

/**
 * An order's receipt (issue 36 §5): what the store took and gave back, bill by settled bill.
 * `GET /api/app/orders/:id/receipt` for the order's staff and customer, and
 * `GET /api/app/orders/qr/:orderNumber/receipt?k=` for them or whoever holds the order's share
 * key (the QR page's link). Money in yuan; times ISO, to be read in `timeZone`.
 */
const Yuan = z.number();

export const ReceiptLineSchema = z.object({
  /** The gear as the order names it (the item's name, else its kind). */
  name: z.string(),
  sizeLabel: z.string(),
  /** The item's label, once an item is bound (null: booked by kind only). */
  barcodeNumber: z.string().nullable(),
  packName: z.string(),
  dailyPrice: Yuan,
  days: z.number().int(),
  rent: Yuan,
  deposit: Yuan,
  /**
   * The person the line is for (a group order's member), for the order's customer and staff;
   * null for a line for no one, and for whoever only holds the share key.
   */
  riderName: z.string().nullable().default(null),
});
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

export const ReceiptFeeSchema = z.object({
  kind: z.enum(Object.values(FeeItemKind) as [FeeItemKind, ...FeeItemKind[]]),
  description: z.string(),
  /** Negative for a discount. */
  amount: Yuan,
  reason: z.string(),
});
export type ReceiptFee = z.infer<typeof ReceiptFeeSchema>;

export const ReceiptBillSchema = z.object({
  id: z.string(),
  receiptNo: z.string(),
  kind: z.enum([BillKind.Payment, BillKind.Supplement, BillKind.Refund]),
  /** Always positive: the kind says which way the money went. */
  amount: Yuan,
  /** cash, wechat, alipay … (null: not recorded). */
  method: z.string().nullable(),
  paidAt: z.string(),
  /**
   * Who confirmed it: a name for the store's staff, the role for anyone else ('门店店员'); null
   * when no one did (paid online, or closed by the system).
   */
  confirmedBy: z.string().nullable(),
});
export type ReceiptBill = z.infer<typeof ReceiptBillSchema>;

export const ReceiptSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** The order's share key (as on its QR page): `?k=` on the receipt's link opens it for anyone. */
  qrToken: z.string(),
  status: z.number().int(),
  storeName: z.string(),
  storeAddress: z.string(),
  storePhone: z.string(),
  /** The customer's name: for the order's staff and its customer only (null otherwise). */
  customerName: z.string().nullable(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  days: z.number().int(),
  /** The business time zone every time on the receipt is read in. */
  timeZone: z.string(),
  lines: z.array(ReceiptLineSchema),
  rent: Yuan,
  /**
   * How the rent came about, one entry per rent line that says more than a daily price × days
   * ("双板全套 · 3 天 ¥460（套餐价，比单租省 ¥162） · 春节 ×1.5（1 天）"), in the reader's language.
   */
  rentExplanations: z.array(z.string()).default([]),
  /** Fee lines beside rent and deposit: delivery, extension, damage, late fee, discounts … */
  fees: z.array(ReceiptFeeSchema),
  /** The order's total (rent + deposit + fees). */
  total: Yuan,
  /** The deposit the order holds. */
  depositHeld: Yuan,
  /** Of it, what has gone back to the customer so far. */
  depositReturned: Yuan,
  /** Settled bills, oldest first: each is one receipt number. */
  bills: z.array(ReceiptBillSchema),
  /** Taken in (payments and supplements) and given back (refunds), settled only. */
  paid: Yuan,
  refunded: Yuan,
  /** When the last bill was settled. */
  issuedAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
