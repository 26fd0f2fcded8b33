import { z } from 'zod';
import { PlacedCartSchema } from './booking.js';
import { OrderCustomerNameSchema, OrderCustomerPhoneSchema } from './orders.js';
import { PagedRequestSchema } from './paging.js';
import { RentalSummarySchema } from './rental-summary.js';
import { multiLineText, singleLineText } from './text-schemas.js';

/** How long a referral counts once a customer opened the agent's link (days). */
export const REFERRAL_TTL_DAYS = 30;
/** Referral codes: 8 characters, letters and digits that cannot be misread. */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

/** An agent's referral: bookings made through `path` (on the product's own site) carry them. */
export const AgentReferralSchema = z.object({ code: z.string(), path: z.string() });
export type AgentReferral = z.infer<typeof AgentReferralSchema>;

export const AGENT_PERIODS = ['day', 'week', 'season'] as const;
export type AgentPeriod = (typeof AGENT_PERIODS)[number];
export const AgentPerformanceQuerySchema = z.object({
  period: z.enum(AGENT_PERIODS).default('week'),
});

/**
 * An agent's business over a period (today, the last 7 days, or the ski season since 1 November):
 * orders placed, revenue of those the customer paid for (not cancelled), and the commission at
 * the business's rate; `series` is the chart (one bar a day, or a week for the season).
 */
export const AgentPerformanceSchema = z.object({
  period: z.enum(AGENT_PERIODS),
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  paidOrders: z.number().int(),
  revenue: z.number(),
  commissionRate: z.number(),
  commission: z.number(),
  series: z.array(
    z.object({
      from: z.string(),
      label: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
    }),
  ),
});
export type AgentPerformance = z.infer<typeof AgentPerformanceSchema>;

export const AgentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  storeName: z.string(),
  status: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  totalAmount: z.number(),
  /** The deposit within the total (refundable: the agent reads the order without it). */
  deposit: z.number(),
  /** What the order costs apart from the deposit: rent and fees (yuan). */
  amount: z.number(),
  createdAt: z.string(),
});
export type AgentOrder = z.infer<typeof AgentOrderSchema>;

/**
 * One of the agent's orders opened from their list: what it is for. Riders' names and addresses
 * only on an order the agent booked for the customer (a customer who came by the agent's link
 * keeps them to themselves).
 */
export const AgentOrderDetailSchema = AgentOrderSchema.extend({
  remarks: z.string(),
  summary: RentalSummarySchema,
});
export type AgentOrderDetail = z.infer<typeof AgentOrderDetailSchema>;

/** The customers an agent brought: each phone once, with their orders and what they spent. */
export const AgentCustomerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
  lastOrderAt: z.string(),
});
export type AgentCustomer = z.infer<typeof AgentCustomerSchema>;

export const AgentListQuerySchema = PagedRequestSchema;

/**
 * `POST /api/app/agent/orders` (AgentBusiness.OrderCreate): an agent books the cart for a customer.
 * The order is theirs, holds every line like a customer's booking, and waits Pending until the
 * store confirms it (then it is Unpaid, for the customer to pay) or declines it.
 */
export const AgentOrderCreateSchema = z.object({
  cart: PlacedCartSchema,
  customerName: OrderCustomerNameSchema,
  customerPhone: OrderCustomerPhoneSchema,
  /** A note for the store (hotel, arrival, anything the counter should know). */
  remarks: multiLineText({ max: 200 }).default(''),
});
export type AgentOrderCreate = z.input<typeof AgentOrderCreateSchema>;

/** `POST /api/app/agent/orders/{id}/withdraw`: the agent takes back an order not yet confirmed. */
export const AgentOrderWithdrawSchema = z.object({
  reason: singleLineText({ max: 200 }).default(''),
});
