import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { MIN_TARGET_PX, smallTargets } from '../support/target-size';
import { baseUrl } from '../support/server';

/**
 * Every page a customer or an agent uses, in both languages, with the sheets opened on them:
 * no target they tap is smaller than a gloved thumb (44 × 44 px; support/target-size.ts says
 * what counts). Nothing is booked, held or changed but a plan of the customer's own, which is
 * removed again.
 */

const LANGUAGES = ['zh-CN', 'en-US'] as const;
type Language = (typeof LANGUAGES)[number];

const TEXTS = {
  'zh-CN': {
    addRider: '添加滑雪者',
    changeDate: '改日期',
    changeTime: '改时间',
    chooseGear: /^选择/,
    bookThis: '预订这件',
    navigate: /^到店导航：/,
    addAddress: '添加地址',
    myCustomers: '我的客户',
    freeNow: '现在可租',
  },
  'en-US': {
    addRider: 'Add a rider',
    changeDate: 'Change date',
    changeTime: 'Change time',
    chooseGear: /^Choose /,
    bookThis: 'Book this item',
    navigate: /^Navigate to /,
    addAddress: 'Add an address',
    myCustomers: 'My customers',
    freeNow: 'Free to rent now',
  },
} as const;

/** What the walk found too small, each naming the page (or sheet) and the element. */
type Findings = string[];

/** The page's data has arrived: no request in flight, no loading placeholder left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.page-loading, .adm-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Measures the page as it is now. */
async function check(page: Page, where: string, findings: Findings) {
  for (const t of await smallTargets(page)) {
    findings.push(`${where}: ${t.role} "${t.name}" is ${t.width}×${t.height} px (${t.path})`);
  }
}

/** Opens a page of the app in the phone's language and measures it. */
async function visit(page: Page, path: string, findings: Findings, where = path) {
  await page.goto(`${baseUrl}${path}`);
  await settled(page);
  await check(page, where, findings);
}

/**
 * Opens a sheet with `opener`, measures it once it has finished opening (antd-mobile lets nothing
 * in a sheet be tapped before), and closes it with the phone's Back.
 */
async function checkSheet(
  page: Page,
  opener: Locator,
  where: string,
  findings: Findings,
  { samePage = true } = {},
) {
  if ((await opener.count()) === 0) {
    findings.push(`${where}: the way to open it is missing`);
    return;
  }
  const url = page.url();
  const sheets = page.locator('.adm-popup-body:visible, .adm-center-popup-body:visible');
  const before = await sheets.count();
  await opener.first().tap();
  await page.waitForTimeout(600);
  await settled(page);
  await check(page, where, findings);
  await page.goBack();
  await page.waitForTimeout(400);
  // Back closed the sheet and kept the page.
  if (samePage) expect(page.url()).toBe(url);
  await expect.poll(() => sheets.count()).toBeLessThanOrEqual(Math.max(0, before));
}

/** Shows the app in `language` from now on (as the footer's switch does, kept on the phone). */
async function speak(page: Page, language: Language) {
  await page.evaluate((l) => localStorage.setItem('language', l), language);
}

/** The booking page with a store chosen, and its sheets: gear, rider form, calendar, times. */
async function checkBooking(page: Page, language: Language, who: string, findings: Findings) {
  const texts = TEXTS[language];
  await visit(page, '/customer/order-create', findings, `${who} booking: stores`);
  await page
    .getByRole('radio', { name: /万龙雪场店|Wanlong Resort Store/ })
    .first()
    .tap();
  await settled(page);
  await check(page, `${who} booking`, findings);
  await checkSheet(
    page,
    page.locator('.gear-card').getByRole('button', { name: texts.chooseGear }),
    `${who} booking: gear sheet`,
    findings,
  );
  await checkSheet(
    page,
    page.getByRole('button', { name: texts.addRider, exact: true }),
    `${who} booking: rider form`,
    findings,
  );
  await checkSheet(
    page,
    page.getByRole('button', { name: texts.changeDate }),
    `${who} booking: calendar`,
    findings,
  );
  await checkSheet(
    page,
    page.getByRole('button', { name: texts.changeTime }),
    `${who} booking: pick-up times`,
    findings,
  );
}

describe('every target a customer or an agent taps is at least 44 × 44 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(LANGUAGES)(
    'on the public pages, as anyone opens them (%s)',
    async (language) => {
      const texts = TEXTS[language];
      const context = await newPhone(browser, language);
      const page = await context.newPage();
      const errors = watchErrors(page, {
        // No camera or position in the test browser: the store navigation says so.
        allow: [/getUserMedia|NotFoundError|Requested device not found/],
      });
      await page.goto(`${baseUrl}/customer/login`);
      await speak(page, language);
      const findings: Findings = [];

      await checkBooking(page, language, 'anonymous', findings);
      for (const path of [
        '/customer/login',
        '/login',
        '/customer/dashboard',
        '/customer/order-qr',
        '/customer/payment',
        '/help',
        '/help/customer',
        '/help/search?keyword=%E9%9B%AA',
        '/404',
      ]) {
        await visit(page, path, findings);
      }
      await visit(page, '/help/customer', findings);
      await page.locator('a[href^="/help/article/"]').first().tap();
      await settled(page);
      await check(page, 'help article', findings);

      await visit(page, '/customer/equipment-inquiry', findings);
      const freeItem = page.locator('.inquiry-list button', { hasText: texts.freeNow });
      await checkSheet(page, freeItem, 'equipment inquiry: item dialog', findings);
      // The item's dialog, then the gear sheet its "Book this" opens.
      await freeItem.first().tap();
      await page.waitForTimeout(600);
      await checkSheet(
        page,
        page.getByRole('button', { name: texts.bookThis }),
        'equipment inquiry: gear sheet',
        findings,
        // The item's dialog closes as the gear sheet opens (its code leaves the address).
        { samePage: false },
      );

      await visit(page, '/customer/contact-service', findings);
      await checkSheet(
        page,
        page.getByRole('button', { name: texts.navigate }),
        'contact: store navigation',
        findings,
      );

      expect(findings, `targets under ${MIN_TARGET_PX} px`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    300_000,
  );

  describe('signed in as the demo customer', () => {
    let context: BrowserContext;
    let page: Page;
    let planId: string;

    beforeAll(async () => {
      context = await newPhone(browser);
      page = await context.newPage();
      await page.goto(`${baseUrl}/customer/login`);
      // Another journey may have asked for this number's code within the minute: the page then
      // counts down the server's wait, and the code is asked for again after it.
      await page.getByLabel('手机号').fill('13800138000');
      const getCode = page.getByRole('button', { name: '获取验证码' });
      const shown = page.getByText(/验证码：\d{6}/);
      await getCode.tap();
      await shown
        .or(page.getByRole('button', { name: /\d+\s*秒/ }))
        .first()
        .waitFor();
      if (!(await shown.isVisible())) {
        await getCode.waitFor({ timeout: 70_000 });
        await getCode.tap();
        await shown.waitFor();
      }
      const code = /\d{6}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
      await page.getByLabel('验证码').fill(code);
      await page.getByLabel('真实姓名').fill('张三');
      await page.getByRole('button', { name: /^登录$/ }).tap();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      // A plan of the customer's own, to see the plan pages (removed at the end).
      const api = staffApi(page, baseUrl);
      const config = await api.call<{ storeConfigs: Record<string, { storeId: string }> }>(
        'GET',
        '/api/app/config-distribution/h5',
      );
      const storeId = Object.values(config.storeConfigs)[0]!.storeId;
      const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const catalog = await api.call<{
        categories: { id: string; kinds: { size: Record<string, string> }[] }[];
      }>('GET', `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${start}&days=2`);
      const category = catalog.categories.find((c) => c.kinds.length > 0)!;
      planId = (
        await api.call<{ id: string }>('POST', '/api/app/schemes', {
          name: '手套测试方案',
          cart: {
            storeId,
            rentalStartTime: start,
            days: 2,
            lines: [{ type: 'item', categoryId: category.id, size: category.kinds[0]!.size }],
          },
        })
      ).id;
    }, 150_000);

    afterAll(async () => {
      await staffApi(page, baseUrl).call('DELETE', `/api/app/schemes/${planId}`);
      await context.close();
    });

    it.each(LANGUAGES)(
      'on their own pages (%s)',
      async (language) => {
        const texts = TEXTS[language];
        await speak(page, language);
        const errors = watchErrors(page);
        const findings: Findings = [];
        const orders = (
          await staffApi(page, baseUrl).call<{
            items: { id: string; orderNumber: string; status: number }[];
          }>('GET', '/api/app/orders?maxResultCount=20')
        ).items;

        for (const path of [
          '/customer/dashboard',
          '/customer/orders',
          '/customer/order-qr',
          '/customer/scheme/list',
          `/customer/scheme/current?id=${planId}`,
          '/customer/contact-service',
          ...orders.slice(0, 3).map((o) => `/customer/orders/${o.id}`),
          ...orders.slice(0, 1).map((o) => `/customer/order-qr/${o.orderNumber}`),
          // Out with the customer: the self-return page.
          ...orders
            .filter((o) => o.status === 4 || o.status === 5)
            .slice(0, 1)
            .map((o) => `/customer/self-return/${o.id}`),
        ]) {
          await visit(page, path, findings);
        }

        await visit(page, '/customer/profile', findings);
        await checkSheet(
          page,
          page.getByText(texts.addRider, { exact: true }),
          'profile: rider form',
          findings,
        );
        await checkSheet(
          page,
          page.getByText(texts.addAddress, { exact: true }),
          'profile: address form',
          findings,
        );

        await checkBooking(page, language, 'customer', findings);

        // A plan shared with someone, as they open its link.
        const stranger = await newPhone(browser, language);
        const shared = await stranger.newPage();
        await shared.goto(`${baseUrl}/customer/login`);
        await speak(shared, language);
        await visit(shared, `/fa/d?id=${planId}`, findings, 'shared plan');
        await stranger.close();

        expect(findings, `targets under ${MIN_TARGET_PX} px`).toEqual([]);
        expect(errors).toEqual([]);
      },
      300_000,
    );
  });

  describe('signed in as the agent', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newPhone(browser);
      page = await context.newPage();
      await signIn(page, baseUrl, 'agent', '/agent/dashboard');
    });
    afterAll(() => context.close());

    it.each(LANGUAGES)(
      'on their pages (%s)',
      async (language) => {
        const texts = TEXTS[language];
        await speak(page, language);
        const errors = watchErrors(page);
        const findings: Findings = [];
        await visit(page, '/agent/dashboard', findings);
        await page.getByRole('tab', { name: texts.myCustomers }).tap();
        await settled(page);
        await check(page, '/agent/dashboard: customers', findings);

        await visit(page, '/agent/order-create', findings, 'agent booking: stores');
        await page
          .getByRole('radio', { name: /万龙雪场店|Wanlong Resort Store/ })
          .first()
          .tap();
        await settled(page);
        await check(page, 'agent booking', findings);
        await checkSheet(
          page,
          page.locator('.gear-card').getByRole('button', { name: texts.chooseGear }),
          'agent booking: gear sheet',
          findings,
        );
        await checkSheet(
          page,
          page.getByRole('button', { name: texts.addRider, exact: true }),
          'agent booking: rider form',
          findings,
        );

        expect(findings, `targets under ${MIN_TARGET_PX} px`).toEqual([]);
        expect(errors).toEqual([]);
      },
      300_000,
    );
  });

  // Issue 61: the store's pages are tapped with gloves too (the phone link, the order list's
  // short tabs, the finance days, the volume slider). One language: the sizes come from the
  // layout, and the customer's walk above checks the English words' widths.
  it('on the pages a clerk and a manager tap', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'manager', '/store/dashboard');
    const orders = await staffApi(page, baseUrl).call<{ items: { id: string }[] }>(
      'GET',
      '/api/app/orders?maxResultCount=1',
    );
    const findings: Findings = [];
    for (const path of [
      '/store/dashboard',
      '/store/orders/list',
      `/store/orders/detail/${orders.items[0]!.id}`,
      '/store/workspace',
      '/store/finance',
      '/store/profile',
      '/store/inventory',
    ]) {
      await visit(page, path, findings);
    }
    expect(findings, `targets under ${MIN_TARGET_PX} px`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
