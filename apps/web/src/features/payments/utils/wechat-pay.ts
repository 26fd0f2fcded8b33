import type { PaymentAction } from '@snowgear/contracts';

type JsapiParams = Extract<PaymentAction, { type: 'jsapi' }>['params'];

interface WeixinJSBridge {
  invoke(name: string, params: object, callback: (result: { err_msg?: string }) => void): void;
}
/** WeChat injects the bridge into its pages; other browsers have none. */
const pageBridge = () => (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;

export type JsapiOutcome = 'ok' | 'cancel' | 'fail';

/** How long to wait for WeChat's bridge to appear before giving up. */
const BRIDGE_WAIT_MS = 5000;

function bridge(): Promise<WeixinJSBridge> {
  const ready = pageBridge();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error('WeixinJSBridge not ready')),
      BRIDGE_WAIT_MS,
    );
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        window.clearTimeout(timer);
        const injected = pageBridge();
        if (injected) resolve(injected);
        else reject(new Error('WeixinJSBridge not ready'));
      },
      { once: true },
    );
  });
}

/**
 * Opens WeChat's pay sheet with the merchant-signed parameters. The sheet's answer is only a
 * hint (the server's record, from the provider's notification, is what counts).
 */
export async function invokeWeChatPay(params: JsapiParams): Promise<JsapiOutcome> {
  const wx = await bridge();
  return new Promise((resolve) => {
    wx.invoke('getBrandWCPayRequest', params, (result) => {
      const message = result.err_msg ?? '';
      if (message.endsWith(':ok')) resolve('ok');
      else if (message.endsWith(':cancel')) resolve('cancel');
      else resolve('fail');
    });
  });
}
