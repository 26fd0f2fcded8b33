import type wxSdk from 'weixin-js-sdk';
import { isWeChatBrowser } from '@/features/app-state';
import { jsSdkConfig } from '@/features/auth';
import { stripWeChatFormatPrefix } from '../utils/scan-rules';
import { ScannerTiming, ScanType } from '../utils/scanner-constants';

/** Why the WeChat scanner could not give a result (spec §8 WeChat dialogs). */
export const WeChatScanProblem = {
  notInWeChat: 'notInWeChat',
  sdkNotLoaded: 'sdkNotLoaded',
  initFailed: 'initFailed',
  scanFailed: 'scanFailed',
} as const;
export type WeChatScanProblem = (typeof WeChatScanProblem)[keyof typeof WeChatScanProblem];

export class WeChatScanError extends Error {
  constructor(readonly problem: WeChatScanProblem) {
    super(problem);
    this.name = 'WeChatScanError';
  }
}

type Wx = typeof wxSdk;
interface BridgeWindow {
  WeixinJSBridge?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page bridge WeChat injects; the bundled JS-SDK talks through it. */
async function waitForBridge(deadline: number): Promise<boolean> {
  for (let i = 0; i < ScannerTiming.weChatPollAttempts && Date.now() < deadline; i++) {
    if ((window as BridgeWindow).WeixinJSBridge) return true;
    await sleep(ScannerTiming.weChatPollIntervalMs);
  }
  return !!(window as BridgeWindow).WeixinJSBridge;
}

/** `work`, or the WeChat problem once the set-up's time is up (whatever is still pending). */
function beforeDeadline<T>(work: Promise<T>, deadline: number, problem: WeChatScanProblem) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new WeChatScanError(problem)),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One configured SDK per page address (the signature covers the URL without its hash). */
let configured: { url: string; wx: Promise<Wx> } | null = null;

/**
 * Loads and configures the SDK within one time limit for the whole set-up (spec §9: 10 s), so a
 * page without the bridge or a slow signature call never leaves the clerk waiting longer.
 */
async function configure(url: string): Promise<Wx> {
  const deadline = Date.now() + ScannerTiming.weChatInitTimeoutMs;
  let wx: Wx;
  try {
    wx = (await beforeDeadline(import('weixin-js-sdk'), deadline, WeChatScanProblem.sdkNotLoaded))
      .default;
  } catch {
    throw new WeChatScanError(WeChatScanProblem.sdkNotLoaded);
  }
  if (!(await waitForBridge(deadline))) throw new WeChatScanError(WeChatScanProblem.sdkNotLoaded);
  const config = await beforeDeadline(
    jsSdkConfig(url),
    deadline,
    WeChatScanProblem.initFailed,
  ).catch(() => {
    throw new WeChatScanError(WeChatScanProblem.initFailed);
  });
  const ready = new Promise<void>((resolve, reject) => {
    wx.ready(() => resolve());
    wx.error(() => reject(new WeChatScanError(WeChatScanProblem.initFailed)));
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: ['scanQRCode'],
    });
  });
  await beforeDeadline(ready, deadline, WeChatScanProblem.initFailed);
  return wx;
}

function sdkFor(url: string): Promise<Wx> {
  if (configured?.url !== url) {
    const wx = configure(url);
    configured = { url, wx };
    // A failed set-up is tried afresh next time.
    wx.catch(() => {
      if (configured?.wx === wx) configured = null;
    });
  }
  return configured.wx;
}

/**
 * Scans with WeChat's own scanner. Resolves with the text (a 'FORMAT,' prefix removed), or null
 * when the user cancels; rejects with a WeChatScanError otherwise.
 */
export async function weChatScan(scanType: ScanType = ScanType.all): Promise<string | null> {
  if (!isWeChatBrowser(navigator.userAgent)) {
    throw new WeChatScanError(WeChatScanProblem.notInWeChat);
  }
  const wx = await sdkFor(window.location.href.split('#')[0]!);
  return new Promise((resolve, reject) => {
    wx.scanQRCode({
      needResult: 1,
      scanType:
        scanType === ScanType.qrCode
          ? ['qrCode']
          : scanType === ScanType.barCode
            ? ['barCode']
            : ['qrCode', 'barCode'],
      success: (res: { resultStr?: string }) => {
        const text = stripWeChatFormatPrefix(res.resultStr ?? '').trim();
        if (text) resolve(text);
        else reject(new WeChatScanError(WeChatScanProblem.scanFailed));
      },
      cancel: () => resolve(null),
      fail: () => reject(new WeChatScanError(WeChatScanProblem.scanFailed)),
    });
  });
}
