import { createHmac } from 'node:crypto';
import type { OnlineMethod, PaymentProviderName } from '@snowgear/contracts';
import type { Settings } from '@/config/env.js';
import type { Database } from '@/db/client.js';
import type { PaymentProvider } from './provider.js';
import type { AlipayProvider } from './providers/alipay.js';
import { SandboxProvider } from './providers/sandbox.js';
import type { WeChatPayProvider } from './providers/wechatpay.js';

/** The address a provider posts its notifications to, on our server. */
export const notifyPath = (provider: PaymentProviderName) => `/api/payments/notify/${provider}`;

const derivedKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest();

/** The WeChat Pay merchant and the app id payments are made in, when both are set. */
function weChatPayAccount(settings: Settings) {
  const appId = settings.WECHATPAY_APP_ID ?? settings.WECHAT_APP_ID;
  return settings.WECHATPAY_MCH_ID && appId ? { mchId: settings.WECHATPAY_MCH_ID, appId } : null;
}

/** The online methods the sandbox cashier serves under these settings (none when it is off). */
export function sandboxMethods(settings: Settings): OnlineMethod[] {
  if (!settings.PAYMENT_SANDBOX) return [];
  const methods: OnlineMethod[] = [];
  if (!weChatPayAccount(settings)) methods.push('wechat');
  if (!settings.ALIPAY_APP_ID) methods.push('alipay');
  return methods;
}

/**
 * The payment providers of these settings. A provider's SDK is loaded only when its credentials
 * are set (the build keeps each in a file of its own): a server without them never holds the SDKs
 * in memory.
 */
export async function openPaymentProviders(
  settings: Settings,
  secret: string,
  db: Database,
): Promise<PaymentProviders> {
  const wechat = weChatPayAccount(settings);
  const wechatpay = wechat
    ? new (await import('./providers/wechatpay.js')).WeChatPayProvider({
        ...wechat,
        merchantSerialNo: settings.WECHATPAY_MERCHANT_SERIAL_NO ?? '',
        merchantPrivateKey: settings.WECHATPAY_MERCHANT_PRIVATE_KEY ?? '',
        apiV3Key: settings.WECHATPAY_API_V3_KEY ?? '',
        platformSerial: settings.WECHATPAY_PLATFORM_SERIAL ?? '',
        platformPublicKey: settings.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
        baseUrl: settings.WECHATPAY_BASE_URL,
      })
    : null;
  const alipay = settings.ALIPAY_APP_ID
    ? new (await import('./providers/alipay.js')).AlipayProvider({
        appId: settings.ALIPAY_APP_ID,
        privateKey: settings.ALIPAY_PRIVATE_KEY ?? '',
        alipayPublicKey: settings.ALIPAY_PUBLIC_KEY ?? '',
        gateway: settings.ALIPAY_GATEWAY,
      })
    : null;
  return new PaymentProviders(settings, secret, db, { wechatpay, alipay });
}

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

  constructor(
    settings: Settings,
    secret: string,
    db: Database,
    real: { wechatpay: WeChatPayProvider | null; alipay: AlipayProvider | null },
  ) {
    this.sandbox = settings.PAYMENT_SANDBOX
      ? new SandboxProvider(db, {
          key: derivedKey(secret, 'payment-sandbox'),
          linkKey: derivedKey(secret, 'payment-sandbox-cashier-link'),
          baseUrl: settings.PUBLIC_BASE_URL ?? '',
        })
      : null;
    const wechat = weChatPayAccount(settings);
    this.wechatpay = real.wechatpay;
    this.alipay = real.alipay;
    this.expected = {
      wechatpay: { merchantId: settings.WECHATPAY_MCH_ID, appId: wechat?.appId },
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
