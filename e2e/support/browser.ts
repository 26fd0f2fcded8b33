import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium (never a downloaded build) with the flags this closed network needs.
 * Playwright gives every launch a fresh, empty profile.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** `extraArgs`: e.g. a fake camera for the scanner journeys. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A phone: 390×844, touch, Chinese locale, Shanghai time unless another zone is given. */
export async function newPhone(
  browser: Browser,
  locale = 'zh-CN',
  {
    // The app's service worker precaches every file of the build: only the offline journey
    // wants that, the others would each download it all again.
    serviceWorkers = 'block',
    timezoneId = 'Asia/Shanghai',
  }: { serviceWorkers?: 'allow' | 'block'; timezoneId?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale,
    timezoneId,
    serviceWorkers,
  });
}

/** Fails the test on any uncaught page error or console error. */
/** `allow`: console errors a journey expects (e.g. requests failing while it is offline). */
export function watchErrors(page: Page, options: { allow?: RegExp[] } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const url = m.location().url;
    // A code no item has is answered 404 and shown as "not found": a normal answer, which the
    // browser logs all the same (a gun burst read only in part, on a loaded machine, is one).
    if (url.includes('/api/app/equipment/by-barcode') && m.text().includes('404')) return;
    if (options.allow?.some((pattern) => pattern.test(m.text()))) return;
    errors.push(`console: ${m.text()}${url ? ` (${url})` : ''}`);
  });
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}
