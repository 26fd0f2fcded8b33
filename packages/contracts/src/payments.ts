import { z } from 'zod';
import { FeeItemKind, PaymentMethod } from './enums.js';
import { RentalSummarySchema } from './rental-summary.js';

/** Online methods; cash is confirmed by staff (`confirm-cash-received`). */
export const OnlineMethod = { WeChat: PaymentMethod.WeChat, Alipay: PaymentMethod.Alipay } as const;
export type OnlineMethod = (typeof OnlineMethod)[keyof typeof OnlineMethod];
const ONLINE_METHODS = [OnlineMethod.WeChat, OnlineMethod.Alipay] as const;

/**
 * How the payer pays: `jsapi` the pay sheet inside WeChat, `h5` a mobile browser sent to the
 * provider and back, `native` a QR code the customer scans at the counter.
 */
export const PayChannel = { Jsapi: 'jsapi', H5: 'h5', Native: 'native' } as const;
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel];
const CHANNELS = [PayChannel.Jsapi, PayChannel.H5, PayChannel.Native] as const;

export const PaymentProviderName = {
  Sandbox: 'sandbox',
  WeChatPay: 'wechatpay',
  Alipay: 'alipay',
} as const;
export type PaymentProviderName = (typeof PaymentProviderName)[keyof typeof PaymentProviderName];

/** Start paying a bill online. */
export const PaymentCreateSchema = z.object({
  billId: z.uuid(),
  method: z.enum(ONLINE_METHODS),
  channel: z.enum(CHANNELS),
  /**
   * Where the browser comes back to after an H5 payment: a path on this site. No '//' start and
   * no backslash, which browsers read as '/': either would make it an address on another site.
   */
  returnPath: z
    .string()
    .regex(/^\/(?!\/)[^\s\\\p{C}]*$/u, 'a path on this site, starting with one /')
    .max(300)
    .optional(),
});
export type PaymentCreate = z.infer<typeof PaymentCreateSchema>;

export const PaymentActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({ type: z.literal('qr'), codeUrl: z.string() }),
  z.object({
    type: z.literal('jsapi'),
    params: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    }),
  }),
]);
export type PaymentAction = z.infer<typeof PaymentActionSchema>;

/** One attempt to pay a bill online, and what the payer does next. */
export const PaymentAttemptSchema = z.object({
  paymentId: z.string(),
  billId: z.string(),
  orderId: z.string(),
  method: z.enum(ONLINE_METHODS),
  channel: z.enum(CHANNELS),
  provider: z.enum([
    PaymentProviderName.Sandbox,
    PaymentProviderName.WeChatPay,
    PaymentProviderName.Alipay,
  ]),
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed', 'closed']),
  /** The bill's own status: paid (perhaps another way, e.g. cash) ends the wait too. */
  billStatus: z.enum(['pending', 'paid', 'cancelled']),
  action: PaymentActionSchema,
  expiresAt: z.string(),
});
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

/**
 * What is due on an order, for the payment pages. The customer's may be opened without signing
 * in, from a link or QR code, by anyone who holds it: they get what paying needs (the amount,
 * what it is for, the store, the status). The customer's name, the addresses, the riders' names
 * and the order's QR share key go only to the order's customer and its store's staff; the phone
 * number to nobody.
 */
export const CheckoutSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  orderStatus: z.number().int(),
  /** Null for anyone but the order's customer and its store's staff. */
  customerName: z.string().nullable(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  feeItems: z.array(
    z.object({
      kind: z.enum(Object.values(FeeItemKind) as [FeeItemKind, ...FeeItemKind[]]),
      amount: z.number(),
      description: z.string(),
    }),
  ),
  due: z.array(
    z.object({ billId: z.string(), kind: z.enum(['payment', 'supplement']), amount: z.number() }),
  ),
  dueAmount: z.number(),
  /** Cash always; WeChat Pay and Alipay when the store's business parameters enable them. */
  methods: z.array(z.enum([PaymentMethod.Cash, ...ONLINE_METHODS])),
  /** Online methods served by the sandbox cashier (no real money moves). */
  sandbox: z.array(z.enum(ONLINE_METHODS)),
  /** An unpaid order is released at this time (the store's order-timeout hours); null otherwise. */
  payBefore: z.string().nullable(),
  /**
   * The share key of the order's QR page (the code shown at the store to pick the gear up), where
   * the customer lands once the order is paid: null for anyone but the order's customer and its
   * store's staff.
   */
  qrToken: z.string().nullable(),
  /** The caller is the order's customer: once paid, they land on their order, not its QR page. */
  isMine: z.boolean(),
  /** What the order is for, line by line, as the booking's confirm step showed it. */
  summary: RentalSummarySchema,
  /**
   * Cash on delivery (货到付款): 'offered' while an unpaid delivery order of a store that takes it
   * may choose to pay at the door; 'chosen' once it did (the driver collects what is due).
   */
  payAtDoor: z.enum(['offered', 'chosen']).nullable(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  method: z.enum(ONLINE_METHODS),
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** A refund bill sent back the way the money came, and how far it got. */
export const RefundOnlineResultSchema = z.object({
  billId: z.string(),
  orderId: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  amount: z.number(),
  refunds: z.array(RefundSchema),
});
export type RefundOnlineResult = z.infer<typeof RefundOnlineResultSchema>;
