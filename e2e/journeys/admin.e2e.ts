import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { baseUrl } from '../support/server';

/** Today's weekday (0 Sunday … 6) on the store's calendar. */
const todayInStore = () =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', weekday: 'short' }).format(
      new Date(),
    ),
  );

/** The number a list page says it holds ('共 12 单', '共 6 件', '12 orders' …). */
async function listTotal(page: Page): Promise<number> {
  const total = page.locator('.order-list__total, p.section-tip[aria-live="polite"]', {
    hasText: /\d/,
  });
  await total.first().waitFor();
  const text = (await total.first().textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1]);
}

describe('the store dashboard and the administration console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the manager today’s figures, each opening a list of the same count', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'manager', '/store/dashboard');
    await page.getByText('今日待办').waitFor();
    await screenshot(page, 'dashboard-manager-zh');
    const tiles = page.locator('a.figure-tile');
    const count = await tiles.count();
    expect(count).toBeGreaterThanOrEqual(9);
    let nonZero = 0;
    for (let i = 0; i < count; i++) {
      const tile = page.locator('a.figure-tile').nth(i);
      const label = (await tile.getAttribute('aria-label')) ?? '';
      const shown = Number(/(\d+)$/.exec(label)?.[1]);
      if (shown > 0) nonZero += 1;
      await tile.tap();
      await page.waitForURL((url) => !url.pathname.endsWith('/store/dashboard'));
      expect({ label, listed: await listTotal(page) }).toEqual({ label, listed: shown });
      await page.goBack();
      await page.waitForURL('**/store/dashboard');
    }
    expect(nonZero).toBeGreaterThanOrEqual(3);
    // Takings today open the finance page for that day.
    await page.locator('a.takings-card').tap();
    await page.waitForURL('**/store/finance?**');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English, the super admin changes a store’s closing time and rest days, which the booking page shows', async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'admin', '/store/dashboard', 'en-US');
    const api = staffApi(page, baseUrl);
    const stores = await api.call<{ items: { id: string; name: string }[] }>(
      'GET',
      '/api/app/admin/stores',
    );
    const store = stores.items.find((s) => s.name === '云顶夜场店')!;
    const before = await api.call<Record<string, unknown>>(
      'GET',
      `/api/app/admin/stores/${store.id}`,
    );

    await page.getByRole('link', { name: 'Administration' }).tap();
    await page.getByRole('link', { name: /^Stores/ }).tap();
    await page.getByRole('link', { name: /云顶夜场店/ }).tap();
    await page.getByLabel('Closes').fill('16:45');
    const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
      todayInStore()
    ]!;
    // Rest days in English read as full day names.
    const day = page.getByText(new RegExp(`^(${weekday}|${weekday.slice(0, 3)})$`)).first();
    await day.tap();
    await page.getByRole('button', { name: 'Save' }).tap();
    await page.waitForURL('**/store/admin/stores');
    await page.getByText(/16:45/).first().waitFor();
    await screenshot(page, 'admin-stores-en');

    // A customer's phone opening the booking page now: the store rests today, till 16:45.
    const customer = await newPhone(browser, 'en-US');
    await customer.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const booking = await customer.newPage();
    await booking.goto(`${baseUrl}/customer/order-create`);
    const card = booking.getByRole('radio', { name: /Genting Night Skiing Store/ });
    await card.getByText('Closed today').waitFor();
    await card.getByText(/16:45/).waitFor();
    await screenshot(booking, 'admin-store-rest-booking-en');
    await customer.close();

    // Back as it was, for the journeys that follow.
    await api.call('PUT', `/api/app/admin/stores/${store.id}`, {
      code: before.code,
      name: before.name,
      phone: before.phone,
      address: before.address,
      latitude: before.latitude,
      longitude: before.longitude,
      openTime: before.openTime,
      closeTime: before.closeTime,
      restDays: before.restDays,
      sortOrder: before.sortOrder,
      isActive: before.isActive,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a category with a select attribute, and new stock of it shows the field', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'admin', '/store/admin/catalogue');
    const name = `雪地靴${Date.now() % 100000}`;
    await page.goto(`${baseUrl}/store/admin/catalogue/new`);
    await page.getByLabel(/品类名称/).fill(name);
    await page.getByRole('button', { name: '小件' }).tap();
    await page.getByRole('button', { name: '创建品类' }).tap();
    await page.getByRole('heading', { name: '属性' }).waitFor();
    await page.getByRole('button', { name: /添加属性/ }).tap();
    const sheet = page.getByRole('form', { name: '添加属性' });
    await sheet.getByLabel(/显示名称/).fill('鞋码');
    const option = sheet.getByRole('textbox', { name: '选项' });
    for (const size of ['36', '38', '40']) {
      await option.fill(size);
      await sheet.getByRole('button', { name: '添加', exact: true }).tap();
    }
    await sheet.getByRole('button', { name: '保存' }).tap();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByText('36 · 38 · 40').waitFor();
    await screenshot(page, 'admin-category-zh');

    // New stock of it: the form shows the size field with its options.
    await page.goto(`${baseUrl}/store/inventory/checkin`);
    await page.getByText(name, { exact: true }).tap();
    await page.getByText('鞋码').waitFor();
    for (const size of ['36', '38', '40']) {
      await page.getByRole('option', { name: size, exact: true }).waitFor();
    }
    await screenshot(page, 'admin-category-checkin-zh');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes a help article that the public help centre shows', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'admin', '/store/admin/help');
    const stamp = Date.now() % 100000;
    const title = `雪天开车上山${stamp}`;
    await page.goto(`${baseUrl}/store/admin/help/new`);
    await page.getByLabel(/标题/).fill(title);
    await page.getByLabel(/标识/).fill(`driver-snow-road-${stamp}`);
    await page.getByRole('button', { name: '司机' }).tap();
    await page.getByLabel(/摘要/).fill('上山前检查轮胎和防滑链。');
    await page
      .getByLabel(/正文/)
      .fill('出发前请检查车辆。\n\n## 出发前\n\n1. 检查防滑链\n2. 带好铲子');
    await page.getByRole('tab', { name: '预览' }).tap();
    await page.getByRole('heading', { level: 2, name: '出发前' }).waitFor();
    await page.getByRole('tab', { name: '编辑' }).tap();
    await page.getByRole('button', { name: '保存并发布' }).tap();
    await page.getByText('已发布：保存后读者立即看到修改。').waitFor();

    // Anyone, signed in or not, finds it among the drivers' articles.
    const reader = await newPhone(browser);
    const help = await reader.newPage();
    await help.goto(`${baseUrl}/help/driver`);
    await help.getByRole('link', { name: new RegExp(title) }).tap();
    await help.getByRole('heading', { name: '出发前' }).waitFor();
    await screenshot(help, 'admin-help-published-zh');
    await reader.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the rental agreement, and the next booking shows the new version', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'admin', '/store/admin/system');
    // A pair of goggles of the store's own to book (the demo's may be booked for today).
    await staffApi(page, baseUrl).newItems('雪镜', [
      { name: '协议雪镜', barcodeNumber: `AGREEE2E${Date.now()}` },
    ]);
    const clause = `5. 雪具须在营业时间内归还（${Date.now() % 100000}）。`;
    const text = page.getByLabel('协议内容（中文）');
    await text.waitFor();
    await text.fill(`${await text.inputValue()}\n${clause}`);
    await page.getByRole('button', { name: '发布新版本' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: '发布新版本' }).tap();
    // Said once the server holds the new version ('当前版本' was on screen before, for the old one).
    await page.getByText('新版本已发布').waitFor();
    await page.getByText('当前版本').waitFor();
    await screenshot(page, 'admin-agreement-zh');

    // A customer booking now reads the new version.
    const customer = await newPhone(browser);
    const booking = await customer.newPage();
    await booking.goto(`${baseUrl}/customer/order-create`);
    await booking.getByRole('radio', { name: /万龙雪场店/ }).tap();
    await booking.getByRole('button', { name: '添加滑雪者', exact: true }).first().tap();
    const rider = booking.getByRole('dialog', { name: '添加滑雪者' });
    await rider
      .locator('.adm-form-item')
      .filter({ hasText: '姓名' })
      .locator('input')
      .first()
      .fill('周协议');
    await rider.getByRole('button', { name: '保存' }).tap();
    await rider.waitFor({ state: 'hidden' });
    await booking
      .locator('.gear-card:not(.gear-card--pack)', { hasText: '雪镜' })
      .getByRole('button')
      .tap();
    const popup = booking.getByRole('dialog').last();
    await popup.getByRole('radio', { name: '周协议', exact: true }).tap();
    await popup.locator('.kind-picker [role="radio"]:not([disabled])').first().tap();
    await popup.getByRole('button', { name: '加入预订' }).tap();
    await popup.waitFor({ state: 'hidden' });
    await booking.getByRole('button', { name: '查看协议' }).tap();
    const agreement = booking.getByRole('dialog', { name: '租赁协议' });
    await agreement.getByText(clause).waitFor();
    await screenshot(booking, 'admin-agreement-booking-zh');
    await customer.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
