import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '@snowgear/server/testing/process';
import { startWeChatDouble } from '@snowgear/server/testing/wechat-double';
import { startWeChatPayDouble } from '@snowgear/server/testing/wechatpay-double';

/** A journey worker's own server and the doubles of the outside parties it talks to. */
export interface JourneyServer {
  baseUrl: string;
  /** The WeChat Pay double, for a page's WeixinJSBridge stand-in to pay through. */
  wechatPayUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (support/server.ts picks the worker's own). */
    servers: JourneyServer[];
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts one built server per journey worker (`npm run build` ran first), each on a fresh data
 * folder as `npm start` would, with WeChat doubles of its own: the journeys wait mostly on the
 * browser, so two run side by side, and each worker's files find the demo data as they would
 * alone (vitest.config.ts orders the files that change it last).
 */
export default async function setup(project: TestProject) {
  const serverJs = join(root, 'apps/server/dist/server.js');
  if (!existsSync(serverJs)) throw new Error('Build first: npm run build');
  const workers = project.config.maxWorkers;
  const started = await Promise.all(Array.from({ length: workers }, () => startOne(serverJs)));
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

/** A server on a data folder of its own, with its doubles of WeChat and WeChat Pay. */
async function startOne(serverJs: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-e2e-'));
  // WeChat is a local double that consents at once as this user.
  const wechat = await startWeChatDouble({
    defaultUser: {
      openid: 'o-e2e-skier',
      nickname: '雪场常客',
      headimgurl: '',
      sex: 1,
      province: '河北',
      city: '张家口',
      country: '中国',
    },
    // The payments journey's phone: its own WeChat account, so it binds a customer of its own.
    users: [
      {
        openid: 'o-e2e-payer',
        nickname: '付款测试',
        headimgurl: '',
        sex: 2,
        province: '北京',
        city: '北京',
        country: '中国',
      },
    ],
  });
  // WeChat Pay is its local double too (signed requests, encrypted notifications); Alipay stays
  // on the sandbox cashier, so journeys see both kinds of provider.
  const wechatPay = await startWeChatPayDouble({ appId: wechat.appId, refundStatus: 'SUCCESS' });
  const port = await freePort();
  const server = await startServerProcess({
    command: process.execPath,
    args: [serverJs],
    cwd: root,
    port,
    env: {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1 as a few demo users, far faster than people do; the
      // request rate limit is not under test here. (The sign-in throttle keeps its defaults: a
      // whole store's sign-ins from one address must pass them.)
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '100000',
      // The journeys' customers all ask for their SMS codes from this one address.
      SMS_HOURLY_LIMIT_PER_ADDRESS: '100000',
      // Each counter order a journey makes carries a signature its clerk uploaded just before,
      // and the journeys' clerks are a few demo users.
      FILE_UPLOADS_PER_USER_PER_MINUTE: '100000',
      WECHAT_APP_ID: wechat.appId,
      WECHAT_APP_SECRET: wechat.appSecret,
      WECHAT_API_BASE_URL: wechat.baseUrl,
      WECHAT_AUTHORIZE_URL: wechat.authorizeUrl,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WECHATPAY_MCH_ID: wechatPay.config.mchId,
      WECHATPAY_APP_ID: wechatPay.config.appId,
      WECHATPAY_MERCHANT_SERIAL_NO: wechatPay.config.merchantSerialNo,
      WECHATPAY_MERCHANT_PRIVATE_KEY: wechatPay.config.merchantPrivateKey,
      WECHATPAY_API_V3_KEY: wechatPay.config.apiV3Key,
      WECHATPAY_PLATFORM_SERIAL: wechatPay.config.platformSerial,
      WECHATPAY_PLATFORM_PUBLIC_KEY: wechatPay.config.platformPublicKey,
      WECHATPAY_BASE_URL: wechatPay.config.baseUrl,
    },
    // Each server makes its database and the demo business first (about 20 s alone). In CI two
    // do so beside the format, lint and type checks on two cores: on a machine half as fast as
    // the one this was first measured on, 60 s was not enough.
    timeoutMs: 300_000,
  });
  return {
    server: { baseUrl: server.origin, wechatPayUrl: wechatPay.baseUrl } satisfies JourneyServer,
    stop: async () => {
      await server.stop();
      await wechat.close();
      await wechatPay.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
