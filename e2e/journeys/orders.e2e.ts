import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { staffApi } from '../support/api';
import { signIn } from '../support/session';
import { baseUrl } from '../support/server';

interface Booked {
  id: string;
  orderNumber: string;
  totalAmount: number;
  barcodes: string[];
  deposits: number;
}

const DAY = 86_400_000;

/** Books in-stock items of the signed-in employee's store through the API, as a client would. */
async function book(page: Page, count: number, fromEnd: number): Promise<Booked> {
  const api = staffApi(page, baseUrl);
  const storeId = await api.myStoreId();
  const stock = await api.inStock(storeId);
  const items = stock.slice(-fromEnd - count, stock.length - fromEnd);
  const start = new Date(Date.now() + 30 * DAY);
  const order = await api.book({
    storeId,
    customerName: '刘七',
    customerPhone: '13600001234',
    start,
    end: new Date(start.getTime() + 2 * DAY),
    items: items.map((i) => ({ equipmentId: i.id })),
  });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    totalAmount: order.totalAmount,
    barcodes: items.map((i) => i.barcodeNumber),
    deposits: items.reduce((sum, i) => sum + i.deposit, 0),
  };
}

describe('an order at the counter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('smart scan of an order number opens the order; cash is taken, then the order cancelled', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const { orderNumber, totalAmount } = await book(page, 1, 0);
    expect(orderNumber).toMatch(/^20\d{10}$/);

    // A barcode gun reading the printed order number.
    await page.getByRole('button', { name: '快捷操作' }).waitFor();
    await gunScan(page, orderNumber, (limit) => page.waitForURL('**/store/orders/detail/*', limit));
    await page.getByRole('heading', { name: orderNumber }).waitFor();
    await page.getByText('待支付').first().waitFor();

    const amount = `¥${totalAmount.toFixed(2)}`;
    // The bill's button sits at the foot of the first screen, under the bottom bar: a clerk
    // scrolls it up first (the footer below the page leaves room to).
    const cash = page.getByRole('button', { name: `收现金 ${amount}` });
    await cash.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await cash.tap();
    await page.getByRole('button', { name: '已收到' }).tap();
    await page.getByText('已确认收款').waitFor();
    await page.getByText('已预订').first().waitFor();
    await page.getByText(/现金支付 · 李店员/).waitFor();
    await screenshot(page, 'order-detail-paid');

    await page.getByRole('button', { name: '取消订单' }).tap();
    const prompt = page.getByRole('dialog', { name: `取消订单 ${orderNumber}` });
    await prompt.getByRole('button', { name: '取消订单' }).tap();
    await prompt.getByRole('alert').filter({ hasText: '请填写取消原因' }).waitFor();
    await page.getByPlaceholder('请填写取消原因').fill('客户改期');
    await prompt.getByRole('button', { name: '取消订单' }).tap();
    await page.getByText('订单已取消').waitFor();
    await page.getByText('取消订单：客户改期').waitFor();
    // The paid cash is owed back: a refund bill, read as a refund.
    await page
      .locator('.adm-list-item', { hasText: '退款' })
      .filter({ hasText: '待退款' })
      .filter({ hasText: amount })
      .waitFor();
    await screenshot(page, 'order-detail-cancelled');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands two items over by gun scans, takes one back damaged, refunds the rest and completes', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const order = await book(page, 2, 1);
    await page.goto(`${baseUrl}/store/orders/detail/${order.id}`);
    const amount = `¥${order.totalAmount.toFixed(2)}`;
    // The bill's button sits at the foot of the first screen, under the bottom bar: a clerk
    // scrolls it up first (the footer below the page leaves room to).
    const cash = page.getByRole('button', { name: `收现金 ${amount}` });
    await cash.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await cash.tap();
    await page.getByRole('button', { name: '已收到' }).tap();
    await page.getByText('已预订').first().waitFor();

    await page.getByRole('button', { name: '扫码交付' }).tap();
    const handover = page.getByRole('dialog', { name: '扫码交付' });
    await handover.getByText('已扫描 0/2 件').waitFor();
    for (const [i, code] of order.barcodes.entries()) {
      await gunScan(page, code, (limit) =>
        handover.getByText(`已扫描 ${i + 1}/2 件`).waitFor(limit),
      );
    }
    await handover.getByRole('button', { name: '确认交付' }).tap();
    await page.getByText('使用中').first().waitFor();

    // Each item's dialog (a tap on its line) names the order it is out on.
    for (const code of order.barcodes) {
      await page.locator('.adm-list-item', { hasText: code }).first().tap();
      const dialog = page.locator('.adm-popup-body').filter({ hasText: code });
      await dialog.locator('.out-on-order', { hasText: order.orderNumber }).waitFor();
      await dialog.getByRole('button', { name: '关闭' }).tap();
      await dialog.waitFor({ state: 'hidden' });
    }

    // A gun scan of one item opens the order's return check-in with that item ticked.
    const check = page.getByRole('dialog', { name: '归还验收' });
    await gunScan(page, order.barcodes[0]!, (limit) =>
      check.getByText('已选 1 / 2 件').waitFor(limit),
    );
    await check.getByText('损坏', { exact: true }).first().tap();
    await check.getByPlaceholder(/赔偿金额/).fill('100');
    await check.getByText('完好', { exact: true }).last().tap();
    await check.getByRole('button', { name: '确认验收' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '确认验收' }).tap();
    await page.getByText('已归还').first().waitFor();
    await page.getByText('损坏赔偿').waitFor();

    const refund = `¥${(order.deposits - 100).toFixed(2)}`;
    // The header says what the store owes and to whom, and the confirmation names the action.
    await page.locator('.order-detail__balance', { hasText: `应退客户 ${refund}` }).waitFor();
    await page.getByRole('button', { name: `退还现金 ${refund}` }).tap();
    await page.getByRole('button', { name: '已退还' }).tap();
    await page.getByText('已完成').first().waitFor();
    await screenshot(page, 'order-completed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an overdue order shows in the workspace, and gear is picked for an order by scanning', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    // Out since three days ago, due back yesterday: overdue.
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const stock = await api.inStock(storeId);
    const outItem = stock.at(-6)!;
    // Orders are never backdated at the counter: a super admin records the rental that began
    // days ago (a paper order).
    const admin = await newPhone(browser);
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseUrl, 'admin', '/store/dashboard');
    const now = Date.now();
    const late = await staffApi(adminPage, baseUrl).book({
      storeId,
      customerName: '周九',
      customerPhone: '13500005555',
      start: new Date(now - 3 * DAY),
      end: new Date(now - DAY),
      items: [{ equipmentId: outItem.id }],
    });
    await admin.close();
    await api.payCash(late.bills[0]!.id);
    await api.call('POST', `/api/app/orders/${late.id}/handover`, {
      barcodes: [outItem.barcodeNumber],
    });
    const overdue = late.orderNumber;

    await page.getByRole('link', { name: '工作台', exact: true }).tap();
    await page.waitForURL('**/store/workspace');
    await page.getByRole('link', { name: /逾期未还/ }).tap();
    await page.waitForURL('**/store/workspace/overdue-orders');
    await page.getByText(overdue).waitFor();
    await screenshot(page, 'workspace-overdue');

    // Tomorrow's paid booking of "any helmet-like item of this kind": pick one from the shelf.
    // One that nothing holds (the demo's bookings by kind hold some items from tomorrow on).
    const shelfItem = stock
      .filter((i) => i.id !== outItem.id)
      .filter((i) => (i as { unavailableTimes?: unknown[] }).unavailableTimes?.length === 0)
      .at(-7)!;
    const tomorrow = new Date(Date.now() + DAY);
    const booking = await api.book({
      storeId,
      customerName: '吴十',
      customerPhone: '13500006666',
      start: tomorrow,
      end: new Date(tomorrow.getTime() + DAY),
      items: [{ categoryId: shelfItem.categoryId }],
    });
    await api.payCash(booking.bills[0]!.id);
    const prep = { orderNumber: booking.orderNumber, barcode: shelfItem.barcodeNumber };
    await page.goto(`${baseUrl}/store/workspace/preparation-orders`);
    await page.getByRole('button', { name: `扫码备货 ${prep.orderNumber}` }).tap();
    const picking = page.getByRole('dialog', { name: '扫码备货' });
    await picking.getByText(/还有 1 件待备货/).waitFor();
    await gunScan(page, prep.barcode, (limit) =>
      picking.getByText('这个订单的设备已全部备好').waitFor(limit),
    );
    await picking.getByText(prep.barcode).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a delivery order goes out by scan, is delivered and its pickup booked (in English)', async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'manager', '/store/dashboard', 'en-US');
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const [gear] = (await api.inStock(storeId)).slice(-5, -4);
    const start = new Date(Date.now() + 40 * DAY);
    const order = await api.book({
      storeId,
      customerName: 'Chen Jie',
      customerPhone: '13600004321',
      start,
      end: new Date(start.getTime() + DAY),
      items: [{ equipmentId: gear!.id }],
      deliverTo: 'Wanlong Hotel lobby',
    });
    for (const bill of order.bills) await api.payCash(bill.id);

    await page.goto(`${baseUrl}/store/orders/detail/${order.id}`);
    await page.getByText('To deliver', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Send out' }).tap();
    const load = page.getByRole('dialog', { name: 'Load for delivery' });
    await load.getByText('0/1 scanned', { exact: false }).waitFor();
    await gunScan(page, gear!.barcodeNumber, (limit) =>
      load.getByText('1/1 scanned', { exact: false }).waitFor(limit),
    );
    await load.getByRole('button', { name: 'Leave for delivery' }).tap();
    await page.getByText('Delivering', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Mark delivered' }).tap();
    const delivered = page.getByRole('dialog', { name: 'Mark delivered' });
    await delivered.getByText('Has the gear reached Wanlong Hotel lobby').waitFor();
    await delivered.getByPlaceholder(/Remarks/).fill('Signed for at reception');
    await delivered.getByRole('button', { name: 'Mark delivered' }).tap();
    await page.getByText('Delivered to Wanlong Hotel lobby · Signed for at reception').waitFor();
    await page.getByText('Delivered', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Book pickup' }).tap();
    const pickup = page.getByRole('dialog', { name: 'Start the return' });
    await pickup.getByText(/Send a driver to Wanlong Hotel lobby/).waitFor();
    await pickup.getByRole('button', { name: 'Start the return' }).tap();
    await page.getByText('Pickup booked at Wanlong Hotel lobby').waitFor();
    await page.getByText('To return', { exact: true }).first().waitFor();
    await screenshot(page, 'order-pickup-booked');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes payment from the payment page found by order number', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const order = await book(page, 1, 8);
    await page.goto(`${baseUrl}/store/orders/payment`);
    await page.getByPlaceholder('订单号（12 位）').fill(order.orderNumber);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/store/orders/payment/${order.id}`);
    const amount = `¥${order.totalAmount.toFixed(2)}`;
    // WeChat Pay: a QR code for the customer's phone, followed while it waits; then the customer
    // pays cash instead.
    await page.getByText('微信支付', { exact: true }).tap();
    await page.getByRole('button', { name: `微信付款 ${amount}` }).tap();
    await page.getByText(`请顾客用微信扫码付款 ${amount}`).waitFor();
    await page.getByRole('img', { name: '付款二维码' }).waitFor();
    await page.getByText('等待微信付款结果…').waitFor();
    await page.getByText('现金', { exact: true }).tap();
    await page.getByRole('button', { name: `收取现金 ${amount}` }).tap();
    await page.getByRole('button', { name: '已收到' }).tap();
    await page.waitForURL(`**/store/orders/detail/${order.id}`);
    await page.getByText('已预订').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a number that is no order says so', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'employee', '/store/scan');
    await page.getByPlaceholder('输入设备条码或订单号').fill('209901010001');
    await page.keyboard.press('Enter');
    await page.getByText('未找到订单/设备，请检查编号').waitFor();
    await context.close();
  });
});
