import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@snowgear/contracts';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { expectGloveSized } from '../support/touch';
import { baseUrl } from '../support/server';
import { addDays, percentOn, rate, storeDay } from '../support/demo-prices';
import { demoCategoryCards } from '@snowgear/server/demo/pricing';

const DAY = 86_400_000;

describe('the counter, scan-first and with gloves', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('one scan of gear out on an order opens its return; a plain check-in is never offered', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    // A family's two items, out since three days ago and due back yesterday.
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const stock = await api.inStock(storeId);
    // An adult's skis and boots (numbered before the children's: SGWLSKI001 … 006), the second
    // of each in stock, whose rate cards price the days late.
    const adult = (code: string) =>
      stock.filter((i) => new RegExp(`^SG[A-Z]{2}${code}00[1-6]$`).test(i.barcodeNumber))[1]!;
    const kit = [adult('SKI'), adult('SBT')];
    // Orders are never backdated at the counter: a super admin records the rental that began
    // days ago (a paper order).
    const admin = await newPhone(browser);
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseUrl, 'admin', '/store/dashboard');
    // Two days exactly, from one clock reading: a millisecond more is a third started day.
    const now = Date.now();
    const start = new Date(now - 3 * DAY);
    const late = await staffApi(adminPage, baseUrl).book({
      storeId,
      customerName: '郑一',
      customerPhone: '13500007777',
      start,
      end: new Date(now - DAY),
      items: kit.map((i) => ({ equipmentId: i.id })),
    });
    await admin.close();
    await api.payCash(late.bills[0]!.id);
    await api.call('POST', `/api/app/orders/${late.id}/handover`, {
      barcodes: kit.map((i) => i.barcodeNumber),
    });

    // From the workspace a gun scan of the first item opens the order's return, item ticked.
    await page.goto(`${baseUrl}/store/workspace`);
    await page.getByRole('button', { name: '快捷操作' }).waitFor();
    const check = page.getByRole('dialog', { name: '归还验收' });
    await gunScan(page, kit[0]!.barcodeNumber, (limit) =>
      check.getByText('已选 1 / 2 件').waitFor(limit),
    );
    expect(page.url()).toContain(`/store/orders/detail/${late.id}?return=`);
    // The second item of the kit: one more scan ticks it.
    await gunScan(page, kit[1]!.barcodeNumber, (limit) =>
      check.getByText('已选 2 / 2 件').waitFor(limit),
    );
    // Something that is not this order's says so, and ticks nothing.
    await gunScan(page, stock[0]!.barcodeNumber, (limit) =>
      check.getByText(`${stock[0]!.barcodeNumber} 不是本订单待归还的设备`).waitFor(limit),
    );
    // Every control of the sheet takes a gloved thumb, its close button included.
    const measured = await expectGloveSized(
      page.locator(
        '.order-panel .adm-popup-close-icon, .order-panel .adm-button, .order-panel .adm-selector-item',
      ),
    );
    expect(measured).toBeGreaterThanOrEqual(3 + 6);
    // A day and a little past the end, beyond the hour's grace: two started days, each at its
    // day's rate (the kit's daily rent, or its season's percent of it), shown as its own line
    // before the clerk confirms.
    const owed = (await api.call<Order>('GET', `/api/app/orders/${late.id}`)).lateFee!;
    expect(owed.days).toBe(2);
    const lateFee = owed.amount;
    // To the fen what the cards say: the rental's third and fourth days on the skis' and the
    // boots' cards, each at its calendar day's percent (docs/pricing.md).
    const startDay = storeDay(start);
    const today = storeDay(new Date());
    const dayFen = (k: number) =>
      [demoCategoryCards.SKI!.adult, demoCategoryCards.SBT!.adult].reduce(
        (n, card) => n + rate(card, k) * percentOn(today, addDays(startDay, k - 1)),
        0,
      );
    expect(Math.round(lateFee * 100)).toBe(dayFen(3) + dayFen(4));
    await check.getByText('超时费（超时 2 天）').waitFor();
    await check
      .getByText(`¥${lateFee.toFixed(2)}`)
      .first()
      .waitFor();
    await screenshot(page, 'counter-return-by-scan');
    await check.getByRole('button', { name: '确认验收' }).tap();
    await page.getByText('已归还', { exact: true }).first().waitFor();
    // What is owed, to whom: the deposit less the late fee goes back (or the rest is collected).
    const deposits = kit.reduce((n, i) => n + i.deposit, 0);
    const balance = deposits - lateFee;
    await page
      .locator('.order-detail__balance', {
        hasText:
          balance >= 0 ? `应退客户 ¥${balance.toFixed(2)}` : `待收 ¥${(-balance).toFixed(2)}`,
      })
      .waitFor();

    // Scanned again now, the item is plain stock and opens its dialog.
    const dialog = page.locator('.adm-popup-body').filter({ hasText: kit[0]!.barcodeNumber });
    await gunScan(page, kit[0]!.barcodeNumber, (limit) =>
      dialog.getByRole('button', { name: '出库' }).waitFor(limit),
    );
    expect(await dialog.locator('.out-on-order').count()).toBe(0);
    await expectGloveSized(
      dialog.locator(
        '.adm-popup-close-icon, .equipment-dialog__actions .adm-button, .number-stepper__button',
      ),
    );
    await dialog.getByRole('button', { name: '关闭' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("operates another store's gear after its notice, and the history says from where", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/workspace');
    const api = staffApi(page, baseUrl);
    const { items } = await api.call<{
      items: { id: string; barcodeNumber: string; unavailableTimes: unknown[] }[];
    }>('GET', '/api/app/equipment?keyword=SGTW&status=0&maxResultCount=100');
    // One that nothing holds at any time, so today's check-out is free.
    const theirs = items.filter((i) => i.unavailableTimes.length === 0).at(-1)!;

    await page.getByRole('button', { name: '快捷操作' }).waitFor();
    const notice = page.getByRole('alertdialog');
    await gunScan(page, theirs.barcodeNumber, (limit) =>
      notice.getByText(/不属于本店；您可以继续查看和操作，但请核实/).waitFor(limit),
    );
    await notice.getByRole('button', { name: '继续' }).tap();
    const dialog = page.locator('.adm-popup-body').filter({ hasText: theirs.barcodeNumber });
    await dialog.getByText('租赁', { exact: true }).tap(); // a quick reason
    await dialog.getByRole('button', { name: '出库' }).tap();
    await dialog.locator('.adm-tag', { hasText: '已出库' }).waitFor();
    await dialog.getByRole('button', { name: '关闭' }).tap();

    await page.goto(`${baseUrl}/store/inventory/detail/${theirs.id}`);
    await page
      .getByText(/（万龙雪场店，跨店操作） · 太舞小镇店/)
      .first()
      .waitFor();
    await screenshot(page, 'counter-other-store-history');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('workspace tiles lead where the role may go, and count what they open (in English)', async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'manager', '/store/workspace', 'en-US');
    const tile = page.getByRole('link', { name: /Overdue/ });
    const count = tile.locator('.workspace-tile__count');
    await expect.poll(async () => /^\d+$/.test((await count.textContent()) ?? '')).toBe(true);
    const n = Number(await count.textContent());
    await tile.tap();
    // A manager has no clerk's overdue page: the order list's overdue tab, with the same count.
    await page.waitForURL('**/store/orders/list?tab=overdue');
    await page.getByText(`Orders: ${n}`, { exact: true }).first().waitFor();
    // The tab bar's English labels sit centred in their tabs ('Store workspace' takes two lines
    // of a manager's five): each line of text is as far from its tab's left edge as from its right.
    await page.locator('.app-tabs__tab').first().waitFor();
    const offCentre = await page.evaluate(() =>
      [...document.querySelectorAll('.app-tabs__tab')].flatMap((tab) => {
        const box = tab.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(tab.querySelector('.app-tabs__label')!);
        return [...range.getClientRects()]
          .map((line) => Math.abs(line.left - box.left - (box.right - line.right)))
          .filter((gap) => gap > 3)
          .map((gap) => `${tab.textContent}: ${Math.round(gap)} px`);
      }),
    );
    expect(offCentre).toEqual([]);
    expect(await expectGloveSized(page.locator('.quick-actions__toggle'))).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
