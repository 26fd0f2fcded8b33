import { afterEach, describe, expect, it, vi } from 'vitest';
import { invokeWeChatPay } from './wechat-pay';

const page = window as unknown as { WeixinJSBridge?: { invoke: unknown } };

const params = {
  appId: 'wx1',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: 'prepay_id=p1',
  signType: 'RSA' as const,
  paySign: 's',
};

describe('WeChat pay sheet', () => {
  afterEach(() => {
    delete page.WeixinJSBridge;
  });

  it('passes the signed parameters and reads ok, cancel and fail', async () => {
    const invoke = vi.fn();
    page.WeixinJSBridge = { invoke };
    for (const [errMsg, outcome] of [
      ['get_brand_wcpay_request:ok', 'ok'],
      ['get_brand_wcpay_request:cancel', 'cancel'],
      ['get_brand_wcpay_request:fail', 'fail'],
    ] as const) {
      invoke.mockImplementationOnce((_n: string, _p: object, cb: (r: object) => void) =>
        cb({ err_msg: errMsg }),
      );
      await expect(invokeWeChatPay(params)).resolves.toBe(outcome);
    }
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
  });

  it('waits for the bridge to become ready', async () => {
    const pending = invokeWeChatPay(params);
    page.WeixinJSBridge = {
      invoke: (_n: string, _p: object, cb: (r: object) => void) =>
        cb({ err_msg: 'get_brand_wcpay_request:ok' }),
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(pending).resolves.toBe('ok');
  });
});
