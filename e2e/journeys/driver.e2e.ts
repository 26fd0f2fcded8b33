import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type BookedOrder, type StockItem } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { browserSeeingLabels } from '../support/fake-camera';
import { signIn } from '../support/session';
import { signOnPad } from '../support/signature';
import { expectGloveSized } from '../support/touch';
import { baseUrl } from '../support/server';

const HOTEL = '太子城冰雪小镇酒店 1206';
const NAMES = ['配送雪杖 1', '配送雪杖 2'];

/** A photo as a phone camera would give it. */
async function cameraPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#8fb3d9' },
  })
    .jpeg()
    .toBuffer();
  return { name: 'door.jpg', mimeType: 'image/jpeg', buffer };
}

/**
 * The round of spec §1 for drivers: a delivery booked at the counter, given to the driver by the
 * manager, loaded into the van with the camera, signed for at the door with a photo; later
 * collected with one item damaged, which the store's check-in charges from the deposit.
 */
describe('the driver’s round', () => {
  let dir: string;
  let browser: Browser;
  let kit: StockItem[];
  let order: BookedOrder;

  beforeAll(async () => {
    const probe = await launchBrowser();
    const page = await (await newPhone(probe)).newPage();
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const stamp = Date.now().toString(36).toUpperCase();
    kit = await api.newItems(
      '雪杖',
      NAMES.map((name, n) => ({ name, barcodeNumber: `VAN${stamp}${n}` })),
    );
    const start = new Date(Date.now() + 3 * 3_600_000);
    order = await api.book({
      storeId,
      customerName: '刘女士',
      customerPhone: '13900007788',
      start,
      end: new Date(start.getTime() + 2 * 86_400_000),
      items: kit.map((k) => ({ equipmentId: k.id })),
      deliverTo: HOTEL,
    });
    for (const bill of order.bills) await api.payCash(bill.id);
    await probe.close();

    dir = mkdtempSync(join(tmpdir(), 'snowgear-van-'));
    browser = await browserSeeingLabels(
      dir,
      kit.map((item) => item.barcodeNumber),
    );
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers: assigned by the manager, loaded by camera, signed for with a photo (Chinese)', async () => {
    // The manager gives the run to the store's driver.
    const desk = await newPhone(browser);
    const manager = await desk.newPage();
    const managerErrors = watchErrors(manager);
    await signIn(manager, baseUrl, 'manager', `/store/orders/detail/${order.id}`);
    const runs = manager.locator('.adm-list', { hasText: '配送与取件' });
    await runs.getByText('送货上门').waitFor();
    await runs.getByRole('button', { name: '指派' }).first().tap();
    await manager.getByRole('button', { name: /赵师傅/ }).tap();
    await runs.getByText('赵师傅').waitFor();
    expect(managerErrors).toEqual([]);
    await desk.close();

    const van = await newPhone(browser);
    await van.grantPermissions(['camera'], { origin: baseUrl });
    const page = await van.newPage();
    const errors = watchErrors(page, { allow: [/ERR_INTERNET_DISCONNECTED/] });
    await signIn(page, baseUrl, 'driver', '/driver/dashboard');
    await page.getByText('今日任务').waitFor();
    await screenshot(page, 'driver-dashboard-zh');
    // The scan button (floating, it once covered the next run's due time) sits in a bottom bar as
    // wide as the screen, and scrolled to its end nothing of the page is under that bar.
    const scanButton = page.getByRole('button', { name: '扫码找订单' });
    await expectGloveSized(scanButton);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const covered = await scanButton.evaluate((button) => {
      let fixed: Element | null = button;
      while (fixed && getComputedStyle(fixed).position !== 'fixed') fixed = fixed.parentElement;
      if (!fixed || fixed.getBoundingClientRect().width < window.innerWidth)
        return ['a floating button'];
      const bar = fixed.getBoundingClientRect();
      return [...document.querySelectorAll('.page-layout__content *')]
        .filter((element) => element.childElementCount === 0 && element.checkVisibility())
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.height > 0 && box.bottom > bar.top && box.top < bar.bottom;
        })
        .map((element) => element.textContent);
    });
    expect(covered).toEqual([]);

    // Loading the van: the camera stays open from label to label.
    await page.getByRole('link', { name: '扫码装车' }).tap();
    await page.getByRole('button', { name: `装车 ${order.orderNumber}` }).tap();
    const load = page.getByRole('dialog', { name: '扫码装车配送' });
    await load.getByRole('button', { name: /扫码/ }).tap();
    const camera = page.getByRole('dialog', { name: '扫描装车的设备' });
    await camera.getByText(/^已扫 2 件/).waitFor({ timeout: 30_000 });
    await camera.getByRole('button', { name: '完成' }).tap();
    await load.getByText('已扫描 2/2 件', { exact: false }).waitFor();
    await load.getByRole('button', { name: '确认出发' }).tap();
    await load.waitFor({ state: 'hidden' });

    // At the door, where the hotel's basement has no signal: both handed over, a photo, the
    // recipient signs, and the phone keeps it all until the network returns.
    await page.goto(`${baseUrl}/driver/order-detail/${order.id}`);
    await page.getByText('配送中').first().waitFor();
    await page.getByRole('button', { name: '确认送达' }).tap();
    await page.waitForURL(`**/driver/delivery-confirm/${order.id}`);
    // The signal goes once the page is on the screen (its code is on the phone by then).
    await page.getByRole('button', { name: `勾选 ${NAMES[0]} 已交付` }).waitFor();
    await van.setOffline(true);
    for (const name of NAMES) {
      await page.getByRole('button', { name: `勾选 ${name} 已交付` }).tap();
    }
    await page.getByText('已交付 2/2 件').waitFor();
    await page.getByTestId('door-photo-input').setInputFiles(await cameraPhoto());
    await page.getByRole('img', { name: '交付照片' }).waitFor();
    await page.getByText('离线：照片已保存在本机，联网后随确认一起上传').waitFor();
    await signOnPad(page);
    await page.getByText('已签名').first().waitFor();
    await expectGloveSized(page.locator('.door-page .adm-button, .door-photo__button'));
    await screenshot(page, 'driver-delivery-confirm-zh');
    await page.locator('.driver-actions').getByRole('button', { name: '确认送达' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '确认送达' }).tap();
    await page.waitForURL(`**/driver/order-detail/${order.id}`);
    await page.getByText('1 项离线操作待发送').waitFor();
    await page
      .getByText(/^离线：显示的是 .* 的数据$/)
      .first()
      .waitFor();
    // Back in the lobby: the photo and signature go up, then the confirmation, once.
    await van.setOffline(false);
    await page.getByText('签收凭证').waitFor({ timeout: 30_000 });
    await page.getByText('签收人：刘女士').waitFor();
    expect(errors).toEqual([]);
    await van.close();
  });

  it('collects with one item damaged, and the store’s check-in charges it (Chinese)', async () => {
    const van = await newPhone(browser);
    await van.grantPermissions(['camera'], { origin: baseUrl });
    const page = await van.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'driver', '/driver/pickup-orders');
    const card = page.getByRole('article', { name: `订单 ${order.orderNumber} 的任务` });
    await card.getByRole('button', { name: '接单' }).tap();
    await card.getByText('我的').waitFor();
    await card.getByRole('link', { name: order.orderNumber }).tap();
    await page.getByRole('button', { name: '确认取件' }).tap();
    await page.waitForURL(`**/driver/pickup-confirm/${order.id}`);

    // Both scanned as collected, then the second reported damaged with a photo.
    await page.getByRole('button', { name: '扫码取件' }).tap();
    const camera = page.getByRole('dialog', { name: '扫码取件' });
    await camera.getByText(/^已扫 2 件/).waitFor({ timeout: 30_000 });
    await camera.getByRole('button', { name: '完成' }).tap();
    await page.getByText('已确认 2/2 件').waitFor();
    const second = page.getByRole('listbox', { name: `${NAMES[1]} 的情况` });
    await second.getByText('损坏').tap();
    await page.getByLabel(`${NAMES[1]} 的情况说明`).fill('杖尖断裂');
    await page.getByTestId('door-photo-input').setInputFiles(await cameraPhoto());
    await page.getByRole('img', { name: '拍损坏照片' }).waitFor();
    await screenshot(page, 'driver-pickup-zh');
    await page.locator('.driver-actions').getByRole('button', { name: '确认取件' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '确认取件' }).tap();
    await page.waitForURL(`**/driver/order-detail/${order.id}`);
    await page.getByText('待归还').first().waitFor();
    expect(errors).toEqual([]);
    await van.close();

    // At the store the check-in comes with the driver's report; the damage comes off the deposit.
    const desk = await newPhone(browser);
    const counter = await desk.newPage();
    const counterErrors = watchErrors(counter);
    await signIn(counter, baseUrl, 'employee', `/store/orders/detail/${order.id}`);
    await counter.getByRole('button', { name: '归还验收' }).tap();
    const check = counter.getByRole('dialog', { name: '归还验收' });
    await check.getByText('司机取件时：损坏，杖尖断裂', { exact: false }).waitFor();
    await check.getByText('已选 2 / 2 件').waitFor();
    await check.getByPlaceholder(/赔偿金额/).fill('60');
    await check.getByRole('button', { name: '确认验收' }).tap();
    await counter.locator('.adm-dialog-button', { hasText: '确认验收' }).tap();
    const refund = kit.reduce((n, k) => n + k.deposit, 0) - 60;
    await counter
      .locator('.order-detail__balance', { hasText: `应退客户 ¥${refund.toFixed(2)}` })
      .waitFor();
    expect(counterErrors).toEqual([]);
    await desk.close();
  });

  it('shows the driver’s day and runs in English, with glove-sized controls', async () => {
    const van = await newPhone(browser, 'en-US');
    await van.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await van.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'driver', '/driver/dashboard', 'en-US');
    await page.getByText('Deliveries to do').waitFor();
    await page.getByRole('link', { name: 'Pickup orders' }).tap();
    await page.getByRole('tab', { name: 'Done' }).tap();
    const card = page.getByRole('article', { name: `Run of order ${order.orderNumber}` });
    await card.getByText(/^Done /).waitFor();
    await expectGloveSized(page.locator('.run-card .adm-button, .run-card__number'));
    await card.getByRole('button', { name: `Navigate to ${HOTEL}` }).tap();
    const maps = page.locator('.run-maps');
    await maps.getByRole('link', { name: 'Amap' }).waitFor();
    expect(await maps.getByRole('link', { name: 'Amap' }).getAttribute('href')).toContain(
      encodeURIComponent(HOTEL).slice(0, 9),
    );
    await screenshot(page, 'driver-pickups-en');
    expect(errors).toEqual([]);
    await van.close();
  });
});
