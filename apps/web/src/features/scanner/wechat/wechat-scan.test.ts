import { afterEach, describe, expect, it, vi } from 'vitest';
import { WeChatScanError, WeChatScanProblem, weChatScan } from './wechat-scan';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50';

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window.navigator, 'userAgent');
});

async function problemOf(promise: Promise<unknown>) {
  const error: unknown = await promise.catch((e: unknown) => e);
  return error instanceof WeChatScanError ? error.problem : error;
}

describe('WeChat scan', () => {
  it('refuses outside the WeChat browser', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    expect(await problemOf(weChatScan())).toBe(WeChatScanProblem.notInWeChat);
  });

  it("says the SDK is not loaded when WeChat's bridge never appears (50 × 100 ms)", async () => {
    setUserAgent(WECHAT_UA);
    await import('weixin-js-sdk'); // loaded before the clock is faked
    vi.useFakeTimers();
    const scanning = problemOf(weChatScan());
    await vi.advanceTimersByTimeAsync(4900);
    let settled = false;
    void scanning.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await scanning).toBe(WeChatScanProblem.sdkNotLoaded);
  });
});
