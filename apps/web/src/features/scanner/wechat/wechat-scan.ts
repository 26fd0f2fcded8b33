import type wxSdk from 'weixin-js-sdk';
import { isWeChatBrowser } from '@/features/app-state/stores/app-store';
import { jsSdkConfig } from '@/features/auth/api/wechat';
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
async function waitForBridge(): Promise<boolean> {
  for (let i = 0; i < ScannerTiming.weChatPollAttempts; i++) {
    if ((window as BridgeWindow).WeixinJSBridge) return true;
    await sleep(ScannerTiming.weChatPollIntervalMs);
  }
  return false;
}

/** One configured SDK per page address (the signature covers the URL without its hash). */
let configured: { url: string; wx: Promise<Wx> } | null = null;

async function configure(url: string): Promise<Wx> {
  let wx: Wx;
  try {
    wx = (await import('weixin-js-sdk')).default;
  } catch {
    throw new WeChatScanError(WeChatScanProblem.sdkNotLoaded);
  }
  if (!(await waitForBridge())) throw new WeChatScanError(WeChatScanProblem.sdkNotLoaded);
  const config = await jsSdkConfig(url).catch(() => {
    throw new WeChatScanError(WeChatScanProblem.initFailed);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new WeChatScanError(WeChatScanProblem.initFailed)),
      ScannerTiming.weChatInitTimeoutMs,
    );
    wx.ready(() => {
      clearTimeout(timer);
      resolve();
    });
    wx.error(() => {
      clearTimeout(timer);
      reject(new WeChatScanError(WeChatScanProblem.initFailed));
    });
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: ['scanQRCode'],
    });
  });
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
