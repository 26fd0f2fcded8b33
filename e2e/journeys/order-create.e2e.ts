import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';

const baseUrl = inject('baseUrl');

interface Gear {
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
}

/**
 * In-stock items of the signed-in employee's store that are free for the next days, taken from
 * the end-minus-10 region of the list (other journeys use the last few items).
 */
async function freeGear(page: Page, count: number): Promise<Gear[]> {
  return page.evaluate(async (count) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
    const me = (await (await fetch('/api/app/account/my-profile', { headers })).json()) as {
      primaryStoreId: string;
    };
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const query = new URLSearchParams({
      storeId: me.primaryStoreId,
      status: '0',
      availableFrom: from,
      availableTo: to,
      maxResultCount: '100',
    });
    const list = (await (await fetch(`/api/app/equipment?${query}`, { headers })).json()) as {
      items: Gear[];
    };
    // Clear of the last ten (other journeys take those) when the store has that many free.
    const end = Math.max(count, list.items.length - 10);
    return list.items.slice(end - count, end).map(({ barcodeNumber, dailyRentPrice, deposit }) => ({
      barcodeNumber,
      dailyRentPrice,
      deposit,
    }));
  }, count);
}

const money = (v: number) => `¥${v.toFixed(2)}`;
/** As the server and the page write times in the business time zone. */
const local = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
/** As the pages write a time: month and day, with the year when it is not this one. */
const short = (iso: string) =>
  local(iso).slice(0, 4) === local(new Date().toISOString()).slice(0, 4)
    ? local(iso).slice(5)
    : local(iso);

describe('a new order at the counter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is built by gun scans and priced before sending; the same gear is refused at the scan for the same time', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    const [one, two, spare] = await freeGear(page, 3);
    const gear = [one!, two!];
    expect(spare).toBeTruthy();

    // A walk-in: name and phone typed, then the gear scanned with the gun.
    await page.getByRole('textbox', { name: '客户姓名' }).fill('孙八');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700002222');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    for (const [i, item] of gear.entries()) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.locator('.order-create-line', { hasText: item.barcodeNumber }).waitFor(limit),
      );
      await page.getByRole('heading', { name: `设备（${i + 1}）` }).waitFor();
    }
    // The same item again is refused.
    await gunScan(page, gear[0]!.barcodeNumber, (limit) =>
      page.getByText(`设备 ${gear[0]!.barcodeNumber} 已在订单中`).waitFor(limit),
    );

    // One day by the store's default: rent and deposits of both items.
    const rent = gear.reduce((sum, g) => sum + g.dailyRentPrice, 0);
    const deposits = gear.reduce((sum, g) => sum + g.deposit, 0);
    const fees = page.locator('.order-create__fees');
    await fees
      .locator('.adm-list-item', { hasText: '租金（1 天）' })
      .getByText(money(rent))
      .waitFor();
    await fees.locator('.adm-list-item', { hasText: '押金' }).getByText(money(deposits)).waitFor();
    await fees
      .locator('.adm-list-item', { hasText: '合计' })
      .getByText(money(rent + deposits))
      .waitFor();
    await screenshot(page, 'store-order-create');

    await page.getByRole('button', { name: `创建订单 ${money(rent + deposits)}` }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const detail = page.locator('.order-detail');
    await detail.getByText('待支付').first().waitFor();
    for (const item of gear) await detail.getByText(item.barcodeNumber).first().waitFor();
    await detail
      .locator('.order-detail__total')
      .getByText(money(rent + deposits), { exact: true })
      .waitFor();
    const firstId = page.url().split('/').pop()!;
    expect(errors).toEqual([]);

    const first = await page.evaluate(async (id) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
      return (await (await fetch(`/api/app/orders/${id}`, { headers })).json()) as {
        orderNumber: string;
        rentalStartTime: string;
        rentalEndTime: string;
      };
    }, firstId);

    // A second order for one of the same items and the same time, from the quick actions: the
    // page kept alive starts afresh; the taken item is refused at its scan, with why.
    await page.getByRole('button', { name: '快捷操作' }).tap();
    await page.getByRole('button', { name: '创建订单', exact: true }).tap();
    await page.waitForURL('**/store/orders/create');
    await page.getByRole('heading', { name: '设备（0）' }).waitFor();
    expect(await page.getByRole('textbox', { name: '客户姓名' }).inputValue()).toBe('');
    await page.getByRole('textbox', { name: '客户姓名' }).fill('周九');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700003333');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    const taken = gear[1]!.barcodeNumber;
    const start = local(first.rentalStartTime);
    const end = local(first.rentalEndTime);
    await gunScan(page, taken, (limit) =>
      page
        .getByRole('status')
        .filter({ hasText: `${taken} 已被订单 ${first.orderNumber} 预订：${start} 至 ${end}` })
        .waitFor(limit),
    );
    await page.getByRole('heading', { name: '设备（0）' }).waitFor();
    await screenshot(page, 'store-order-create-conflict');
    // A free one goes on, and the draft outlives a reload.
    await gunScan(page, spare!.barcodeNumber, (limit) =>
      page.locator('.order-create-line', { hasText: spare!.barcodeNumber }).waitFor(limit),
    );
    await page.reload();
    await page.locator('.order-create-line', { hasText: spare!.barcodeNumber }).waitFor();
    expect(await page.getByRole('textbox', { name: '客户姓名' }).inputValue()).toBe('周九');
    expect(page.url()).toContain('/store/orders/create');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names the start picker's wheels to a screen reader in English too", async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create', 'en-US');
    const startButton = page.locator('.order-create__start');
    const shown = (await startButton.textContent())!;
    await startButton.tap();
    const hourColumn = page.locator('.adm-picker-view-column').nth(3);
    expect(
      await hourColumn.getByRole('button', { name: /^Selected: / }).getAttribute('aria-label'),
    ).toBe(`Selected: ${shown.slice(6, 8)}`);
    expect(
      await hourColumn.getByRole('button', { name: /^Select the next one: \d{2}$/ }).count(),
    ).toBe(1);
    const labels = await page
      .locator('.adm-picker-view-column-accessible [aria-label]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => /[\u4e00-\u9fff]/.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows and picks the start on the store's clock on a phone set to another zone", async () => {
    // London is eight hours behind the store in winter: a phone's own clock would be off by that.
    const context = await newPhone(browser, 'zh-CN', { timezoneId: 'Europe/London' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    const [item] = await freeGear(page, 1);
    await page.getByRole('textbox', { name: '客户姓名' }).fill('吴十');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700004444');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    await gunScan(page, item!.barcodeNumber, (limit) =>
      page.locator('.order-create-line', { hasText: item!.barcodeNumber }).waitFor(limit),
    );

    // The picker opens on the hour the button shows; the next hour is picked.
    const startButton = page.locator('.order-create__start');
    const shown = (await startButton.textContent())!;
    await startButton.tap();
    const hourColumn = page.locator('.adm-picker-view-column').nth(3);
    const current = hourColumn.getByRole('button', { name: /^当前选择的是：/ });
    expect(await current.getAttribute('aria-label')).toBe(`当前选择的是：${shown.slice(6, 8)}`);
    // The wheel's spoken buttons are hidden from sight: pressed as a screen reader would.
    await hourColumn
      .getByRole('button', { name: /^选择下一项：/ })
      .evaluate((button: HTMLElement) => button.click());
    await page.getByText('确定', { exact: true }).tap();
    await page.locator('.adm-picker').waitFor({ state: 'hidden' });
    const picked = (await startButton.textContent())!;
    expect(picked).not.toBe(shown);
    expect(await startButton.getAttribute('aria-label')).toBe(`开始时间 ${picked}，点击修改`);

    await page.getByRole('button', { name: /^创建订单 ¥/ }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const order = await page.evaluate(async (id) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
      return (await (await fetch(`/api/app/orders/${id}`, { headers })).json()) as {
        rentalStartTime: string;
      };
    }, page.url().split('/').pop()!);
    // The order starts at the time picked, read on the store's clock, and its page says so.
    expect(short(order.rentalStartTime)).toBe(picked);
    await page.locator('.order-detail').getByText(picked, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
