import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { baseUrl } from '../support/server';

interface Booked {
  id: string;
  orderNumber: string;
}

/**
 * Books two in-stock items of the signed-in employee's store for two customers, through the API
 * as a client would. Both rentals start 45 days ahead at 10:00 (Beijing); returns that day too.
 */
async function bookTwoOrders(page: Page): Promise<{ day: string; first: Booked; second: Booked }> {
  const api = staffApi(page, baseUrl);
  const storeId = await api.myStoreId();
  const stock = await api.inStock(storeId);
  const day = new Date(Date.now() + 45 * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Asia/Shanghai',
  });
  const start = new Date(`${day}T10:00:00+08:00`);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  const book = (equipmentId: string, customerName: string, customerPhone: string) =>
    api.book({ storeId, customerName, customerPhone, start, end, items: [{ equipmentId }] });
  const first = await book(stock[0]!.id, '周小雪', '13911110001');
  const second = await book(stock[1]!.id, '吴大山', '13922220002');
  return { day, first, second };
}

const card = (page: Page, orderNumber: string) =>
  page.locator('.order-card', { hasText: orderNumber });

describe('the store order list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('finds an order by phone under its status tab, and keeps the search across its detail', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const { day, first, second } = await bookTwoOrders(page);

    // The bottom tab between the workspace and the stock.
    const tabs = page.getByRole('navigation', { name: '底部导航' }).getByRole('link');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['门店工作台', '订单', '库存', '个人中心']);
    await expect.poll(() => tabs.first().getAttribute('aria-current')).toBe('page');
    await tabs.filter({ hasText: '订单' }).tap();
    await page.waitForURL('**/store/orders/list');
    // The tab bar marks the new page once it has drawn it.
    await expect
      .poll(() => tabs.filter({ hasText: '订单' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByRole('heading', { name: '订单' }).waitFor();
    // Newest first.
    await card(page, second.orderNumber).waitFor();
    const numbers = await page.locator('.order-card__link').allInnerTexts();
    expect(numbers.indexOf(second.orderNumber)).toBeLessThan(numbers.indexOf(first.orderNumber));
    // Month/day, with the year when the day is in another year than today's at the store.
    const thisYear = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const mm = (day.slice(0, 4) === thisYear.slice(0, 4) ? day.slice(5) : day).replaceAll('-', '/');
    await card(page, first.orderNumber)
      .getByText(new RegExp(`^${mm} 10:00 – `))
      .waitFor();

    // A phone number typed (or scanned) into the search, ended with Enter.
    await page.getByPlaceholder('订单号、客户姓名或手机号').fill('13911110001');
    await page.keyboard.press('Enter');
    await page.waitForURL(/keyword=13911110001/);
    await page.getByText('共 1 单').waitFor();
    await card(page, first.orderNumber).waitFor();
    expect(await card(page, second.orderNumber).count()).toBe(0);
    const found = card(page, first.orderNumber);
    await found.getByText('周小雪').waitFor();
    expect(await found.getByRole('link', { name: /13911110001/ }).getAttribute('href')).toBe(
      'tel:13911110001',
    );

    await page.getByRole('tab', { name: '待支付' }).tap();
    await page.waitForURL(/tab=unpaid/);
    await found.getByText('待支付').waitFor();
    await screenshot(page, 'order-list');

    // Nothing of this customer is overdue.
    await page.getByRole('tab', { name: '逾期' }).tap();
    await page.getByText('没有符合条件的订单').waitFor();
    await page.getByRole('tab', { name: '待支付' }).tap();

    // Anywhere on the card opens the order.
    const box = (await found.boundingBox())!;
    await found.tap({ position: { x: 24, y: box.height - 16 } });
    await page.waitForURL(`**/store/orders/detail/${first.id}`);
    await page.getByRole('heading', { name: first.orderNumber }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/store\/orders\/list\?tab=unpaid&keyword=13911110001$/);
    expect(await page.getByPlaceholder('订单号、客户姓名或手机号').inputValue()).toBe(
      '13911110001',
    );
    expect(await page.getByRole('tab', { name: '待支付' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await card(page, first.orderNumber).waitFor();

    // Rental start days, from the address, with a clear button.
    await page.goto(`${baseUrl}/store/orders/list?keyword=139&from=${day}&to=${day}`);
    await card(page, first.orderNumber).waitFor();
    await card(page, second.orderNumber).waitFor();
    await page.getByRole('button', { name: `租期开始：${mm}` }).waitFor();
    const nextDay = new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000);
    const next = nextDay.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    await page.goto(`${baseUrl}/store/orders/list?keyword=139&from=${next}`);
    await page.getByText('没有符合条件的订单').waitFor();
    await page.getByRole('button', { name: '清除日期' }).tap();
    await page.waitForURL(/\/store\/orders\/list\?keyword=139$/);
    await card(page, first.orderNumber).waitFor();
    await page.getByRole('button', { name: '租期开始：不限' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks English when chosen', async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    await signIn(page, baseUrl, 'employee', '/store/orders/list', 'en-US');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByRole('tab', { name: 'All' }).waitFor();
    await page.getByRole('tab', { name: 'Overdue' }).waitFor();
    await page.getByPlaceholder('Order number, customer name or phone').waitFor();
    expect(await page.title()).toMatch(/^Orders - /);
    await context.close();
  });
});
