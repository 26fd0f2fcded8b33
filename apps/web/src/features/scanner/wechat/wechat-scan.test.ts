import { afterEach, describe, expect, it, vi } from 'vitest';
import { WeChatScanError, WeChatScanProblem, weChatScan } from './wechat-scan';

// A worker's files share loaded modules: this file's mock must meet a fresh load of the scan.
vi.hoisted(() => vi.resetModules());
// The signature call of the JS-SDK set-up: a test decides when (if ever) it answers.
const signature = vi.hoisted(() => ({ answer: () => new Promise<never>(() => undefined) }));
vi.mock('@/features/auth/api/wechat', () => ({ jsSdkConfig: () => signature.answer() }));

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50';

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window.navigator, 'userAgent');
  Reflect.deleteProperty(window, 'WeixinJSBridge');
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

  it('gives up the whole set-up after 10 s when the bridge comes late and the signature never answers', async () => {
    setUserAgent(WECHAT_UA);
    await import('weixin-js-sdk');
    vi.useFakeTimers();
    const scanning = problemOf(weChatScan());
    let settled = false;
    void scanning.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4000);
    Object.defineProperty(window, 'WeixinJSBridge', { value: {}, configurable: true });
    await vi.advanceTimersByTimeAsync(5800);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(await scanning).toBe(WeChatScanProblem.initFailed);
  });
});
