import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type StockItem } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';
import { customerSigns } from '../support/signature';
import { expectGloveSized } from '../support/touch';
import { baseUrl } from '../support/server';

/**
 * The base lodge's network drops mid-morning: the counter goes on checking gear out and back in
 * by barcode gun, the phone keeps what it did, and sends it when the network returns. The server
 * applies each once.
 */
describe('the counter without network', () => {
  let browser: Browser;
  let kit: StockItem[];

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await (await newPhone(browser)).newPage();
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const stamp = Date.now().toString(36).toUpperCase();
    kit = await staffApi(page, baseUrl).newItems(
      '雪杖',
      [1, 2].map((n) => ({ name: `断网雪杖 ${n}`, barcodeNumber: `OFF${stamp}${n}` })),
    );
    await page.context().close();
  });
  afterAll(() => browser?.close());

  /**
   * Whether the phone's memory of gear (features/offline/offline-db.ts) holds these codes. Runs in
   * the page; opens the database only once the app has made it, so its schema stays the app's.
   */
  const remembered = async (codes: string[]) => {
    const made = await indexedDB.databases();
    if (!made.some((db) => db.name === 'snowgear-offline')) return false;
    return new Promise<boolean>((resolve) => {
      const opening = indexedDB.open('snowgear-offline');
      opening.onerror = () => resolve(false);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('equipment')) {
          db.close();
          return resolve(false);
        }
        const tx = db.transaction('equipment');
        const asked = codes.map((code) => tx.objectStore('equipment').count(code));
        tx.oncomplete = () => {
          db.close();
          resolve(asked.every((request) => request.result === 1));
        };
        tx.onerror = () => resolve(false);
      };
    });
  };

  it('checks two items out and one back in offline; back online, each is applied once', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page, { allow: [/ERR_INTERNET_DISCONNECTED/] });
    await signIn(page, baseUrl, 'employee', '/store/inventory/list');
    const [first, second] = kit as [StockItem, StockItem];
    // The morning's work showed this gear: the phone remembers it.
    await page.locator('.help-search-bar input').fill(first.barcodeNumber.slice(0, -1));
    await page.keyboard.press('Enter');
    await page.getByText(first.barcodeNumber).waitFor();
    await page.getByText(second.barcodeNumber).waitFor();
    // Kept once the list has drawn and the phone is idle: on a busy machine, a moment after it
    // shows. Offline, only what the memory holds can be scanned.
    await page.waitForFunction(remembered, [first.barcodeNumber, second.barcodeNumber]);
    await page.getByRole('link', { name: '批量出入库' }).tap();
    await page.getByText('已扫描 0 件').waitFor();
    // The gun is heard by the quick actions' code, which arrives once the first page has settled
    // (on a loaded machine, after the steps above): the clerk has its button on screen.
    await page.getByRole('button', { name: '快捷操作' }).waitFor();

    await context.setOffline(true);
    await page.getByText('网络已断开').waitFor();
    for (const [i, item] of kit.entries()) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.getByText(`已扫描 ${i + 1} 件`).waitFor(limit),
      );
    }
    // Each says it is the phone's memory, not the server's word.
    expect(await page.getByText(/^离线：.* 的记录$/).count()).toBe(2);
    await page.getByText('团体订单', { exact: true }).tap();
    await page.getByRole('button', { name: '出库 2 件' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '出库' }).tap();
    await page.getByText('已保存在本机，联网后自动提交').first().waitFor();
    await page.getByText('已扫描 0 件').waitFor();
    await page.getByText('1 项离线操作待发送').waitFor();

    // One pole comes straight back: the phone knows it is out now.
    await page.getByText('入库', { exact: true }).tap();
    await gunScan(page, first.barcodeNumber, (limit) =>
      page.getByText('已扫描 1 件').waitFor(limit),
    );
    await page.getByText('租赁归还', { exact: true }).tap();
    await page.getByRole('button', { name: '入库 1 件' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '入库' }).tap();
    await page.getByText('2 项离线操作待发送').waitFor();

    // The banner's sheet lists both, in order, waiting.
    const show = page.locator('.offline-banner').getByRole('button', { name: '查看' });
    await expectGloveSized(show);
    await show.tap();
    const sheet = page.getByRole('dialog', { name: '离线操作' });
    await sheet
      .getByText(`批量出库 2 件：${second.barcodeNumber}、${first.barcodeNumber}`)
      .waitFor();
    await sheet.getByText(`批量入库 1 件：${first.barcodeNumber}`).waitFor();
    expect(await sheet.getByText('待发送', { exact: true }).count()).toBe(2);
    await screenshot(page, 'offline-queue-zh');
    await sheet.getByRole('button', { name: '关闭' }).tap();

    // Nothing reached the server yet.
    const api = staffApi(page, baseUrl);
    const statusOf = async (item: StockItem) =>
      (await api.call<{ status: number }>('GET', `/api/app/equipment/${item.id}`)).status;
    expect(await statusOf(first)).toBe(0);
    expect(await statusOf(second)).toBe(0);

    await context.setOffline(false);
    await page.locator('.offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await statusOf(first)).toBe(0);
    expect(await statusOf(second)).toBe(1);
    const operations = async (item: StockItem) =>
      (
        await api.call<{ items: { operation: string }[] }>(
          'GET',
          `/api/app/equipment/equipment-operation-history/${item.id}?maxResultCount=50`,
        )
      ).items
        .map((h) => h.operation)
        .filter((o) => o !== 'create');
    expect(await operations(first)).toEqual(['stockIn', 'stockOut']);
    expect(await operations(second)).toEqual(['stockOut']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English, with the app installed: one item out from its dialog, sent once online', async () => {
    const context = await newPhone(browser, 'en-US', { serviceWorkers: 'allow' });
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page, { allow: [/ERR_INTERNET_DISCONNECTED/] });
    await signIn(page, baseUrl, 'employee', '/store/inventory/list', 'en-US');
    // The worker holds every page's code once it is active, as on a phone used before.
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (worker && worker.state !== 'activated') {
        await new Promise((done) => worker.addEventListener('statechange', done));
      }
    });
    const [, second] = kit as [StockItem, StockItem];
    const api = staffApi(page, baseUrl);
    // The first journey left the second pole out: it comes back first, online.
    await api.call('POST', '/api/app/equipment/batch-stock-in', {
      equipmentIds: [second.id],
      reason: 'Rental return',
      remarks: '',
      otherStoreAcknowledged: false,
      shouldClearManualUnavailableTime: true,
    });
    await page.locator('.help-search-bar input').fill(second.barcodeNumber);
    await page.keyboard.press('Enter');
    await page.getByText(second.barcodeNumber).waitFor();

    await context.setOffline(true);
    await page.getByText('You are offline').waitFor();
    const opened = page.locator('.equipment-dialog__barcode', { hasText: second.barcodeNumber });
    await gunScan(page, second.barcodeNumber, (limit) => opened.waitFor(limit));
    await page.getByText('Group order', { exact: true }).tap();
    await page.locator('.equipment-dialog').getByRole('button', { name: 'Check out' }).tap();
    await page
      .getByText('Saved on this phone; it will be sent when the network returns')
      .first()
      .waitFor();
    await page.getByText('1 offline action waiting to be sent').waitFor();
    // The dialog shows the item out already: nobody checks it out twice meanwhile.
    await page.locator('.equipment-dialog').getByRole('button', { name: 'Check in' }).waitFor();
    await screenshot(page, 'offline-dialog-en');

    await context.setOffline(false);
    await page.locator('.offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    const now = await api.call<{ status: number }>('GET', `/api/app/equipment/${second.id}`);
    expect(now.status).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes cash and makes a new order offline: both survive a reload and are sent once', async () => {
    const context = await newPhone(browser, 'zh-CN', { serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors = watchErrors(page, {
      allow: [/ERR_INTERNET_DISCONNECTED/],
    });
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (worker && worker.state !== 'activated') {
        await new Promise((done) => worker.addEventListener('statechange', done));
      }
    });
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const me = await api.call<{ id: string }>('GET', '/api/app/account/my-profile');
    const stamp = Date.now().toString(36).toUpperCase();
    const [forCash, forOrder] = await api.newItems(
      '雪杖',
      [1, 2].map((n) => ({ name: `断网开单雪杖 ${n}`, barcodeNumber: `OFO${stamp}${n}` })),
    );
    // An order booked this morning, its cash still to take.
    const morning = new Date(Date.now() + 86_400_000);
    const unpaid = await api.book({
      storeId,
      customerName: '断网收款',
      customerPhone: '13900008801',
      start: morning,
      end: new Date(morning.getTime() + 86_400_000),
      items: [{ equipmentId: forCash!.id }],
    });
    const billsPaid = async () =>
      (
        await api.call<{ bills: { status: string }[] }>('GET', `/api/app/orders/${unpaid.id}`)
      ).bills.filter((b) => b.status === 'paid').length;

    // The payment page is open when the network drops; the customer hands over the cash.
    await page.goto(`${baseUrl}/store/orders/payment/${unpaid.id}`);
    const takeCash = page.getByRole('button', { name: /^收取现金/ });
    await takeCash.waitFor();
    await context.setOffline(true);
    await page.getByText('网络已断开').waitFor();
    await takeCash.tap();
    await page.locator('.adm-dialog-button', { hasText: '已收到' }).tap();
    await page.getByText('已收现金，待同步').first().waitFor();
    await page.getByText('1 项离线操作待发送').waitFor();
    // No second button to take the cash again.
    expect(await takeCash.count()).toBe(0);

    // The clerk had filled a new order for the next customer before the network dropped.
    await page.evaluate(
      ({ key, line }) =>
        localStorage.setItem(
          key,
          JSON.stringify({
            savedAt: Date.now(),
            values: {
              customerName: '断网开单',
              customerPhone: '13900008802',
              orderType: 'Normal',
              start: null,
              days: null,
              deliveryMethod: 'SelfPickup',
              deliveryAddress: '',
              returnMethod: 'SelfReturn',
              returnAddress: '',
              discount: '',
              discountReason: '',
              remarks: '',
              items: [line],
            },
          }),
        ),
      {
        key: `draft:order-create:${me.id}`,
        line: {
          equipmentId: forOrder!.id,
          name: '断网开单雪杖 2',
          barcodeNumber: forOrder!.barcodeNumber,
          categoryName: '雪杖',
          dailyPrice: forOrder!.dailyRentPrice,
          deposit: forOrder!.deposit,
        },
      },
    );
    await page.goto(`${baseUrl}/store/orders/create`);
    // The order never sent: the clerk says it is the same customer's.
    await page.getByRole('button', { name: '继续上一单（断网开单，1 件）' }).tap();
    await page.getByText('已恢复上次未提交的内容').waitFor();
    // The customer signs on the phone offline too: the signature waits with the order.
    await customerSigns(page);
    await page.getByRole('button', { name: /^创建订单/ }).tap();
    await page
      .getByText(/^没有网络，订单已保存在本机/)
      .first()
      .waitFor();
    await page.getByText('2 项离线操作待发送').waitFor();

    // A reload, still offline: both wait, and the payment page still says the cash is in.
    await page.reload();
    await page.getByText('2 项离线操作待发送').waitFor();
    await page.locator('.offline-banner').getByRole('button', { name: '查看' }).tap();
    const sheet = page.getByRole('dialog', { name: '离线操作' });
    await sheet.getByText(`收现金 ${unpaid.orderNumber}`, { exact: false }).waitFor();
    await sheet.getByText('新订单 断网开单 · 1 件').waitFor();
    await screenshot(page, 'offline-order-and-cash-zh');
    await sheet.getByRole('button', { name: '关闭' }).tap();
    await page.goto(`${baseUrl}/store/orders/payment/${unpaid.id}`);
    await page.getByText('已收现金，待同步').first().waitFor();
    // Nothing reached the server yet.
    expect(await billsPaid()).toBe(0);
    const ordersFor = async (phone: string) =>
      (
        await api.call<{ items: { id: string; orderNumber: string }[] }>(
          'GET',
          `/api/app/orders?keyword=${phone}`,
        )
      ).items;
    expect(await ordersFor('13900008802')).toEqual([]);

    await context.setOffline(false);
    await page.locator('.offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('这个订单没有待收款项').waitFor();
    expect(await billsPaid()).toBe(1);
    const made = await ordersFor('13900008802');
    expect(made).toHaveLength(1);
    // The clerk is told, on whatever page is open, that the order kept offline now exists.
    await page.getByText(`离线保存的订单已创建：${made[0]!.orderNumber}`).waitFor();
    // Its signature went up first, and the order carries it.
    const placed = await api.call<{ agreementSignatureId: string | null }>(
      'GET',
      `/api/app/orders/${made[0]!.id}`,
    );
    expect(placed.agreementSignatureId).toBeTruthy();
    // The draft is gone now that the order exists.
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `draft:order-create:${me.id}`),
    ).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
