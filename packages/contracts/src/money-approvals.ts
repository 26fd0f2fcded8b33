import { z } from 'zod';
import { bookingTime } from './date-schemas.js';
import { bookingRangeProblem, DateIssue } from './dates.js';
import { FeeItemKind, OrderStatus } from './enums.js';
import { MONEY_MAX } from './numbers.js';
import { decimalInput } from './number-schemas.js';
import { OrderItemInputSchema } from './order-item-input.js';
import { ORDER_ITEMS_MAX } from './order-values.js';
import { CounterRiderSchema } from './rider-schemas.js';
import { singleLineText } from './text-schemas.js';
import { PERSON_NAME_MAX } from './riders.js';
import { DEFAULT_MAX_STAFF_DISCOUNT_PERCENT } from './business-parameters.js';
import { ValidationCode } from './validation-codes.js';

/**
 * Money a clerk changes by hand (a discount, an ad-hoc fee, a goodwill refund) and the manager's
 * approval it needs beyond the clerk's limit: a percent of the order's rent (business parameter
 * MaxStaffDiscountPercent). Store managers and the super admin are not limited.
 */

/** What an approval allows. */
export const MoneyApprovalKind = {
  Discount: 'discount',
  Fee: 'fee',
  Refund: 'refund',
} as const;
export type MoneyApprovalKind = (typeof MoneyApprovalKind)[keyof typeof MoneyApprovalKind];

export const MoneyApprovalStatus = {
  Pending: 'pending',
  Approved: 'approved',
  Refused: 'refused',
  Used: 'used',
} as const;
export type MoneyApprovalStatus = (typeof MoneyApprovalStatus)[keyof typeof MoneyApprovalStatus];

/** An approval given on the manager's phone allows one change within this many minutes. */
export const MONEY_APPROVAL_FRESH_MINUTES = 30;

/** Longest reason for a change of money (or for refusing one). */
export const MONEY_REASON_MAX = 200;

/** The clerk's limit as a percent (0–100) from the parameter's text; blank or nonsense: the default. */
export function staffDiscountPercent(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) return DEFAULT_MAX_STAFF_DISCOUNT_PERCENT;
  return Math.min(100, Math.max(0, n));
}

/** The most a clerk gives alone (fen): the percent of the base (the rent), rounded down. */
export function staffLimitFen(baseFen: number, percent: number): number {
  return Math.floor((Math.max(0, baseFen) * percent) / 100);
}

const reason = singleLineText({ max: MONEY_REASON_MAX, required: ValidationCode.ReasonRequired });
/** Yuan above zero, at most two decimals. */
const positiveMoney = () =>
  decimalInput(
    z
      .number()
      .min(0.01, ValidationCode.AmountRequired)
      .max(MONEY_MAX, ValidationCode.AmountTooLarge)
      .multipleOf(0.01),
  );

/**
 * A manager signs in on the clerk's phone to allow one change: checked like a sign-in (and
 * counted against the same limits), but no session is made for them.
 */
export const ManagerApprovalSchema = z.object({
  userName: z.string().trim().min(1, ValidationCode.UserNameRequired).max(256),
  password: z.string().min(1, ValidationCode.PasswordRequired).max(128),
  reason,
});
export type ManagerApproval = z.infer<typeof ManagerApprovalSchema>;

/** How a change beyond the clerk's limit is allowed: a manager here, or their approval's id. */
export const ApprovalFieldsSchema = z.object({
  approval: ManagerApprovalSchema.optional(),
  approvalId: z.uuid().optional(),
});

/**
 * An order not yet created at the counter, as far as its price goes: its lines (items, or kinds
 * with their sizes) and its rental window, and whom it is for. The server prices the lines as it
 * will price the order, so the approval names the rent the order will have.
 */
export const MoneyApprovalDraftSchema = z
  .object({
    customerName: singleLineText({ max: PERSON_NAME_MAX }).default(''),
    rentalStartTime: bookingTime(),
    rentalEndTime: bookingTime(),
    items: z
      .array(OrderItemInputSchema)
      .min(1, ValidationCode.ItemsRequired)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyItems),
    /** The order's people, as `create` gets them: a junior rider's line is priced on the junior card. */
    riders: z
      .array(CounterRiderSchema)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyRiders)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const problem = bookingRangeProblem(v.rentalStartTime, v.rentalEndTime);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message:
          problem === DateIssue.EndBeforeStart ? ValidationCode.RentalEndBeforeStart : problem,
        path: ['rentalEndTime'],
      });
    }
  });
export type MoneyApprovalDraft = z.input<typeof MoneyApprovalDraftSchema>;

/**
 * A clerk asks a manager to approve on their own phone. What the amount is measured against (the
 * rent) is never the caller's to say: the server reads it from the order, or prices the draft of
 * an order still being created (a discount only), and the approval allows exactly that amount on
 * exactly that rent.
 */
export const MoneyApprovalRequestSchema = z
  .object({
    storeId: z.uuid(),
    kind: z.enum([MoneyApprovalKind.Discount, MoneyApprovalKind.Fee, MoneyApprovalKind.Refund]),
    amount: positiveMoney(),
    reason,
    /** The order it concerns. */
    orderId: z.uuid().optional(),
    /** Instead, for a discount on an order still being created: its lines and window. */
    draft: MoneyApprovalDraftSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const forDraft = v.kind === MoneyApprovalKind.Discount && !v.orderId;
    if (forDraft ? !v.draft : !v.orderId || v.draft) {
      ctx.addIssue({
        code: 'custom',
        message: ValidationCode.ApprovalOrderRequired,
        path: [forDraft ? 'draft' : 'orderId'],
      });
    }
  });
export type MoneyApprovalRequest = z.input<typeof MoneyApprovalRequestSchema>;

/** A manager's answer; a refusal says why (an approval may leave the clerk's reason as it is). */
export const MoneyApprovalDecisionSchema = z
  .object({
    approve: z.boolean(),
    reason: singleLineText({ max: MONEY_REASON_MAX }).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason) {
      ctx.addIssue({ code: 'custom', message: ValidationCode.ReasonRequired, path: ['reason'] });
    }
  });
export type MoneyApprovalDecision = z.input<typeof MoneyApprovalDecisionSchema>;

export const MoneyApprovalListQuerySchema = z.object({
  storeId: z.uuid().optional(),
});

export const MoneyApprovalSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  kind: z.string(),
  /** The discount, fee or refund approved (yuan): the change must be exactly this. */
  amount: z.number(),
  /** The order's rent as the server priced it when asked (yuan): the change's must be the same. */
  base: z.number(),
  /** The amount as a percent of the base (null when there is no base). */
  percent: z.number().nullable(),
  /** Whom the order is for, as it was when asked. */
  customerName: z.string(),
  /** The order's rent lines when asked (gear × days), in the reader's language. */
  gear: z.array(z.string()),
  /** The clerk's reason; once decided, the reason the manager gave (or kept). */
  reason: z.string(),
  status: z.enum([
    MoneyApprovalStatus.Pending,
    MoneyApprovalStatus.Approved,
    MoneyApprovalStatus.Refused,
    MoneyApprovalStatus.Used,
  ]),
  /** Asked or approved more than MONEY_APPROVAL_FRESH_MINUTES ago: it allows nothing any more. */
  expired: z.boolean(),
  requestedByName: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MoneyApproval = z.infer<typeof MoneyApprovalSchema>;

/** Fee kinds a clerk adds by hand to an existing order. */
export const AD_HOC_FEE_KINDS = [
  FeeItemKind.CleaningFee,
  FeeItemKind.DamageFee,
  FeeItemKind.Other,
] as const;

/** An ad-hoc fee on an existing order (a forgotten helmet, cleaning): a fee line and its bill. */
export const OrderFeeAddSchema = ApprovalFieldsSchema.extend({
  kind: z.enum(AD_HOC_FEE_KINDS),
  amount: positiveMoney(),
  reason,
});
export type OrderFeeAdd = z.input<typeof OrderFeeAddSchema>;

/** Money given back out of goodwill: never more than the rent paid, never the deposit. */
export const GoodwillRefundSchema = ApprovalFieldsSchema.extend({
  amount: positiveMoney(),
  reason,
});
export type GoodwillRefund = z.input<typeof GoodwillRefundSchema>;

/** Until the order is settled and closed a fee may be added (its bill follows). */
export const FEE_ADDABLE_STATUSES: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
];

/** A goodwill refund gives back rent that was paid: from payment until the order is closed. */
export const GOODWILL_REFUND_STATUSES: readonly number[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
];
