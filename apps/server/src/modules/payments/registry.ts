import { createHmac } from 'node:crypto';
import type { OnlineMethod, PaymentProviderName } from '@snowgear/contracts';
import type { Settings } from '@/config/env.js';
import type { PaymentProvider } from './provider.js';
import { AlipayProvider } from './providers/alipay.js';
import { SandboxProvider } from './providers/sandbox.js';
import { WeChatPayProvider } from './providers/wechatpay.js';

/** The address a provider posts its notifications to, on our server. */
export const notifyPath = (provider: PaymentProviderName) => `/api/payments/notify/${provider}`;
export const cashierPath = (outTradeNo: string) =>
  `/api/payments/sandbox/cashier/${encodeURIComponent(outTradeNo)}`;

/**
 * Which provider serves each online method, from the settings: WeChat Pay and Alipay when their
 * credentials are set, else the sandbox cashier (when allowed), else the method is unavailable.
 */
export class PaymentProviders {
  readonly sandbox: SandboxProvider | null;
  private readonly wechatpay: WeChatPayProvider | null;
  private readonly alipay: AlipayProvider | null;
  /** Who the real providers must say a notification was for. */
  readonly expected: Partial<Record<PaymentProviderName, { merchantId?: string; appId?: string }>>;

  constructor(settings: Settings, secret: string) {
    this.sandbox = settings.PAYMENT_SANDBOX
      ? new SandboxProvider({
          key: createHmac('sha256', secret).update('payment-sandbox').digest(),
          cashierPath,
        })
      : null;
    const wechatAppId = settings.WECHATPAY_APP_ID ?? settings.WECHAT_APP_ID;
    this.wechatpay =
      settings.WECHATPAY_MCH_ID && wechatAppId
        ? new WeChatPayProvider({
            mchId: settings.WECHATPAY_MCH_ID,
            appId: wechatAppId,
            merchantSerialNo: settings.WECHATPAY_MERCHANT_SERIAL_NO ?? '',
            merchantPrivateKey: settings.WECHATPAY_MERCHANT_PRIVATE_KEY ?? '',
            apiV3Key: settings.WECHATPAY_API_V3_KEY ?? '',
            platformSerial: settings.WECHATPAY_PLATFORM_SERIAL ?? '',
            platformPublicKey: settings.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
            baseUrl: settings.WECHATPAY_BASE_URL,
          })
        : null;
    this.alipay = settings.ALIPAY_APP_ID
      ? new AlipayProvider({
          appId: settings.ALIPAY_APP_ID,
          privateKey: settings.ALIPAY_PRIVATE_KEY ?? '',
          alipayPublicKey: settings.ALIPAY_PUBLIC_KEY ?? '',
          gateway: settings.ALIPAY_GATEWAY,
        })
      : null;
    this.expected = {
      wechatpay: { merchantId: settings.WECHATPAY_MCH_ID, appId: wechatAppId },
      alipay: { appId: settings.ALIPAY_APP_ID },
    };
  }

  forMethod(method: OnlineMethod): PaymentProvider | null {
    return (method === 'wechat' ? this.wechatpay : this.alipay) ?? this.sandbox;
  }

  byName(name: string): PaymentProvider | null {
    if (name === 'sandbox') return this.sandbox;
    if (name === 'wechatpay') return this.wechatpay;
    if (name === 'alipay') return this.alipay;
    return null;
  }
}
