import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '@snowgear/server/testing/process';
import { startWeChatDouble } from '@snowgear/server/testing/wechat-double';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts the built server (`npm run build` ran first) on a fresh data folder, as `npm start` would. */
export default async function setup(project: TestProject) {
  const serverJs = join(root, 'apps/server/dist/server.js');
  if (!existsSync(serverJs)) throw new Error('Build first: npm run build');
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
  });
  const server = await startServerProcess({
    command: process.execPath,
    args: [serverJs],
    cwd: root,
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address.
      LOGIN_MAX_FAILURES: '50',
      // Every journey comes from 127.0.0.1; the per-address limit is not under test here.
      RATE_LIMIT_PER_MINUTE: '100000',
      WECHAT_APP_ID: wechat.appId,
      WECHAT_APP_SECRET: wechat.appSecret,
      WECHAT_API_BASE_URL: wechat.baseUrl,
      WECHAT_AUTHORIZE_URL: wechat.authorizeUrl,
    },
  });
  project.provide('baseUrl', server.origin);
  return async () => {
    await server.stop();
    await wechat.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
