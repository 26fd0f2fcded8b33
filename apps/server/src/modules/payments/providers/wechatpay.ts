import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa, Wechatpay, type Decorator } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import {
  NotificationRejected,
  ProviderError,
  type CreatePaymentInput,
  type NotificationAck,
  type NotificationRequest,
  type PaymentAction,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentQueryResult,
  type PaymentState,
  type RefundInput,
  type RefundResult,
  type RefundState,
} from '../provider.js';

/** WeChat Pay API v3 for a direct (non-partner) merchant. */
export interface WeChatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  merchantSerialNo: string;
  /** PEM. */
  merchantPrivateKey: string;
  /** 32 characters. */
  apiV3Key: string;
  /** Platform certificate serial, or the WeChat Pay public-key id. */
  platformSerial: string;
  /** PEM. */
  platformPublicKey: string;
  /** Normally https://api.mch.weixin.qq.com; the caller decides. */
  baseUrl: string;
}

/** WeChat refuses a notification or response older than this (and so do we). */
const MAX_CLOCK_SKEW_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

const errorBody = z.object({ code: z.string(), message: z.string().optional() });
/** Just the parts of an AxiosError we look at, so nothing untyped escapes. */
const axiosFailure = z.object({
  code: z.string().optional(),
  response: z.object({ status: z.number(), data: z.unknown() }).optional(),
});
const transaction = z.object({
  trade_state: z.string(),
  transaction_id: z.string().optional(),
  amount: z.object({ total: z.number().int().optional() }).optional(),
});
const notifiedTransaction = z.object({
  out_trade_no: z.string(),
  transaction_id: z.string(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int() }),
  mchid: z.string(),
  appid: z.string(),
});
const notificationEnvelope = z.object({
  event_type: z.string(),
  resource: z.object({
    original_type: z.string(),
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});
const refundAnswer = z.object({ status: z.string(), refund_id: z.string().optional() });

function tradeStateToPaymentState(tradeState: string): PaymentState {
  switch (tradeState) {
    case 'SUCCESS':
    case 'REFUND': // refunded afterwards: it was paid
      return 'succeeded';
    case 'CLOSED':
    case 'REVOKED':
      return 'closed';
    case 'PAYERROR':
      return 'failed';
    default: // NOTPAY, USERPAYING, and anything new WeChat invents: never take it as paid
      return 'pending';
  }
}

function refundState(status: string): RefundState {
  if (status === 'SUCCESS') return 'succeeded';
  if (status === 'CLOSED' || status === 'ABNORMAL') return 'failed';
  return 'pending';
}

/** WeChat wants seconds precision with an offset; Beijing time reads best in their console. */
function rfc3339Beijing(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function headerOf(headers: NotificationRequest['headers'], name: string): string {
  const wanted = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted);
  const value = entry?.[1];
  if (typeof value !== 'string' || value === '') throw new NotificationRejected(`missing ${name}`);
  return value;
}

export class WeChatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay' as const;
  readonly channels = ['jsapi', 'h5', 'native'] as const;
  // Private fields keep key material out of JSON.stringify and util.inspect of the provider.
  readonly #client: Decorator;
  readonly #merchantKey: KeyObject;
  readonly #platformKey: KeyObject;
  readonly #apiV3Key: Buffer;
  readonly #mchId: string;
  readonly #appId: string;
  readonly #platformSerial: string;

  constructor(config: WeChatPayConfig) {
    this.#apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
    if (this.#apiV3Key.length !== 32) throw new Error('WeChat Pay API v3 key must be 32 bytes');
    this.#merchantKey = createPrivateKey(config.merchantPrivateKey);
    this.#platformKey = createPublicKey(config.platformPublicKey);
    this.#mchId = config.mchId;
    this.#appId = config.appId;
    this.#platformSerial = config.platformSerial;
    this.#client = new Wechatpay({
      mchid: config.mchId,
      serial: config.merchantSerialNo,
      privateKey: config.merchantPrivateKey,
      certs: { [config.platformSerial]: this.#platformKey },
      baseURL: config.baseUrl,
      timeout: REQUEST_TIMEOUT_MS,
    }).client;
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    const order = {
      appid: this.#appId,
      mchid: this.#mchId,
      description: input.description,
      out_trade_no: input.outTradeNo,
      time_expire: rfc3339Beijing(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    switch (input.channel) {
      case 'jsapi': {
        if (!input.openId)
          throw new ProviderError('WeChat JSAPI pay needs the payer openid', 'NO_OPENID');
        const { prepay_id } = await this.#call(
          'POST',
          '/v3/pay/transactions/jsapi',
          z.object({ prepay_id: z.string() }),
          { ...order, payer: { openid: input.openId } },
        );
        return { type: 'jsapi', params: this.jsapiParams(prepay_id) };
      }
      case 'h5': {
        const { h5_url } = await this.#call(
          'POST',
          '/v3/pay/transactions/h5',
          z.object({ h5_url: z.string() }),
          { ...order, scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } } },
        );
        const separator = h5_url.includes('?') ? '&' : '?';
        return {
          type: 'redirect',
          url: `${h5_url}${separator}redirect_url=${encodeURIComponent(input.returnUrl)}`,
        };
      }
      case 'native': {
        const { code_url } = await this.#call(
          'POST',
          '/v3/pay/transactions/native',
          z.object({ code_url: z.string() }),
          order,
        );
        return { type: 'qr', codeUrl: code_url };
      }
    }
  }

  /** The getBrandWCPayRequest arguments, signed with the merchant key as WeChat's page expects. */
  jsapiParams(prepayId: string): Extract<PaymentAction, { type: 'jsapi' }>['params'] {
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = Formatter.nonce(32);
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(
      Formatter.joinedByLineFeed(this.#appId, timeStamp, nonceStr, pkg),
      this.#merchantKey,
    );
    return { appId: this.#appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.#mchId)}`;
    try {
      const answer = await this.#call('GET', path, transaction);
      return {
        state: tradeStateToPaymentState(answer.trade_state),
        ...(answer.transaction_id ? { providerTradeNo: answer.transaction_id } : {}),
        ...(answer.amount?.total !== undefined ? { amountFen: answer.amount.total } : {}),
      };
    } catch (error) {
      // WeChat only knows an order once prepay reached it; until then it is still ours to pay.
      if (error instanceof ProviderError && error.code === 'ORDER_NOT_EXIST')
        return { state: 'pending' };
      throw error;
    }
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const serial = headerOf(request.headers, 'Wechatpay-Serial');
    const timestamp = headerOf(request.headers, 'Wechatpay-Timestamp');
    const nonce = headerOf(request.headers, 'Wechatpay-Nonce');
    const signature = headerOf(request.headers, 'Wechatpay-Signature');
    if (serial !== this.#platformSerial) throw new NotificationRejected('unknown platform serial');
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Formatter.timestamp() - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS
    )
      throw new NotificationRejected('timestamp too far from now');
    const message = Formatter.response(timestamp, nonce, request.rawBody);
    if (!verifies(message, signature, this.#platformKey))
      throw new NotificationRejected('signature does not verify');

    const envelope = notificationEnvelope.safeParse(parseJson(request.rawBody));
    if (!envelope.success) throw new NotificationRejected('not a WeChat Pay notification');
    const { event_type, resource } = envelope.data;
    // Refund results are fetched with queryRefund, so REFUND.* events (sent when a refund names
    // this route as notify_url) are rejected, not half-handled: the route changes nothing, and
    // WeChat's retries of them are harmless.
    if (!event_type.startsWith('TRANSACTION.') || resource.original_type !== 'transaction')
      throw new NotificationRejected(`unexpected event ${event_type}`);
    if (resource.algorithm !== 'AEAD_AES_256_GCM')
      throw new NotificationRejected(`unexpected algorithm ${resource.algorithm}`);
    let plaintext: string;
    try {
      plaintext = Aes.AesGcm.decrypt(
        resource.ciphertext,
        this.#apiV3Key,
        resource.nonce,
        resource.associated_data ?? '',
      );
    } catch {
      throw new NotificationRejected('resource does not decrypt');
    }
    const decoded = notifiedTransaction.safeParse(parseJson(plaintext));
    if (!decoded.success) throw new NotificationRejected('resource is not a transaction');
    const t = decoded.data;
    return {
      outTradeNo: t.out_trade_no,
      state: tradeStateToPaymentState(t.trade_state),
      amountFen: t.amount.total,
      providerTradeNo: t.transaction_id,
      merchantId: t.mchid,
      appId: t.appid,
    };
  }

  acknowledge(ok: boolean, message = 'rejected'): NotificationAck {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message }),
        };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const answer = await this.#call('POST', '/v3/refund/domestic/refunds', refundAnswer, {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: input.reason,
      notify_url: input.notifyUrl,
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    return toRefundResult(answer);
  }

  async queryRefund(outRefundNo: string, _outTradeNo: string): Promise<RefundResult> {
    const path = `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`;
    return toRefundResult(await this.#call('GET', path, refundAnswer));
  }

  /** One signed call; the client verifies a 2xx answer's signature before we see the body. */
  async #call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    data?: object,
  ): Promise<T> {
    const what = `${method} ${path.split('?')[0]}`;
    let body: unknown;
    try {
      ({ data: body } = await this.#client.request<unknown>(path, method, data, {}));
    } catch (error) {
      throw toProviderError(error, what);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ProviderError(
        `WeChat Pay answered ${what} with an unexpected body`,
        'BAD_RESPONSE',
      );
    return parsed.data;
  }
}

function toRefundResult(answer: z.infer<typeof refundAnswer>): RefundResult {
  return {
    state: refundState(answer.status),
    ...(answer.refund_id ? { providerRefundNo: answer.refund_id } : {}),
  };
}

function verifies(message: string, signature: string, key: KeyObject): boolean {
  try {
    return Rsa.verify(message, signature, key);
  } catch {
    return false; // a malformed signature is just a wrong one
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Built from WeChat's answer or the failure's code only: the axios error itself carries the
 * request config (and with it the merchant key object), so it is neither wrapped nor attached.
 */
function toProviderError(error: unknown, what: string): ProviderError {
  const failure = axiosFailure.safeParse(error);
  const code = failure.success ? failure.data.code : undefined;
  const response = failure.success ? failure.data.response : undefined;
  if (code?.startsWith('EV3_RES_'))
    return new ProviderError(`WeChat Pay's answer to ${what} failed verification (${code})`, code);
  if (response) {
    const refusal = errorBody.safeParse(response.data);
    if (refusal.success) {
      const message = (refusal.data.message ?? '').slice(0, 200);
      return new ProviderError(
        `WeChat Pay refused ${what}: ${response.status} ${refusal.data.code} ${message}`.trim(),
        refusal.data.code,
      );
    }
    return new ProviderError(
      `WeChat Pay answered ${what} with HTTP ${response.status}`,
      'HTTP_ERROR',
    );
  }
  return new ProviderError(`WeChat Pay unreachable for ${what} (${code ?? 'network error'})`, code);
}
