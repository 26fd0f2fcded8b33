import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot } from '../support/browser';
import { baseUrl } from '../support/server';

describe('installable, and opening with no network', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('describes itself for the home screen', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(`${baseUrl}${href}`)).json()) as {
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: '雪具租赁店管理系统',
      display: 'standalone',
      start_url: '/',
      theme_color: '#1677ff',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of [...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
      const res = await page.request.get(`${baseUrl}${icon}`);
      expect(res.status(), icon).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await context.close();
  });

  it('a second visit with the network off opens the app, a lazy page included', async () => {
    const context = await newPhone(browser, 'zh-CN', { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    // The worker installs in the background: every file of the build is stored before it is active.
    const state = await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (worker && worker.state !== 'activated') {
        await new Promise((done) => worker.addEventListener('statechange', done));
      }
      return worker?.state;
    });
    expect(state).toBe('activated');

    await context.setOffline(true);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.getByRole('status').filter({ hasText: '网络已断开' }).waitFor();
    await screenshot(page, 'offline-login');
    // A page whose code this visit never loaded comes from the worker's store too.
    await page.goto(`${baseUrl}/help`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await context.close();
  });
});
