import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app's own table of paths (import-free), so a new page cannot be left out of the walk; the
// journeys have no @/ alias of the web app's.
// eslint-disable-next-line no-restricted-imports
import { Paths } from '../../apps/web/src/config/paths';
import { launchBrowser, newPhone } from '../support/browser';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { baseUrl } from '../support/server';

const HAN = /\p{Script=Han}/u;

/**
 * What the server sent that the page may show as it is: strings a person typed (a customer's
 * name, an address, a note). A string whose object also has its English twin (`name` beside a
 * filled `nameEn`) is not: an English reader must get the twin.
 */
interface Data {
  typed: Set<string>;
  /** Strings sent somewhere with an English twin: never shown as they are, wherever they come. */
  translated: Set<string>;
}

function collectData(value: unknown, data: Data) {
  if (Array.isArray(value)) {
    for (const v of value) collectData(v, data);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(object)) {
    if (typeof v === 'string') {
      if (!HAN.test(v)) continue;
      const twin = object[`${key}En`];
      (typeof twin === 'string' && twin.trim() ? data.translated : data.typed).add(v);
    } else collectData(v, data);
  }
}

/** Listens to the page's API answers and keeps the data strings they carry. */
function watchData(page: Page): Data {
  const data: Data = { typed: new Set(), translated: new Set() };
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    void response
      .json()
      .then((body) => collectData(body, data))
      .catch(() => undefined);
  });
  return data;
}

/** Every text and label on the page with Chinese in it that is not data. */
async function chineseOnPage(page: Page, data: Data): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      // A form field being edited holds what was typed, in either language.
      if (!parent || parent.closest('script, style, noscript, textarea, [hidden]')) continue;
      // The language switch names the other language in its own words.
      if (parent.closest('[lang]:not(html)')) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [placeholder], [title], [alt]',
    )) {
      if (el.closest('[lang]:not(html)')) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out;
  });
  const known = [...data.typed]
    .filter((d) => !data.translated.has(d))
    .sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (const text of texts) {
    if (!/\p{Script=Han}/u.test(text)) continue;
    // The language switch names Chinese in Chinese.
    let rest = text.replace('中文', '');
    for (const d of known) if (rest.includes(d)) rest = rest.split(d).join(' ');
    if (/\p{Script=Han}/u.test(rest)) found.add(text);
  }
  return [...found];
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.page-loading, .adm-skeleton, .adm-dot-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

describe('English staff screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('show no Chinese that is not data on any staff, driver or admin page', async () => {
    const findings: string[] = [];
    const walked = new Set<string>();
    const walk = async (page: Page, data: Data, path: string) => {
      walked.add(path);
      await page.goto(`${baseUrl}${path}`);
      await settled(page);
      for (const text of await chineseOnPage(page, data)) findings.push(`${path}: ${text}`);
    };

    const context = await newPhone(browser, 'en-US');
    const page = await context.newPage();
    const data = watchData(page);
    await signIn(page, baseUrl, 'admin', Paths.storeDashboard, 'en-US');
    const api = staffApi(page, baseUrl);
    const list = async (path: string) => {
      const body = await api.call<{ items?: { id: string }[] } | { id: string }[]>('GET', path);
      return Array.isArray(body) ? body : (body.items ?? []);
    };
    const [order] = await list('/api/app/orders?maxResultCount=1');
    const [item] = await list('/api/app/equipment?maxResultCount=1');
    const [store] = await list('/api/app/admin/stores');
    const [category] = await list('/api/app/catalogue/categories');
    const [article] = await list('/api/app/help/admin/articles');
    const pages = [
      Paths.storeDashboard,
      Paths.storeProfile,
      Paths.storeEmployees,
      Paths.storeFinance,
      Paths.admin,
      Paths.adminStores,
      Paths.adminStore(store!.id),
      Paths.adminStore('new'),
      Paths.adminParameters,
      Paths.adminRateCards,
      Paths.adminPacks,
      Paths.adminPriceSeasons,
      Paths.adminSystem,
      Paths.adminCatalogue,
      Paths.adminCategory(category!.id),
      Paths.adminHelp,
      Paths.adminHelpArticle(article!.id),
      Paths.adminRoles,
      Paths.adminAudit,
      Paths.shiftClose,
      Paths.workspace,
      Paths.overdueOrders,
      Paths.preparationOrders,
      Paths.moneyApprovals,
      Paths.storeOrderList,
      Paths.storeOrderDetail(order!.id),
      Paths.storeOrderPayment(order!.id),
      Paths.storeOrderCreate(),
      Paths.inventoryList,
      Paths.inventoryDetail(item!.id),
      Paths.inventoryEdit(item!.id),
      Paths.inventoryCheckin,
      Paths.inventoryBatch,
      Paths.smallEquipment,
      Paths.inventoryLabels([item!.id]),
      Paths.helpAudience('store'),
    ];
    for (const path of pages) await walk(page, data, path);
    await context.close();

    // A clerk's own store: the home, the counter, the workspace and the profile.
    const clerkPhone = await newPhone(browser, 'en-US');
    const clerk = await clerkPhone.newPage();
    const clerkData = watchData(clerk);
    await signIn(clerk, baseUrl, 'employee', Paths.storeDashboard, 'en-US');
    for (const path of [
      Paths.storeDashboard,
      Paths.storeProfile,
      Paths.workspace,
      Paths.storeOrderCreate(),
      Paths.storeScan,
    ]) {
      await walk(clerk, clerkData, path);
    }
    await clerkPhone.close();

    // The driver: the day, the runs, one order and its steps.
    const van = await newPhone(browser, 'en-US');
    const driver = await van.newPage();
    const driverData = watchData(driver);
    await signIn(driver, baseUrl, 'driver', Paths.driverDashboard, 'en-US');
    const runs = await staffApi(driver, baseUrl).call<{ items: { orderId: string }[] }>(
      'GET',
      '/api/app/deliveries/tasks?kind=delivery&maxResultCount=1',
    );
    const run = runs.items[0]?.orderId ?? order!.id;
    for (const path of [
      Paths.driverDashboard,
      Paths.driverProfile,
      Paths.driverDeliveryOrders,
      Paths.driverPickupOrders,
      Paths.driverOrderDetail(run),
      Paths.driverDeliveryConfirm(run),
      Paths.driverPickupConfirm(run),
      Paths.driverPayment(run),
      Paths.driverScan,
      Paths.helpAudience('driver'),
    ]) {
      await walk(driver, driverData, path);
    }
    await van.close();

    // Every page of the store and the driver was walked (their areas' bare paths redirect).
    const normal = (path: string) =>
      path
        .replace(/[?].*$/, '')
        .replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\/new$/g, (m) => (m === '/new' ? '/ID' : 'ID'));
    const expected = Object.values(Paths)
      .map((p) => {
        if (typeof p === 'string') return p;
        const build = p as (...args: unknown[]) => string;
        return build.length === 0 ? build() : build('ID');
      })
      .map((p) => p.replace(/[?].*$/, ''))
      .filter((p) => /^\/(store|driver)\//.test(p));
    const seen = new Set([...walked].map(normal));
    expect(expected.filter((p) => !seen.has(p))).toEqual([]);
    expect(findings).toEqual([]);
  }, 300_000);
});
