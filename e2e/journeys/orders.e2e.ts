import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { signIn } from '../support/session';

const baseUrl = inject('baseUrl');

/** Books the last in-stock item of the signed-in employee's store through the API, as a client would. */
async function bookAnItem(page: Page): Promise<{ orderNumber: string; totalAmount: number }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('access_token')!;
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)![1]!);
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      RequestVerificationToken: xsrf,
    };
    const me = (await (await fetch('/api/app/account/my-profile', { headers })).json()) as {
      primaryStoreId: string;
    };
    const list = (await (
      await fetch(`/api/app/equipment?storeId=${me.primaryStoreId}&status=0&maxResultCount=100`, {
        headers,
      })
    ).json()) as { items: { id: string }[] };
    const item = list.items.at(-1)!;
    const start = new Date(Date.now() + 30 * 86_400_000);
    const order = (await (
      await fetch('/api/app/orders', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          storeId: me.primaryStoreId,
          orderType: 'Normal',
          customerName: '刘七',
          customerPhone: '13600001234',
          rentalStartTime: start.toISOString(),
          rentalEndTime: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
          deliveryMethod: 'SelfPickup',
          returnMethod: 'SelfReturn',
          items: [{ equipmentId: item.id }],
        }),
      })
    ).json()) as { orderNumber: string; totalAmount: number };
    return { orderNumber: order.orderNumber, totalAmount: order.totalAmount };
  });
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
    const { orderNumber, totalAmount } = await bookAnItem(page);
    expect(orderNumber).toMatch(/^20\d{10}$/);

    // A barcode gun reading the printed order number.
    await page.getByRole('button', { name: '快捷操作' }).waitFor();
    await page.keyboard.type(orderNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/store/orders/detail/*');
    await page.getByRole('heading', { name: orderNumber }).waitFor();
    await page.getByText('待支付').first().waitFor();

    const amount = `¥${totalAmount.toFixed(2)}`;
    await page.getByRole('button', { name: `收现金 ${amount}` }).tap();
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
    // The paid cash is owed back.
    await page
      .locator('.adm-list-item', { hasText: '退款' })
      .filter({ hasText: `待支付` })
      .filter({ hasText: amount })
      .waitFor();
    await screenshot(page, 'order-detail-cancelled');
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
