import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type StockItem } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { browserSeeingLabels } from '../support/fake-camera';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';
import { RECORD_SOUNDS, sounds } from '../support/sounds';
import { expectGloveSized } from '../support/touch';
import { baseUrl } from '../support/server';

/**
 * Batch mode at the counter: a family's kit goes out with the camera kept open from label to
 * label, one reason and one confirmation, and comes back by barcode gun the same way.
 */
describe('batch check-out and check-in', () => {
  let dir: string;
  let browser: Browser;
  let kit: StockItem[];

  beforeAll(async () => {
    // Three items of the journey's own, so that nothing else holds them.
    const probe = await launchBrowser();
    const page = await (await newPhone(probe)).newPage();
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const stamp = Date.now().toString(36).toUpperCase();
    kit = await staffApi(page, baseUrl).newItems(
      '雪杖',
      [1, 2, 3].map((n) => ({ name: `全家套装雪杖 ${n}`, barcodeNumber: `BATCH${stamp}${n}` })),
    );
    await probe.close();
    dir = mkdtempSync(join(tmpdir(), 'snowgear-batch-'));
    browser = await browserSeeingLabels(
      dir,
      kit.map((item) => item.barcodeNumber),
    );
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('checks a kit out with the camera kept open, one sound per item (Chinese)', async () => {
    const context = await newPhone(browser);
    await context.grantPermissions(['camera'], { origin: baseUrl });
    await context.addInitScript(RECORD_SOUNDS);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/inventory/list');
    await page.getByRole('link', { name: '批量出入库' }).tap();
    await page.getByText('已扫描 0 件').waitFor();

    await page.getByRole('button', { name: '扫码添加' }).tap();
    const dialog = page.getByRole('dialog', { name: '批量出库：逐件扫描' });
    await dialog.waitFor();
    // The camera stays open: each label joins the list, until all three are in.
    await dialog.getByText(/^已扫 3 件/).waitFor({ timeout: 30_000 });
    for (const item of kit) {
      await dialog
        .locator('.scanner-dialog__batch-list li.is-ok', { hasText: item.barcodeNumber })
        .waitFor();
    }
    const heard = await sounds(page);
    expect(heard.length).toBeGreaterThanOrEqual(3);
    await expectGloveSized(dialog.getByRole('button', { name: '完成' }));
    await screenshot(page, 'batch-camera-zh');
    await dialog.getByRole('button', { name: '完成' }).tap();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText('已扫描 3 件').waitFor();
    expect(await expectGloveSized(page.getByRole('button', { name: /^从列表移除/ }))).toBe(3);
    await page.getByText('团体订单', { exact: true }).tap();
    await page.getByRole('button', { name: '出库 3 件' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '出库' }).tap();
    await page.getByText('已扫描 0 件').waitFor();
    const api = staffApi(page, baseUrl);
    for (const item of kit) {
      const now = await api.call<{ status: number }>('GET', `/api/app/equipment/${item.id}`);
      expect(now.status).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks the kit back in by barcode gun (English)', async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/inventory/batch', 'en-US');
    await page.getByText('Check in', { exact: true }).tap();
    for (const [i, item] of kit.entries()) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.getByText(`${i + 1} scanned`).waitFor(limit),
      );
    }
    await page.getByText('Rental return', { exact: true }).tap();
    await screenshot(page, 'batch-gun-en');
    await page.getByRole('button', { name: 'Check in 3 items' }).tap();
    await page.locator('.adm-dialog-button', { hasText: 'Check in' }).tap();
    await page.getByText('0 scanned').waitFor();
    const api = staffApi(page, baseUrl);
    for (const item of kit) {
      const now = await api.call<{ status: number }>('GET', `/api/app/equipment/${item.id}`);
      expect(now.status).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
