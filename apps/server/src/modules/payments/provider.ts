/**
 * The one interface every payment provider implements (sandbox, WeChat Pay, Alipay). The payments
 * service speaks only to this; each adapter turns it into its provider's protocol. Amounts are
 * integer fen throughout; an adapter converts where its provider wants yuan.
 */

export type ProviderName = 'sandbox' | 'wechatpay' | 'alipay';

/**
 * How the payer pays:
 * - `jsapi`: inside WeChat, the pay sheet opened by the page (WeChat Pay only; needs the openid);
 * - `h5`: a mobile browser outside WeChat is sent to the provider's page and back;
 * - `native`: a QR code the customer scans with their own phone at the counter.
 */
export type PayChannel = 'jsapi' | 'h5' | 'native';

/** What the client does next to pay. */
export type PaymentAction =
  | { type: 'redirect'; url: string }
  | { type: 'qr'; codeUrl: string }
  | {
      type: 'jsapi';
      /** The arguments of WeixinJSBridge 'getBrandWCPayRequest', signed by the merchant. */
      params: {
        appId: string;
        timeStamp: string;
        nonceStr: string;
        package: string;
        signType: 'RSA';
        paySign: string;
      };
    };

export interface CreatePaymentInput {
  /** Our id of this attempt (letters and digits, at most 32): the provider's out_trade_no. */
  outTradeNo: string;
  amountFen: number;
  /** Shown to the payer, e.g. '雪具租赁 202611210001'. */
  description: string;
  channel: PayChannel;
  /**
   * Where the provider posts its notification, and where the payer's browser comes back to after
   * an H5 payment: on PUBLIC_BASE_URL, which real providers require; only the sandbox in the
   * embedded demo gets paths relative to this server.
   */
  notifyUrl: string;
  returnUrl: string;
  /** The payer's openid for this merchant's app id (jsapi only). */
  openId?: string;
  /** The payer's address, which WeChat H5 requires. */
  clientIp: string;
  /** When the attempt stops being payable. */
  expiresAt: Date;
}

export type PaymentState = 'pending' | 'succeeded' | 'failed' | 'closed';

export interface PaymentQueryResult {
  state: PaymentState;
  /** The provider's own transaction number, once it has one. */
  providerTradeNo?: string;
  /** What the provider says was paid, in fen, once paid. */
  amountFen?: number;
}

/** A notification whose signature has been verified and whose content has been decoded. */
export interface PaymentNotification {
  outTradeNo: string;
  state: PaymentState;
  amountFen: number;
  providerTradeNo: string;
  /** The merchant and app the provider says the payment was made to (checked against ours). */
  merchantId?: string;
  appId?: string;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (signatures cover the raw bytes). */
  rawBody: string;
}

/** What the provider expects back from a notification. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundInput {
  /** The payment attempt refunded (its out_trade_no). */
  outTradeNo: string;
  /** Our id of this refund: the provider's out_refund_no (idempotent at the provider). */
  outRefundNo: string;
  refundFen: number;
  /** What the original payment was, in fen (WeChat wants both). */
  totalFen: number;
  reason: string;
  notifyUrl: string;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

export interface RefundResult {
  state: RefundState;
  providerRefundNo?: string;
}

/**
 * A provider's signature or content did not check out. The route answers the provider's failure
 * shape, logs it, and changes nothing.
 */
export class NotificationRejected extends Error {
  override name = 'NotificationRejected';
}

/** The provider answered with an error (a refusal, or a response whose signature failed). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The channels this provider can pay through. */
  readonly channels: readonly PayChannel[];
  createPayment(input: CreatePaymentInput): Promise<PaymentAction>;
  /** Asks the provider for the state of an attempt (for a late notification). */
  queryPayment(outTradeNo: string): Promise<PaymentQueryResult>;
  /** Verifies and decodes a notification; throws NotificationRejected when it does not verify. */
  parseNotification(request: NotificationRequest): Promise<PaymentNotification>;
  acknowledge(ok: boolean, message?: string): NotificationAck;
  /** Refunds part or all of a paid attempt to the route it was paid by. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Asks the provider for the state of a refund still in progress. */
  queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundResult>;
}
