import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi, type StockItem } from '../support/api';
import { writeFakeCameraVideo } from '../support/fake-camera';
import { customerSignIn, signIn } from '../support/session';
import { baseUrl } from '../support/server';
import { landAfterPaying } from '../support/booking';

const DAY = 86_400_000;
const STORE = '云顶夜场店';

/** What the customer reads and taps, in each language the journey is made in. */
const TEXTS = {
  'zh-CN': {
    current: '当前租赁',
    toPay: /^去支付 ¥[\d.]+$/,
    alipay: '支付宝',
    payButton: /^支付宝付款 ¥[\d.]+$/,
    // The method the page chooses first (the store takes WeChat Pay and Alipay).
    defaultPay: /^微信付款 ¥[\d.]+$/,
    paidAttempt: '付款成功',
    simulate: '模拟支付成功',
    paid: '支付成功',
    viewOrder: '查看订单',
    back: '返回',
    extend: /^续租 1 天 ¥[\d.]+$/,
    extendGo: '确认续租',
    selfReturn: '自助归还',
    scan: '扫描雪具标签',
    scanTitle: '扫描雪具上的标签',
    progress: (done: number) => `已完成 ${done} / 2 件`,
    submit: '提交归还',
    handedBack: '已自助归还，待门店验收',
    refunded: /已原路退回支付宝/,
  },
  'en-US': {
    current: 'Current rental',
    toPay: /^Pay ¥[\d.]+$/,
    alipay: 'Alipay',
    payButton: /^Pay ¥[\d.]+ with Alipay$/,
    defaultPay: /^Pay ¥[\d.]+ with WeChat Pay$/,
    paidAttempt: 'Paid',
    simulate: 'Pay (simulated)',
    paid: 'Payment received',
    viewOrder: 'View the order',
    back: 'Back',
    extend: /^Extend 1 day ¥[\d.]+$/,
    extendGo: 'Extend',
    selfReturn: 'Self-return',
    scan: 'Scan a gear label',
    scanTitle: 'Scan the label on the gear',
    progress: (done: number) => `Done: ${done} of 2`,
    submit: 'Hand it back',
    handedBack: 'Handed back, waiting for the store',
    refunded: /Back to Alipay/,
  },
} as const;
type Language = keyof typeof TEXTS;

interface Order {
  id: string;
  orderNumber: string;
  status: number;
  rentalEndTime: string;
  items: { id: string; barcodeNumber: string | null }[];
  bills: { kind: string; status: string; amount: number; method: string | null }[];
}

/** Pays what the payment page shows with Alipay (the store's sandbox) and goes on to the order. */
async function payWithAlipay(page: Page, texts: (typeof TEXTS)[Language]) {
  await page.waitForURL('**/customer/payment/**');
  await page.getByText(texts.alipay, { exact: true }).tap();
  await page.getByRole('button', { name: texts.payButton }).tap();
  await page.waitForURL('**/api/payments/sandbox/cashier/*');
  await page.getByRole('button', { name: texts.simulate }).tap();
  // The gear is still to be collected: on the code, then one tap on to the order.
  await landAfterPaying(page, texts.paid, { viewOrder: texts.viewOrder });
}

describe('the customer after booking: dashboard, orders, extension and self-return', () => {
  let browser: Browser;
  let dir: string;
  let staff: BrowserContext;
  let staffPage: Page;
  let storeId: string;
  let stock: StockItem[];

  beforeAll(async () => {
    // The fake camera sees the labels of the items this journey rents, one after the other.
    const probe = await launchBrowser();
    const probeContext = await newPhone(probe);
    const probePage = await probeContext.newPage();
    await signIn(probePage, baseUrl, 'admin', '/store/dashboard');
    const config = await staffApi(probePage, baseUrl).call<{
      storeConfigs: Record<string, { storeId: string; storeName: string }>;
    }>('GET', '/api/app/config-distribution/h5');
    storeId = Object.values(config.storeConfigs).find((s) => s.storeName === STORE)!.storeId;
    // Items nothing holds (the demo's orders hold some), from the end of the list: other
    // journeys take theirs from elsewhere.
    const free = (await staffApi(probePage, baseUrl).inStock(storeId)).filter(
      (item) =>
        (item as StockItem & { unavailableTimes?: unknown[] }).unavailableTimes?.length === 0,
    );
    stock = free.slice(-8, -4);
    expect(stock).toHaveLength(4);
    await probe.close();
    dir = mkdtempSync(join(tmpdir(), 'snowgear-self-return-'));
    const video = await writeFakeCameraVideo(
      dir,
      'labels',
      stock.map((item) => ({ bcid: 'code128' as const, text: item.barcodeNumber })),
    );
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    staff = await newPhone(browser);
    staffPage = await staff.newPage();
    await signIn(staffPage, baseUrl, 'admin', '/store/dashboard');
  });
  afterAll(async () => {
    await staff?.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const [index, language] of (['zh-CN', 'en-US'] as const).entries()) {
    it(`books, pays, extends, hands back by self-return and gets the deposit back (${language})`, async () => {
      const texts = TEXTS[language];
      const api = staffApi(staffPage, baseUrl);
      const phone = `1391122000${index}`;
      const context = await newPhone(browser, language);
      await context.grantPermissions(['camera'], { origin: baseUrl });
      const page = await context.newPage();
      const errors = watchErrors(page);

      // A new customer signs in; the store then books two items for their verified phone.
      await customerSignIn(page, baseUrl, {
        phone,
        name: index ? '林一' : '林零',
        to: '/customer/dashboard',
        language,
      });
      const gear = stock.slice(index * 2, index * 2 + 2);
      const start = new Date(Date.now() + 60 * 60_000);
      const booked = await api.book({
        storeId,
        customerName: index ? '林一' : '林零',
        customerPhone: phone,
        start,
        end: new Date(start.getTime() + 2 * DAY),
        items: gear.map((g) => ({ equipmentId: g.id })),
      });

      // The dashboard shows it at a glance, with the way to pay.
      await page.reload();
      await page.getByText(texts.current).waitFor();
      await page.getByText(booked.orderNumber, { exact: false }).waitFor();
      await screenshot(page, `customer-dashboard-${language}`);
      await page.getByRole('button', { name: texts.toPay }).first().tap();
      await payWithAlipay(page, texts);

      // Back to the list of orders, where it is too.
      await page.locator('.adm-nav-bar-back', { hasText: texts.back }).tap();
      await page.waitForURL('**/customer/orders');
      await page.getByRole('link', { name: booked.orderNumber }).waitFor();
      await page.getByRole('link', { name: booked.orderNumber }).tap();
      await page.waitForURL(`**/customer/orders/${booked.id}`);

      // One more day, priced on the button, paid online: the payment page asks for it at once,
      // with the way to pay (not the first payment's success), and Back returns to the order.
      await page.getByRole('button', { name: texts.extend }).tap();
      await page.locator('.adm-dialog-button', { hasText: texts.extendGo }).tap();
      await page.waitForURL('**/customer/payment/**');
      await page.getByRole('button', { name: texts.defaultPay }).waitFor();
      expect(await page.getByText(texts.paidAttempt, { exact: true }).count()).toBe(0);
      await page.locator('.adm-nav-bar-back', { hasText: texts.back }).tap();
      await page.waitForURL(`**/customer/orders/${booked.id}`);
      await page.goBack();
      await payWithAlipay(page, texts);
      const extended = await api.call<Order>('GET', `/api/app/orders/${booked.id}`);
      expect(Date.parse(extended.rentalEndTime) - start.getTime()).toBe(3 * DAY);
      expect(extended.bills.filter((b) => b.status === 'pending')).toEqual([]);

      // The counter hands the gear over.
      await api.call('POST', `/api/app/orders/${booked.id}/handover`, {
        barcodes: gear.map((g) => g.barcodeNumber),
      });

      // Self-return: both labels scanned with the camera, a photo of each, dropped at the store.
      await page.reload();
      await page.getByRole('button', { name: texts.selfReturn }).tap();
      await page.waitForURL(`**/customer/self-return/${booked.id}`);
      // The camera sees this order's labels and the other language's in turn: scan until both
      // of this order's are in, as a customer moving from item to item would.
      for (let tries = 0; tries < 12; tries += 1) {
        if ((await page.locator('.self-return__tag').count()) >= 2) break;
        await page.getByRole('button', { name: texts.scan }).tap();
        const scanner = page.getByRole('dialog', { name: texts.scanTitle });
        await scanner.waitFor();
        await scanner.waitFor({ state: 'detached', timeout: 20_000 });
      }
      expect(await page.locator('.self-return__tag').count()).toBe(2);
      const photo = await sharp({
        create: { width: 800, height: 600, channels: 3, background: '#8aa' },
      })
        .jpeg()
        .toBuffer();
      const inputs = page.locator('input[type="file"]');
      for (let i = 0; i < 2; i += 1) {
        await inputs
          .nth(i)
          .setInputFiles({ name: `gear-${i}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      }
      await page.getByText(texts.progress(2)).waitFor({ timeout: 20_000 });
      await screenshot(page, `self-return-${language}`);
      await page.getByRole('button', { name: texts.submit }).tap();
      await page.locator('.adm-dialog-button', { hasText: texts.submit }).tap();
      await page.waitForURL(`**/customer/orders/${booked.id}`);
      await page.getByText(texts.handedBack).first().waitFor();

      // The store's workspace lists the self-return; the clerk checks each item in.
      await staffPage.goto(`${baseUrl}/store/workspace`);
      // The super admin looks at one store at a time: this customer's store.
      const bar = staffPage.locator('.working-store-bar');
      if (!((await bar.textContent()) ?? '').includes(STORE)) {
        await bar.getByRole('button', { name: '切换门店' }).tap();
        await staffPage.locator('.adm-action-sheet-button-item', { hasText: STORE }).tap();
        await bar.getByText(`正在查看：${STORE}`).waitFor();
      }
      await staffPage.getByRole('link', { name: /自助归还待验收/ }).tap();
      await staffPage.getByRole('link', { name: booked.orderNumber }).tap();
      await staffPage.getByText(/客户已于 .* 自助归还/).waitFor();
      await staffPage.getByRole('button', { name: '归还验收' }).tap();
      const check = staffPage.getByRole('dialog', { name: '归还验收' });
      await check.getByText('完好', { exact: true }).first().tap();
      await check.getByText('完好', { exact: true }).last().tap();
      await check.getByRole('button', { name: '确认验收' }).tap();
      await staffPage.getByText('已完成').first().waitFor();

      // The deposit went back the way it was paid, and the customer's order says so.
      await page.reload();
      await page.getByText(texts.refunded).waitFor();
      await screenshot(page, `customer-order-refunded-${language}`);
      const settled = await api.call<Order>('GET', `/api/app/orders/${booked.id}`);
      expect(settled.status).toBe(9);
      expect(settled.bills.find((b) => b.kind === 'refund')).toMatchObject({
        status: 'paid',
        method: 'alipay',
      });
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
