import { z } from 'zod';
import { queryDay } from './date-schemas.js';
import { PaymentMethod } from './enums.js';
import { BillKind } from './order-values.js';
import { PagedRequestSchema } from './paging.js';

/**
 * Store reconciliation (/store/finance). Days are business days (YYYY-MM-DD in the business time
 * zone), both ends included; money is yuan on the wire, integer fen in the database. Payments and
 * supplements are money in, refunds money out.
 */

/** The longest range one call may ask for, in days (a leap year). */
export const FINANCE_MAX_RANGE_DAYS = 366;

/** The methods every summary lists, in this order, even when nothing was paid that way. */
export const FINANCE_METHODS = [
  PaymentMethod.Cash,
  PaymentMethod.WeChat,
  PaymentMethod.Alipay,
] as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function financeRangeDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/**
 * What is wrong with a range of two real YYYY-MM-DD days (the schemas check that much), if
 * anything: the server answers 400 for these.
 */
export function financeRangeProblem(from: string, to: string): 'fromAfterTo' | 'tooLong' | null {
  const days = financeRangeDays(from, to);
  if (days < 1) return 'fromAfterTo';
  if (days > FINANCE_MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

export const FinanceRangeQuerySchema = z.object({
  /** One store; none = every store (super admin only; other staff always get their own). */
  storeId: z.uuid().optional(),
  from: queryDay(),
  to: queryDay(),
});
export type FinanceRangeQuery = z.input<typeof FinanceRangeQuerySchema>;

export const FinanceBillsQuerySchema = PagedRequestSchema.extend(FinanceRangeQuerySchema.shape);
export type FinanceBillsQuery = z.input<typeof FinanceBillsQuerySchema>;

const Yuan = z.number();
const Count = z.number().int();

export const FinanceMethodTotalsSchema = z.object({
  /** 'cash' | 'wechat' | 'alipay' (another method the records hold is listed after those). */
  method: z.string(),
  payments: Yuan,
  paymentCount: Count,
  refunds: Yuan,
  refundCount: Count,
  net: Yuan,
});
export type FinanceMethodTotals = z.infer<typeof FinanceMethodTotalsSchema>;

export const FinanceDaySchema = z.object({
  date: z.iso.date(),
  payments: Yuan,
  refunds: Yuan,
  net: Yuan,
});
export type FinanceDay = z.infer<typeof FinanceDaySchema>;

const CountAmountSchema = z.object({ count: Count, amount: Yuan });

export const FinanceSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** The store summed up; null = every store. */
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  byMethod: z.array(FinanceMethodTotalsSchema),
  totals: z.object({ payments: Yuan, refunds: Yuan, net: Yuan }),
  /** Deposits of orders whose gear is booked or out and whose payment is in (now, not by date). */
  depositsHeld: Yuan,
  depositsHeldOrders: Count,
  /** Payments and supplements still to collect (now, not by date). */
  awaiting: CountAmountSchema,
  /** Refunds still to give back (now, not by date). */
  refundsOwed: CountAmountSchema,
  /** One row per day of the range, days without money included. */
  daily: z.array(FinanceDaySchema),
});
export type FinanceSummary = z.infer<typeof FinanceSummarySchema>;

export const FinanceBillSchema = z.object({
  billId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  kind: z.enum([BillKind.Payment, BillKind.Supplement, BillKind.Refund]),
  method: z.string().nullable(),
  /** Yuan, always positive; the kind says which way it went. */
  amount: Yuan,
  paidAt: z.string(),
  confirmedByName: z.string().nullable(),
  storeName: z.string(),
  /** The bill's receipt number (null only for a bill settled before receipts were numbered). */
  receiptNo: z.string().nullable(),
});
export type FinanceBill = z.infer<typeof FinanceBillSchema>;

/**
 * `GET /api/app/finance/agents`: what each agent's orders placed in the range earned and the
 * commission on it, counted exactly as the agent's own page counts them (rent and fees kept,
 * never the deposit, less refunds), for one store or every store.
 */
export const FinanceAgentSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  orders: Count,
  paidOrders: Count,
  revenue: Yuan,
  commission: Yuan,
});
export type FinanceAgent = z.infer<typeof FinanceAgentSchema>;

export const FinanceAgentsSchema = z.object({
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Percent of revenue, the business's one rate. */
  commissionRate: z.number(),
  agents: z.array(FinanceAgentSchema),
  totals: z.object({ orders: Count, paidOrders: Count, revenue: Yuan, commission: Yuan }),
});
export type FinanceAgents = z.infer<typeof FinanceAgentsSchema>;
