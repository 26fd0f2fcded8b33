import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 5, 1) + days * DAY).toISOString();
/** Any Chinese character: an English page shows none. */
const HAN = /\p{Script=Han}/u;

describe('the sandbox cashier speaks the app’s language', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let store: string;
  let inStock: { id: string }[];
  let next = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    store = (await storeIdsByName(t.app))['万龙雪场店']!;
    inStock = (
      await callerAs(t.app, csrf, tokens)(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${store}&status=0&maxResultCount=20`,
      )
    ).json().items;
  });
  afterAll(() => t.close());

  /** An order booked at the counter and a payment started for it: its cashier link. */
  async function cashierOf(channel: 'h5' | 'native' = 'h5') {
    const booked = await counterOrdersAs(
      t.app,
      csrf,
      tokens,
    )('employee', {
      storeId: store,
      customerName: 'Emma Brown',
      customerPhone: '13700004321',
      rentalStartTime: at(next * 3),
      rentalEndTime: at(next * 3 + 1),
      items: [{ equipmentId: inStock[next++]!.id }],
    });
    expect(booked.statusCode).toBe(201);
    const order = booked.json<{
      orderNumber: string;
      totalAmount: number;
      bills: { id: string }[];
    }>();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: { billId: order.bills[0]!.id, method: 'wechat', channel, returnPath: '/customer/x' },
    });
    expect(started.statusCode).toBe(201);
    const { action } = started.json<{ action: { url?: string; codeUrl?: string } }>();
    const url = new URL(action.url ?? action.codeUrl ?? '', 'http://server.invalid');
    return { order, path: url.pathname, search: url.search };
  }

  it('in English when the app asks for it, whatever the browser says, all the way to paid', async () => {
    const { order, path, search } = await cashierOf('native');
    const page = await t.app.inject({
      url: `${path}${search}&lang=en-US`,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en-US">');
    expect(page.body).toContain('Sandbox cashier');
    expect(page.body).toContain('Test mode: no real money moves');
    expect(page.body).toContain('WeChat Pay');
    expect(page.body).toContain(`Ski gear rental ${order.orderNumber}`);
    expect(page.body).toContain('Pay (simulated)');
    expect(page.body).not.toMatch(HAN);

    // The buttons keep the language, and so does the page a QR payer stays on.
    const action = /action="([^"]+\/pay[^"]*)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');
    expect(action).toContain('lang=en-US');
    const pressed = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode).toBe(303);
    const after = await t.app.inject({ url: pressed.headers.location as string });
    expect(after.body).toContain('Paid. You can close this page.');
    expect(after.body).not.toMatch(HAN);
  });

  it('follows the browser’s language where the app names none, and Chinese when asked', async () => {
    const { order, path, search } = await cashierOf();
    const english = await t.app.inject({
      url: `${path}${search}`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(english.body).toContain('Sandbox cashier');
    expect(english.body).not.toMatch(HAN);

    const chinese = await t.app.inject({
      url: `${path}${search}&lang=zh-CN`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('沙箱收银台');
    expect(chinese.body).toContain('测试环境：不会产生真实扣款');
    expect(chinese.body).toContain(`雪具租赁 ${order.orderNumber}`);
    expect(chinese.body).toContain('模拟支付成功');
    // A language the app does not have is no choice: the browser's answers.
    const other = await t.app.inject({
      url: `${path}${search}&lang=fr`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(other.body).toContain('Sandbox cashier');
  });
});
