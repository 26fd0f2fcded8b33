import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { fillCustomerSignIn, signIn } from '../support/session';
import { baseUrl } from '../support/server';

const TEXTS = {
  'zh-CN': {
    book: /^代客下单/,
    addRider: '添加滑雪者',
    name: '姓名',
    height: '身高',
    weight: '体重',
    save: '保存',
    addToBooking: '加入预订',
    submit: '提交给门店确认',
    customerName: '客户姓名',
    phone: '手机号',
    remarks: '给门店的备注',
    nameRequired: '请输入客户姓名',
    waiting: '等待门店确认',
    withdraw: '撤回',
    cancelled: '已取消',
    placed: (n: string) => `订单 ${n} 已提交，等待门店确认`,
    orderTitle: (n: string) => `订单 ${n}`,
    noDeposit: '不含押金',
  },
  'en-US': {
    book: /^Book for a customer/,
    addRider: 'Add a rider',
    name: 'Name',
    height: 'Height',
    weight: 'Weight',
    save: 'Save',
    addToBooking: 'Add to booking',
    submit: 'Send to the store',
    customerName: 'Customer name',
    phone: 'Phone',
    remarks: 'Note for the store',
    nameRequired: "Enter the customer's name",
    waiting: 'Waiting for the store',
    withdraw: 'Withdraw',
    cancelled: 'Cancelled',
    placed: (n: string) => `Order ${n} sent; waiting for the store to confirm`,
    orderTitle: (n: string) => `Order ${n}`,
    noDeposit: 'without deposit',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/**
 * On the agent's home: 'book for a customer', the store, a rider with a pair of goggles, then
 * the customer's details after the form has said which are missing; back home it is waiting.
 */
async function bookForCustomer(
  page: Page,
  texts: Texts,
  customer: { name: string; phone: string; note: string },
): Promise<string> {
  await page.getByRole('link', { name: texts.book }).tap();
  await page.waitForURL('**/agent/order-create');
  await page.getByRole('radio', { name: /万龙雪场店|Wanlong Resort Store/ }).tap();
  await page.getByRole('button', { name: texts.addRider, exact: true }).first().tap();
  const dialog = page.getByRole('dialog', { name: texts.addRider });
  const field = (label: string) =>
    dialog.locator('.adm-form-item').filter({ hasText: label }).locator('input').first();
  await field(texts.name).fill(customer.name);
  await field(texts.height).fill('172');
  await field(texts.weight).fill('65');
  await dialog.getByRole('button', { name: texts.save }).tap();
  await dialog.waitFor({ state: 'hidden' });
  // Goggles need no size: the first kind still free (the kind's card, not a pack holding them).
  await page
    .locator('.gear-card:not(.gear-card--pack)', { hasText: /雪镜|Goggles/ })
    .getByRole('button')
    .tap();
  const popup = page.getByRole('dialog').last();
  await popup.getByRole('radio', { name: customer.name, exact: true }).tap();
  await popup.locator('.kind-picker [role="radio"]:not([disabled])').first().tap();
  await popup.getByRole('button', { name: texts.addToBooking }).tap();
  await popup.waitFor({ state: 'hidden' });

  // Sent without a customer: the form says so next to the field, and scrolls to it.
  await page.getByRole('button', { name: texts.submit }).tap();
  const missing = page.getByText(texts.nameRequired);
  await missing.waitFor();
  expect(await page.getByLabel(texts.customerName).getAttribute('aria-invalid')).toBe('true');
  await screenshot(page, `agent-book-missing-${texts === TEXTS['zh-CN'] ? 'zh' : 'en'}`);

  await page.getByLabel(texts.customerName).fill(customer.name);
  await page.getByLabel(texts.phone).fill(customer.phone);
  await page.getByLabel(texts.remarks).fill(customer.note);
  await page.getByRole('button', { name: texts.submit }).tap();
  await page.waitForURL('**/agent/dashboard');
  const row = page.locator('.adm-list-item', { hasText: customer.name }).first();
  await row.getByText(texts.waiting).waitFor();
  const number = /20\d{10}/.exec((await row.textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();
  // It says so above the list, and the row reads without the deposit; one tap opens it.
  await page.getByText(texts.placed(number!)).waitFor();
  await row.getByText(texts.noDeposit).waitFor();
  await row.tap();
  const sheet = page.getByRole('dialog', { name: texts.orderTitle(number!) });
  await sheet.getByText(customer.note).waitFor();
  await sheet.getByText(customer.name).first().waitFor();
  await page.locator('.agent-order-sheet .adm-popup-close-icon').tap();
  await sheet.waitFor({ state: 'hidden' });
  return number!;
}

describe('an agent books for a customer, and the store confirms it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Goggles of the store's own for these bookings: the journeys before this one may have
    // booked the demo's for today.
    const staff = await newPhone(browser);
    const counter = await staff.newPage();
    await signIn(counter, baseUrl, 'employee', '/store/dashboard');
    await staffApi(counter, baseUrl).newItems(
      '雪镜',
      [1, 2, 3].map((n) => ({ name: `代客雪镜 ${n}`, barcodeNumber: `AGENTE2E${Date.now()}${n}` })),
    );
    await staff.close();
  });
  afterAll(() => browser.close());

  it('is waiting until the store confirms it; then the customer signs in with the number and can pay', async () => {
    const texts = TEXTS['zh-CN'];
    const agentPhone = await newPhone(browser);
    const agent = await agentPhone.newPage();
    const errors = watchErrors(agent);
    await signIn(agent, baseUrl, 'agent', '/agent/dashboard');
    const customer = { name: '周代订', phone: '13766660001', note: '住万龙酒店 1203' };
    const orderNumber = await bookForCustomer(agent, texts, customer);
    await screenshot(agent, 'agent-book-placed-zh');

    // The store's manager finds it under 待确认, reads who placed it, and confirms it.
    const storePhone = await newPhone(browser);
    const manager = await storePhone.newPage();
    await signIn(manager, baseUrl, 'manager', '/store/dashboard');
    await manager.goto(`${baseUrl}/store/orders/list?tab=pending`);
    await manager
      .locator('.order-card', { hasText: orderNumber })
      .locator('.order-card__link')
      .tap();
    await manager.waitForURL('**/store/orders/detail/**');
    await manager.getByText(/孙代理代顾客下单，等待门店确认/).waitFor();
    await manager.getByText(customer.note).waitFor();
    await manager.getByRole('button', { name: '确认订单' }).tap();
    await manager.getByRole('dialog').getByRole('button', { name: '确认订单' }).tap();
    await manager.getByText('门店确认订单，等待客户支付').waitFor();
    await manager.getByText('待支付', { exact: true }).first().waitFor();
    await screenshot(manager, 'agent-order-confirmed-store');
    await storePhone.close();

    // The agent's home follows.
    await agent.reload();
    const row = agent.locator('.adm-list-item', { hasText: orderNumber });
    await row.getByText('待支付').waitFor();
    expect(await row.getByRole('button', { name: texts.withdraw }).count()).toBe(0);
    expect(errors).toEqual([]);
    await agentPhone.close();

    // The customer has no account yet: signing in with the number brings the order, to pay.
    const customerPhone = await newPhone(browser);
    const page = await customerPhone.newPage();
    await page.goto(`${baseUrl}/customer/login?redirect=${encodeURIComponent('/customer/orders')}`);
    await fillCustomerSignIn(page, customer.phone, customer.name);
    await page.getByRole('button', { name: /^登录$/ }).tap();
    await page.waitForURL('**/customer/orders');
    await page.getByText(orderNumber).tap();
    await page.getByRole('button', { name: /^去支付 ¥[\d.]+$/ }).waitFor();
    await screenshot(page, 'agent-order-customer');
    await customerPhone.close();
  });

  it('in English: the agent withdraws an order before the store confirms it', async () => {
    const texts = TEXTS['en-US'];
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const agent = await context.newPage();
    const errors = watchErrors(agent);
    await signIn(agent, baseUrl, 'agent', '/agent/dashboard', 'en-US');
    const orderNumber = await bookForCustomer(agent, texts, {
      name: 'Anna Berg',
      phone: '13766660002',
      note: 'Arrives Friday evening',
    });
    const row = agent.locator('.adm-list-item', { hasText: orderNumber });
    await row.getByRole('button', { name: texts.withdraw }).tap();
    const dialog = agent.getByRole('dialog', { name: `Withdraw order ${orderNumber}?` });
    await dialog.getByRole('textbox').fill('Plans changed');
    await dialog.getByRole('button', { name: texts.withdraw }).tap();
    await row.getByText(texts.cancelled).waitFor();
    await screenshot(agent, 'agent-withdrawn-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carries the personal centre, whose password form loads only when it is asked for', async () => {
    const context = await newPhone(browser);
    const agent = await context.newPage();
    const errors = watchErrors(agent);
    const scripts: string[] = [];
    agent.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(agent, baseUrl, 'agent', '/agent/dashboard');
    const changePassword = agent.getByText('修改密码', { exact: true });
    await changePassword.scrollIntoViewIfNeeded();
    // The dashboard has drawn, with the personal centre at its foot: no form code came with it.
    expect(
      scripts.filter((s) => /change-password-popup|rider-editor|address-editor/.test(s)),
    ).toEqual([]);
    await changePassword.tap();
    await agent.getByText('当前密码').waitFor();
    expect(scripts.some((s) => s.includes('change-password-popup'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
