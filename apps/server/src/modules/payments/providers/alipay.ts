import { createPrivateKey } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult, type IRequestParams } from 'alipay-sdk';
import {
  NotificationRejected,
  ProviderError,
  type CreatePaymentInput,
  type NotificationAck,
  type NotificationRequest,
  type PayChannel,
  type PaymentAction,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentQueryResult,
  type PaymentState,
  type RefundInput,
  type RefundResult,
} from '../provider.js';

/**
 * Alipay's classic gateway (OpenAPI 2.0, RSA2 in "public key" mode): wap pay for a mobile browser,
 * precreate for a QR code at the counter. The official SDK signs requests and verifies responses
 * and notifications; this adapter only shapes the calls and reads the answers.
 */
export interface AlipayConfig {
  appId: string;
  /** Our application private key, PEM, PKCS1 or PKCS8. */
  privateKey: string;
  /** Alipay's public key for this app, PEM. */
  alipayPublicKey: string;
  /** Default https://openapi.alipay.com/gateway.do, set by the caller. */
  gateway: string;
}

const TRADE_STATES: Record<string, PaymentState> = {
  TRADE_SUCCESS: 'succeeded',
  TRADE_FINISHED: 'succeeded',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'closed',
};

/** Integer fen to Alipay's yuan string ('0.01'), by digits so no float rounding creeps in. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new ProviderError(`not an amount in fen: ${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Alipay's yuan string to integer fen; undefined for anything that is not a plain amount. */
export function yuanToFen(yuan: unknown): number | undefined {
  if (typeof yuan !== 'string') return undefined;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Alipay reads time_expire as Beijing time, which has no daylight saving. */
function shanghaiTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The SDK rebuilds the PEM around the key with the header it is told, so it must be told right. */
function privateKeyType(pem: string): 'PKCS1' | 'PKCS8' {
  if (pem.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (pem.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  // Alipay's key tool hands out bare base64; try it as PKCS8 DER.
  try {
    createPrivateKey({ key: Buffer.from(pem, 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function refusal(method: string, result: AlipaySdkCommonResult): ProviderError {
  const detail = [result.sub_code, result.sub_msg].filter(Boolean).join(': ');
  return new ProviderError(
    `Alipay ${method} refused (${result.code} ${result.msg}${detail ? `; ${detail}` : ''})`,
    result.sub_code ?? result.code,
  );
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly channels: readonly PayChannel[] = ['h5', 'native'];
  // Private so that logging or serialising the provider never shows the SDK's copy of the key.
  readonly #sdk: AlipaySdk;

  constructor(config: AlipayConfig) {
    this.#sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey,
      keyType: privateKeyType(config.privateKey),
      alipayPublicKey: config.alipayPublicKey,
      gateway: config.gateway,
      signType: 'RSA2',
      // Keep Alipay's snake_case keys: they are the names in Alipay's documentation.
      camelcase: false,
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    const bizContent = {
      out_trade_no: input.outTradeNo,
      total_amount: fenToYuan(input.amountFen),
      subject: input.description,
      time_expire: shanghaiTime(input.expiresAt),
    };
    switch (input.channel) {
      case 'h5': {
        try {
          const url = this.#sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
            bizContent: { ...bizContent, product_code: 'QUICK_WAP_WAY', quit_url: input.returnUrl },
            notify_url: input.notifyUrl,
            return_url: input.returnUrl,
          });
          return { type: 'redirect', url };
        } catch (error) {
          throw new ProviderError(`Alipay wap pay could not be signed: ${messageOf(error)}`);
        }
      }
      case 'native': {
        const method = 'alipay.trade.precreate';
        const result = await this.#exec(method, { notify_url: input.notifyUrl, bizContent });
        if (result.code !== '10000') throw refusal(method, result);
        if (typeof result.qr_code !== 'string')
          throw new ProviderError(`${method} gave no qr_code`);
        return { type: 'qr', codeUrl: result.qr_code };
      }
      case 'jsapi':
        throw new ProviderError('Alipay cannot pay through jsapi', 'UNSUPPORTED_CHANNEL');
    }
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const method = 'alipay.trade.query';
    const result = await this.#exec(method, { bizContent: { out_trade_no: outTradeNo } });
    // A wap trade exists at Alipay only once the payer has opened the cashier page.
    if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'pending' };
    if (result.code !== '10000') throw refusal(method, result);
    const state = TRADE_STATES[String(result.trade_status)];
    if (!state)
      throw new ProviderError(`${method} gave trade_status ${String(result.trade_status)}`);
    const providerTradeNo = typeof result.trade_no === 'string' ? result.trade_no : undefined;
    if (state !== 'succeeded') return { state, providerTradeNo };
    const amountFen = yuanToFen(result.total_amount);
    if (amountFen === undefined) throw new ProviderError(`${method} gave an unreadable amount`);
    return { state, providerTradeNo, amountFen };
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const params = new URLSearchParams(request.rawBody);
    const fields: Record<string, string> = {};
    for (const [key, value] of params) {
      // One value per name is all Alipay sends; a repeated one would be read differently by us
      // and by the signature check.
      if (key in fields) throw new NotificationRejected(`field ${key} appears twice`);
      fields[key] = value;
    }
    if (!fields.sign) throw new NotificationRejected('notification has no signature');
    // RSA (SHA-1) would be a downgrade; our app is set up for RSA2 only.
    if (fields.sign_type !== 'RSA2') throw new NotificationRejected('sign_type is not RSA2');
    let verified: boolean;
    try {
      // V2: URLSearchParams already decoded the values, which is what Alipay signed.
      verified = this.#sdk.checkNotifySignV2(fields);
    } catch {
      verified = false;
    }
    if (!verified) throw new NotificationRejected('signature does not verify');

    const state = TRADE_STATES[fields.trade_status ?? ''];
    if (!state) throw new NotificationRejected(`unknown trade_status ${fields.trade_status}`);
    const amountFen = yuanToFen(fields.total_amount);
    if (amountFen === undefined) throw new NotificationRejected('total_amount is not an amount');
    if (!fields.out_trade_no || !fields.trade_no)
      throw new NotificationRejected('out_trade_no or trade_no missing');
    return {
      outTradeNo: fields.out_trade_no,
      state,
      amountFen,
      providerTradeNo: fields.trade_no,
      appId: fields.app_id,
    };
  }

  acknowledge(ok: boolean): NotificationAck {
    // Alipay keeps retrying (for about a day) until it reads exactly 'success'.
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const method = 'alipay.trade.refund';
    const result = await this.#exec(method, {
      bizContent: {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.refundFen),
        out_request_no: input.outRefundNo,
        refund_reason: input.reason,
      },
    });
    if (result.code !== '10000') throw refusal(method, result);
    if (result.fund_change === 'Y') return { state: 'succeeded' };
    // 'N' also answers a repeat of a refund already made, so only the query can tell.
    return this.queryRefund(input.outRefundNo, input.outTradeNo);
  }

  async queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundResult> {
    const method = 'alipay.trade.fastpay.refund.query';
    const result = await this.#exec(method, {
      bizContent: { out_trade_no: outTradeNo, out_request_no: outRefundNo },
    });
    if (result.code !== '10000') throw refusal(method, result);
    return { state: result.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'pending' };
  }

  /** Calls the gateway with the response signature checked; a transport or signature failure throws. */
  async #exec(method: string, params: IRequestParams): Promise<AlipaySdkCommonResult> {
    try {
      return await this.#sdk.exec(method, params, { validateSign: true });
    } catch (error) {
      throw new ProviderError(`Alipay ${method} failed: ${messageOf(error)}`, 'GATEWAY_ERROR');
    }
  }
}
