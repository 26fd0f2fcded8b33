import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';
import { MIN_TARGET_PX } from '../support/target-size';
import { baseUrl } from '../support/server';

const LANGUAGES = ['zh-CN', 'en-US'] as const;

const TEXTS = {
  'zh-CN': {
    quickActions: '快捷操作',
    actions: ['返回首页', '创建订单', '智能扫码'],
    gear: (n: number) => `设备（${n}）`,
    findGear: '搜索设备',
    noMore: '没有更多了',
  },
  'en-US': {
    quickActions: 'Quick actions',
    actions: ['Home', 'New order', 'Smart scan'],
    gear: (n: number) => `Gear (${n})`,
    findGear: 'Find gear',
    noMore: 'No more',
  },
} as const;

/**
 * What the store's quick-action button hides from view, as the page is now: with the button
 * hidden, what shows at each point of its box (every 3 px) that is text, a figure (image, chart,
 * icon) or something one may tap. Nothing, where the button has a place of its own. Also says
 * if the button is smaller than a gloved thumb or off the screen.
 */
async function hiddenByQuickActions(page: Page): Promise<string[]> {
  return page.evaluate((minSize) => {
    const button = document.querySelector<HTMLElement>('.quick-actions__toggle');
    if (!button) return ['no quick-action button'];
    const box = button.getBoundingClientRect();
    const found: string[] = [];
    if (box.width < minSize || box.height < minSize) {
      found.push(`the button is ${box.width}×${box.height} px`);
    }
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
      found.push('the button is off the screen');
    }
    const interactive =
      'a[href], button, input:not([type="hidden"]), select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const figure = 'img, svg, canvas, video, picture, [role="img"]';
    const before = button.style.visibility;
    button.style.visibility = 'hidden';
    try {
      for (let x = Math.ceil(box.left); x < box.right; x += 3) {
        for (let y = Math.ceil(box.top); y < box.bottom; y += 3) {
          const shown = document.elementFromPoint(x, y);
          if (!shown) continue;
          // Text: a line of the element's own text passes through the point.
          const text = [...shown.childNodes].some((node) => {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return false;
            const range = document.createRange();
            range.selectNodeContents(node);
            return [...range.getClientRects()].some(
              (r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom,
            );
          });
          const hit = shown.closest(interactive) ?? shown.closest(figure) ?? (text ? shown : null);
          if (!hit) continue;
          const name = (hit.getAttribute('aria-label') ?? hit.textContent ?? '').trim();
          found.push(
            `${hit.tagName.toLowerCase()}.${hit.classList[0] ?? ''} "${name.slice(0, 30)}"`,
          );
        }
      }
    } finally {
      button.style.visibility = before;
    }
    return [...new Set(found)];
  }, MIN_TARGET_PX);
}

/**
 * What of the page stays under its bottom bar once scrolled to the end (text or what one may
 * tap, lower than the bar's top): nothing, where the page leaves room for the bar.
 */
async function leftUnderTheBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('.quick-actions__toggle')?.closest('.page-layout__bar');
    const main = document.querySelector('#main');
    if (!bar || !main) return ['no bottom bar'];
    const top = bar.getBoundingClientRect().top;
    return [...main.querySelectorAll('a[href], button, input, label, h1, h2, h3, p, span, li')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.width > 0 && r.bottom > top + 0.5 && el.textContent?.trim();
      })
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`);
  });
}

/** A list loads its pages as its end comes near: all of them first, so the page stays put. */
async function loadWholeList(page: Page, noMore: string) {
  const end = page.locator('.paged-list-end');
  if ((await end.count()) === 0) return;
  for (let tries = 0; tries < 30 && (await end.innerText()) !== noMore; tries += 1) {
    await end.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await page.waitForTimeout(300);
  }
  expect(await end.innerText()).toBe(noMore);
}

/**
 * Scrolls through the page half a screen at a time and says what the button hides at each stop,
 * and what stays under the bar at the end.
 */
async function walkThrough(page: Page, where: string, noMore: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await loadWholeList(page, noMore);
  const found: string[] = [];
  // The end is read at every step: a page still growing (a quote's answer adds its words) has
  // its end further down than when the walk began.
  const end = () => page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (let y = 0; ;) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    for (const hit of await hiddenByQuickActions(page)) found.push(`${where} @${y}px: ${hit}`);
    const last = await end();
    if (y >= last) break;
    y = Math.min(y + 422, last);
  }
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), await end());
  for (const hit of await leftUnderTheBar(page)) found.push(`${where} at its end: ${hit}`);
  return found;
}

describe('the store quick-action button, on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const language of LANGUAGES) {
    it(`covers nothing of the store pages at any scroll position, and opens its three actions (${language})`, async () => {
      const texts = TEXTS[language];
      const context = await newPhone(browser, language);
      await context.addInitScript((l) => window.localStorage.setItem('language', l), language);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, baseUrl, 'employee', '/store/dashboard', language);
      const quick = page.getByRole('button', { name: texts.quickActions });
      await quick.waitFor();

      const found: string[] = [];
      // The dashboard's tiles, chart and shortcut rows, lists of tappable rows and status tags.
      found.push(...(await walkThrough(page, 'dashboard', texts.noMore)));
      for (const [path, ready] of [
        ['/store/orders/list', '.order-card'],
        ['/store/inventory/list', '.adm-list-item'],
        ['/store/workspace', '.workspace-tile'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator(ready).first().waitFor();
        await quick.waitFor();
        found.push(...(await walkThrough(page, path, texts.noMore)));
      }

      // A new order with lines, each with its remove button, scanned in by the gun.
      const api = staffApi(page, baseUrl);
      const storeId = await api.myStoreId();
      const free = await api.call<{ items: { barcodeNumber: string }[] }>(
        'GET',
        `/api/app/equipment?${new URLSearchParams({
          storeId,
          status: '0',
          availableFrom: new Date().toISOString(),
          availableTo: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          maxResultCount: '100',
        })}`,
      );
      await page.goto(`${baseUrl}/store/orders/create`);
      await quick.waitFor();
      await page.getByRole('heading', { name: texts.gear(0) }).waitFor();
      const codes = free.items.slice(0, 3).map((item) => item.barcodeNumber);
      for (const [i, code] of codes.entries()) {
        await gunScan(page, code, (limit) =>
          page.locator('.order-create-line', { hasText: code }).waitFor(limit),
        );
        await page.getByRole('heading', { name: texts.gear(i + 1) }).waitFor();
      }
      found.push(...(await walkThrough(page, 'order create with lines', texts.noMore)));
      await screenshot(page, `store-quick-actions-order-create-${language}`);
      expect(found).toEqual([]);

      // A sheet opened on the page lies over the button (it is not in the way of the sheet).
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('button', { name: texts.findGear }).first().tap();
      await page.locator('.adm-popup-body').first().waitFor();
      await page.waitForTimeout(400);
      expect(
        await page.evaluate(() => {
          const box = document.querySelector('.quick-actions__toggle')!.getBoundingClientRect();
          const shown = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return shown?.closest('.quick-actions__toggle') !== null;
        }),
      ).toBe(false);
      await page.goBack();
      await page.locator('.adm-popup-body').first().waitFor({ state: 'hidden' });

      // Its menu: the three actions, above the button; Escape closes it and gives the focus back.
      await page.goto(`${baseUrl}/store/dashboard`);
      await quick.tap();
      expect(await quick.getAttribute('aria-expanded')).toBe('true');
      const menu = page.getByRole('navigation', { name: texts.quickActions });
      expect(await menu.getByRole('button').allInnerTexts()).toEqual([...texts.actions]);
      const buttonBox = (await quick.boundingBox())!;
      const menuBox = (await menu.boundingBox())!;
      expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(buttonBox.y);
      expect(menuBox.y).toBeGreaterThanOrEqual(0);
      await screenshot(page, `store-quick-actions-menu-${language}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await quick.getAttribute('aria-expanded')).toBe('false');
      expect(
        await page.evaluate(() =>
          document.activeElement?.classList.contains('quick-actions__toggle'),
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
