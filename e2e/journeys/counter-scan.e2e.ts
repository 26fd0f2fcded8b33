import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type BookedOrder, type StockItem } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { browserSeeingLabels } from '../support/fake-camera';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';
import { customerSigns } from '../support/signature';
import { RECORD_SOUNDS, sounds } from '../support/sounds';
import { baseUrl } from '../support/server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The counter's scan-to-order: each scan asks at once whether the item is free for the order's
 * window and says why not (booked later in it, booked since earlier today, out with a customer);
 * then a walk-in's kit goes on with one camera scan per item, and out with the paid order
 * without a second scan.
 */
describe('scan to order at the counter', () => {
  let dir: string;
  let browser: Browser;
  let taken: { later: StockItem; earlier: StockItem; out: StockItem };
  let kit: StockItem[];
  let holders: { later: BookedOrder; earlier: BookedOrder; out: BookedOrder };

  beforeAll(async () => {
    // Items of the journey's own, three of them taken three ways by other orders.
    const probe = await launchBrowser();
    const page = await (await newPhone(probe)).newPage();
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const api = staffApi(page, baseUrl);
    const stamp = Date.now().toString(36).toUpperCase();
    const items = await api.newItems(
      '雪杖',
      [1, 2, 3, 4, 5, 6].map((n) => ({
        name: `扫码下单雪杖 ${n}`,
        barcodeNumber: `SCAN${stamp}${n}`,
      })),
    );
    const [later, earlier, out, ...rest] = items;
    taken = { later: later!, earlier: earlier!, out: out! };
    kit = rest;
    const storeId = await api.myStoreId();
    const now = Date.now();
    const order = async (item: StockItem, start: number, end: number, extra: object = {}) =>
      api.call<BookedOrder>('POST', '/api/app/orders', {
        storeId,
        customerName: '别的客人',
        customerPhone: '13900006666',
        rentalStartTime: new Date(start).toISOString(),
        rentalEndTime: new Date(end).toISOString(),
        items: [{ equipmentId: item.id, scanned: true }],
        agreement: await api.signature(),
        ...extra,
      });
    holders = {
      // Booked from later today, within the walk-in's rental.
      later: await order(later!, now + 6 * HOUR, now + 2 * DAY),
      // Booked since a few minutes ago, not picked up yet.
      earlier: await order(earlier!, now - 10 * MINUTE, now + DAY),
      // Lent out now (nothing to pay): with a customer until the day after tomorrow.
      out: await order(out!, now, now + 2 * DAY, { orderType: 'Loan' }),
    };
    await probe.close();
    dir = mkdtempSync(join(tmpdir(), 'snowgear-counter-scan-'));
    browser = await browserSeeingLabels(
      dir,
      kit.map((item) => item.barcodeNumber),
    );
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('says why each taken item cannot go on, then hands a scanned kit over once paid (Chinese)', async () => {
    const context = await newPhone(browser);
    await context.grantPermissions(['camera'], { origin: baseUrl });
    await context.addInitScript(RECORD_SOUNDS);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const api = staffApi(page, baseUrl);
    // The walk-in's rental starts now, for a day (whatever the hour the journey runs at).
    const { id: userId } = await api.call<{ id: string }>('GET', '/api/app/account/my-profile');
    await page.evaluate(
      ({ key, start }) =>
        localStorage.setItem(
          key,
          JSON.stringify({ savedAt: Date.now(), values: { start, days: 1 } }),
        ),
      {
        key: `draft:order-create:${userId}`,
        start: new Date(Date.now() + 2 * MINUTE).toISOString(),
      },
    );
    await page.goto(`${baseUrl}/store/orders/create`);
    await page.getByRole('textbox', { name: '客户姓名' }).fill('郑十一');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700005555');
    await page.getByRole('heading', { name: '设备（0）' }).tap();

    // Each taken item is refused at its scan, in plain words, with the error sound.
    const notice = page.locator('.order-create__notice');
    const refusals: [StockItem, RegExp][] = [
      [
        taken.later,
        new RegExp(`^${taken.later.barcodeNumber} 已被订单 ${holders.later.orderNumber} 预订：`),
      ],
      [
        taken.earlier,
        new RegExp(
          `^${taken.earlier.barcodeNumber} 已被订单 ${holders.earlier.orderNumber} 预订：`,
        ),
      ],
      [
        taken.out,
        // Due back the day after tomorrow: out, never said to be late.
        new RegExp(
          `^${taken.out.barcodeNumber} 正随订单 ${holders.out.orderNumber} 租出中，应于\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d 归还$`,
        ),
      ],
    ];
    for (const [item, why] of refusals) {
      const before = (await sounds(page)).length;
      await gunScan(page, item.barcodeNumber, (limit) =>
        notice.filter({ hasText: why }).waitFor(limit),
      );
      await expect.poll(async () => (await sounds(page)).length).toBeGreaterThan(before);
      await page.getByRole('heading', { name: '设备（0）' }).waitFor();
    }
    await screenshot(page, 'counter-scan-refused');

    // The camera stays open: one look at each label, each goes on the order.
    await page.getByRole('button', { name: '扫码添加' }).tap();
    const dialog = page.getByRole('dialog', { name: '扫描要出租的设备' });
    await dialog.waitFor();
    await dialog.getByText(/^已扫 3 件/).waitFor({ timeout: 30_000 });
    for (const item of kit) {
      await dialog
        .locator('.scanner-dialog__batch-list li.is-ok', { hasText: item.barcodeNumber })
        .waitFor();
    }
    await screenshot(page, 'counter-scan-camera');
    await dialog.getByRole('button', { name: '完成' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: '设备（3）' }).waitFor();
    await page
      .getByText('扫码添加的设备下单即交付（有款项时付款后即交付），无需再次扫码')
      .waitFor();

    await customerSigns(page);
    await page.getByRole('button', { name: /^创建订单 ¥/ }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const detail = page.locator('.order-detail');
    await detail.getByText('待支付').first().waitFor();
    const id = page.url().split('/').pop()!;
    // The clerk takes the money: the kit goes out with it, no second scan.
    const placed = await api.call<{ bills: { id: string; status: string }[] }>(
      'GET',
      `/api/app/orders/${id}`,
    );
    for (const bill of placed.bills.filter((b) => b.status === 'pending')) {
      await api.payCash(bill.id);
    }
    await page.reload();
    await detail.getByText('使用中').first().waitFor();
    await detail
      .getByText(/^交付设备：/)
      .first()
      .waitFor();
    await screenshot(page, 'counter-scan-handed-over');
    for (const item of kit) {
      const now = await api.call<{ status: number }>('GET', `/api/app/equipment/${item.id}`);
      expect(now.status).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
