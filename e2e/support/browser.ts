import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium headless shell (never a downloaded build), with the flags this closed network
 * needs: the same engine as Debian's Chromium without the desktop browser around it, as
 * Playwright itself runs headless pages. It draws the same pages for a third less CPU, and CI
 * runs the journeys beside the other suites on two cores. (The Lighthouse bench measures in the
 * full browser, as a phone's is.) Playwright gives every launch a fresh, empty profile.
 */
export const CHROMIUM = '/usr/bin/chromium-headless-shell';
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

/** The languages of the app (its `language` storage key holds the one chosen). */
export type AppLanguage = 'zh-CN' | 'en-US';

/**
 * A phone: 390×844, touch, Shanghai time unless another zone is given, its browser set to
 * `locale` (Chinese unless said). The app opens in the browser's language until one is chosen,
 * so by default the phone has also chosen that language already (`language`, kept as the app
 * keeps a choice): each journey reads the app in the language it expects, whatever the rule
 * for a first visit. `language: null` is a first visit, with no choice made.
 *
 * The phone asks for reduced motion unless `motion` says otherwise: sheets and dialogs appear at
 * once, as on a phone so set (lib/antd-motion.ts), so a tap waits for no slide to end; on a loaded
 * machine a slide could outlast a tap's wait. The back-gesture journey keeps the slides, and the
 * shell's check of what a waiting page animates.
 */
export async function newPhone(
  browser: Browser,
  locale = 'zh-CN',
  {
    // The app's service worker precaches every file of the build: only the offline journey
    // wants that, the others would each download it all again.
    serviceWorkers = 'block',
    timezoneId = 'Asia/Shanghai',
    language = locale === 'en-US' || locale === 'zh-CN' ? locale : null,
    motion = 'reduce',
  }: {
    serviceWorkers?: 'allow' | 'block';
    timezoneId?: string;
    language?: AppLanguage | null;
    motion?: 'reduce' | 'no-preference';
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale,
    timezoneId,
    serviceWorkers,
    reducedMotion: motion,
  });
  if (language) {
    // Before the page's own scripts, on every page; a choice made since (a switch, a journey's
    // own setting) stays.
    await context.addInitScript((chosen) => {
      try {
        if (!window.localStorage.getItem('language')) {
          window.localStorage.setItem('language', chosen);
        }
      } catch {
        // A page whose storage is closed (about:blank) has nothing to keep.
      }
    }, language);
  }
  return context;
}

/**
 * The phone's user has refused this site the camera: every page of the context is answered as
 * Chromium answers a refused site, a `NotAllowedError` at once. (Playwright can grant a
 * permission but not refuse one, and the headless shell, having no one to ask, lets the fake
 * camera through.)
 */
export async function refuseCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!navigator.mediaDevices) return;
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
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
