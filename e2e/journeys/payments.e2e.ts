import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { fillCustomerSignIn, signIn } from '../support/session';
import { baseUrl, wechatPayUrl } from '../support/server';

const DAY = 86_400_000;
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64';

interface Order {
  id: string;
  status: number;
  totalAmount: number;
  items: { id: string; barcodeNumber: string | null }[];
  bills: {
    id: string;
    kind: string;
    status: string;
    method: string | null;
    amount: number;
    confirmedByName: string | null;
  }[];
}

async function storeId(page: Page, name: string) {
  const api = staffApi(page, baseUrl);
  const config = await api.call<{
    storeConfigs: Record<string, { storeId: string; storeName: string }>;
  }>('GET', '/api/app/config-distribution/h5');
  return Object.values(config.storeConfigs).find((s) => s.storeName === name)!.storeId;
}

/** A staff member books one in-stock item of a store, through the API as the counter would. */
async function bookAt(page: Page, store: string, daysAhead: number) {
  const api = staffApi(page, baseUrl);
  const id = await storeId(page, store);
  const [gear] = (await api.inStock(id)).slice(-3, -2);
  const start = new Date(Date.now() + daysAhead * DAY);
  return api.book({
    storeId: id,
    customerName: '吴十',
    customerPhone: '13600009876',
    start,
    end: new Date(start.getTime() + DAY),
    items: [{ equipmentId: gear!.id }],
  });
}

describe('paying online', () => {
  let browser: Browser;
  let staff: BrowserContext;
  let staffPage: Page;
  let wechatPaid: Order;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await newPhone(browser);
    staffPage = await staff.newPage();
    await signIn(staffPage, baseUrl, 'admin', '/store/dashboard');
  });
  afterAll(async () => {
    await staff?.close();
    await browser?.close();
  });

  it('a customer pays through the sandbox cashier without signing in and sees it paid', async () => {
    const order = await bookAt(staffPage, '云顶夜场店', 50);
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/customer/payment/${order.id}`);
    const amount = `¥${order.totalAmount.toFixed(2)}`;
    await page.getByText(amount).first().waitFor();
    await page.getByText('沙箱测试').first().waitFor();
    await page.getByText('支付宝', { exact: true }).tap();
    await page.getByRole('button', { name: `支付宝付款 ${amount}` }).tap();

    // The sandbox cashier, clearly labelled, on our own server.
    await page.waitForURL('**/api/payments/sandbox/cashier/*');
    // Opened only by the secret its link carries.
    expect(new URL(page.url()).searchParams.get('secret')).toMatch(/^[\w-]{43}$/);
    await page.getByText('测试环境：不会产生真实扣款').waitFor();
    await page.getByText(amount).waitFor();
    await screenshot(page, 'sandbox-cashier');
    await page.getByRole('button', { name: '模拟支付成功' }).tap();

    // Paid: whoever held the link sees it paid, but not the order's QR code, which picks the
    // gear up; the customer signs in to see it.
    await page.getByText('订单已付清').waitFor();
    await page.getByText(`订单 ${order.orderNumber} 已付清`, { exact: false }).waitFor();
    await page.getByRole('link', { name: '登录查看订单' }).waitFor();
    expect(page.url()).not.toContain(order.qrToken);
    const paid = await staffApi(staffPage, baseUrl).call<Order>(
      'GET',
      `/api/app/orders/${order.id}`,
    );
    expect(paid.status).toBe(11);
    expect(paid.bills[0]).toMatchObject({
      status: 'paid',
      method: 'alipay',
      confirmedByName: '支付宝（沙箱）',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside WeChat, a customer signs in with WeChat from the payment link and pays with the pay sheet', async () => {
    const order = await bookAt(staffPage, '万龙雪场店', 52);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
      hasTouch: true,
      isMobile: true,
      locale: 'zh-CN',
      userAgent: WECHAT_UA,
      // This phone's WeChat account, for the WeChat double's consent page.
      extraHTTPHeaders: { 'x-wechat-user': 'o-e2e-payer' },
    });
    // WeChat's bridge: the pay sheet 'pays' at the WeChat Pay double, which checks the merchant's
    // paySign and then sends its signed, encrypted notification to our server.
    await context.exposeFunction('__payAtWeChat', async (params: object) => {
      const res = await fetch(`${wechatPayUrl}/__double/jsapi/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      return (await res.json()) as object;
    });
    await context.addInitScript(() => {
      const w = window as unknown as {
        WeixinJSBridge: object;
        __payAtWeChat: (p: object) => Promise<object>;
      };
      w.WeixinJSBridge = {
        invoke: (name: string, params: object, callback: (r: object) => void) => {
          if (name === 'getBrandWCPayRequest') void w.__payAtWeChat(params).then(callback);
        },
      };
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Opened from the store's link before signing in: the pay sheet needs WeChat sign-in first,
    // which comes back to this page.
    await page.goto(`${baseUrl}/customer/payment/${order.id}`);
    await page.getByRole('button', { name: '微信登录后付款' }).tap();
    await page.getByRole('button', { name: '微信一键登录' }).tap();
    await page.getByText('付款测试').waitFor();
    await fillCustomerSignIn(page, '13655550001', '孙十二');
    await page.getByRole('button', { name: '绑定并登录' }).tap();
    await page.waitForURL(`**/customer/payment/${order.id}`);
    const amount = `¥${order.totalAmount.toFixed(2)}`;
    await page.getByRole('heading', { name: '支付订单' }).waitFor();
    await page.getByText('应付').waitFor();
    await page.getByRole('button', { name: `微信付款 ${amount}` }).tap();
    // This WeChat user paid for another's order: paid, but no QR code of that order.
    await page.getByText('订单已付清').waitFor();
    wechatPaid = await staffApi(staffPage, baseUrl).call<Order>(
      'GET',
      `/api/app/orders/${order.id}`,
    );
    expect(wechatPaid.bills[0]).toMatchObject({
      status: 'paid',
      method: 'wechat',
      confirmedByName: '微信支付',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the store refunds part of the deposit to the WeChat account it came from', async () => {
    const api = staffApi(staffPage, baseUrl);
    const item = await api.call<Order>('GET', `/api/app/orders/${wechatPaid.id}`);
    await api.call('POST', `/api/app/orders/${wechatPaid.id}/handover`, {
      barcodes: [item.items[0]!.barcodeNumber],
    });
    const returned = await api.call<Order>('POST', `/api/app/orders/${wechatPaid.id}/return`, {
      items: [
        { orderItemId: item.items[0]!.id, state: 'damaged', damageFee: 50, remarks: '雪板划伤' },
      ],
    });
    const refund = returned.bills.find((b) => b.kind === 'refund')!;
    const back = `¥${refund.amount.toFixed(2)}`;

    await staffPage.goto(`${baseUrl}/store/orders/detail/${wechatPaid.id}`);
    await staffPage.getByRole('button', { name: `原路退回 ${back}` }).tap();
    await staffPage.locator('.adm-dialog-button', { hasText: '确认退款' }).tap();
    await staffPage.getByText('已原路退款').first().waitFor();
    await staffPage.getByText('已完成').first().waitFor();
    await staffPage.getByText(`原路退款 ${back}（微信支付）`).waitFor();
    await screenshot(staffPage, 'order-refunded-online');

    // Reconciliation: today's WeChat Pay line holds the payment and this refund (beside what
    // other journeys paid by WeChat today), as the server counts them.
    const summary = staffPage.waitForResponse((r) => r.url().includes('/api/app/finance/summary'));
    await staffPage.goto(`${baseUrl}/store/finance`);
    const { byMethod } = (await (await summary).json()) as {
      byMethod: { method: string; payments: number; refunds: number }[];
    };
    const wechat = byMethod.find((m) => m.method === 'wechat')!;
    expect(wechat.payments).toBeGreaterThanOrEqual(wechatPaid.totalAmount);
    expect(wechat.refunds).toBeGreaterThanOrEqual(refund.amount);
    const wechatRow = staffPage.getByRole('row', { name: /^微信支付/ });
    // Written as the finance page writes amounts: thousands apart (¥4,910.00).
    const shown = (yuan: number) => `¥${yuan.toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',')}`;
    await wechatRow.getByText(shown(wechat.payments)).first().waitFor();
    await wechatRow.getByText(shown(wechat.refunds)).first().waitFor();
    // The daily chart (loaded lazily) for the last seven days.
    await staffPage.getByText('近 7 天').tap();
    await staffPage.locator('.finance-chart [_echarts_instance_] svg').first().waitFor();
    await screenshot(staffPage, 'finance');
  });
});
