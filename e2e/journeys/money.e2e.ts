import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type StockItem } from '../support/api';
import { watchCounterQuotes } from '../support/counter-quote';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { customerSignIn, signIn } from '../support/session';
import { customerSigns } from '../support/signature';
import { baseUrl } from '../support/server';

const DAY = 86_400_000;
type Language = 'zh-CN' | 'en-US';

/** A phone that reads the app in `language` from its first page. */
async function phoneIn(browser: Browser, language: Language): Promise<BrowserContext> {
  const context = await newPhone(browser, language);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context;
}

/** In-stock items of the signed-in user's store, free over [from, to). */
async function freeGear(page: Page, storeId: string, from: Date, to: Date) {
  const query = new URLSearchParams({
    storeId,
    status: '0',
    availableFrom: from.toISOString(),
    availableTo: to.toISOString(),
    maxResultCount: '100',
  });
  return (
    await staffApi(page, baseUrl).call<{ items: StockItem[] }>('GET', `/api/app/equipment?${query}`)
  ).items;
}

/** 10:00 store time (Shanghai) `days` from today. */
function storeMorning(days: number): Date {
  const day = new Date(Date.now() + days * DAY).toLocaleString('sv-SE', {
    timeZone: 'Asia/Shanghai',
  });
  return new Date(`${day.slice(0, 10)}T10:00:00+08:00`);
}

/**
 * The rules a rental shop lives by, on screen: a discount beyond the clerk's limit waits for a
 * manager, a delivery paid at the door is collected by the driver, and the customer opens the
 * receipt from the order's QR page.
 */
describe('money at the counter and at the door', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a discount beyond the clerk’s limit is refused a wrong password and approved by the manager on the clerk’s phone', async () => {
    const context = await phoneIn(browser, 'zh-CN');
    const page = await context.newPage();
    // The order waits for a manager (403) and a wrong password is refused (400): both expected.
    const errors = watchErrors(page, { allow: [/status of 40[03]/] });
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const now = new Date();
    // Two with a price, clear of the last twenty (other journeys take those) when the store
    // has that many free.
    const free = (await freeGear(page, storeId, now, new Date(now.getTime() + 3 * DAY))).filter(
      (item) => item.dailyRentPrice > 0,
    );
    const end = Math.max(2, free.length - 20);
    const gear = free.slice(end - 2, end);
    expect(gear).toHaveLength(2);
    const quoted = watchCounterQuotes(page);

    await page.getByRole('textbox', { name: '客户姓名' }).fill('钱折扣');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700003636');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    for (const [index, item] of gear.entries()) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.getByRole('heading', { name: `设备（${index + 1}）` }).waitFor(limit),
      );
    }
    // Half the rent off: the clerk's limit is 20 % of it, which the page says before sending.
    // The rent and deposits as the server priced them (a child's size holds a junior deposit).
    const { rent, lines } = await quoted(gear.length);
    const deposit = lines.reduce((sum, line) => sum + line.deposit, 0);
    const discount = rent / 2;
    await page.locator('.order-create__discount input').fill(String(discount));
    await page.getByText('超出店员上限，提交时需店长批准').waitFor();
    await customerSigns(page);
    await page.getByRole('button', { name: /^创建订单/ }).tap();

    const sheet = page.getByRole('dialog', { name: '需要店长批准' });
    await sheet
      .getByText(
        `优惠 ¥${discount.toFixed(2)}，超出店员上限 ¥${(rent * 0.2).toFixed(2)}（租金 ¥${rent.toFixed(2)} 的 20%）`,
      )
      .waitFor();
    await sheet.getByPlaceholder(/必填/).fill('老客户续租');
    await sheet.getByLabel('店长账号').fill('manager');
    await sheet.getByLabel('店长密码').fill('not-the-password');
    await sheet.getByRole('button', { name: '批准并提交' }).tap();
    await sheet.getByText('用户名或密码错误').waitFor();
    expect(page.url()).toContain('/store/orders/create');

    await sheet.getByLabel('店长密码').fill('1q2w3E*');
    await sheet.getByRole('button', { name: '批准并提交' }).tap();
    await page.waitForURL('**/store/orders/detail/**');
    // The discount comes off the rent only, named with its reason and who approved it.
    await page.getByText('优惠 · 原因：老客户续租 · 王店长 批准').waitFor();
    await page
      .getByText(`−¥${discount.toFixed(2)}`)
      .first()
      .waitFor();
    const id = page.url().split('/').pop()!;
    const order = await api.call<{ totalAmount: number }>('GET', `/api/app/orders/${id}`);
    expect(order.totalAmount).toBe(rent - discount + deposit);
    await screenshot(page, 'money-discount-approved');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a delivery paid at the door: the customer chooses it, the driver takes the cash, and the customer opens the receipt from the QR page (English)', async () => {
    // The manager lets the store take cash on delivery.
    const managerPhone = await phoneIn(browser, 'en-US');
    const manager = await managerPhone.newPage();
    await signIn(manager, baseUrl, 'manager', '/store/dashboard', 'en-US');
    const managerApi = staffApi(manager, baseUrl);
    const storeId = await managerApi.myStoreId();
    await managerApi.call('PUT', '/api/app/admin/business-parameters', {
      storeId,
      values: [{ key: 'SnowGearSmartStore.Business.CashOnDelivery', value: 'true' }],
    });
    const start = storeMorning(9);
    const end = new Date(start.getTime() + DAY);
    const [item] = (await freeGear(manager, storeId, start, end)).slice(-25, -24);
    const phone = '13700004747';
    const booked = await managerApi.book({
      storeId,
      customerName: '钱多多',
      customerPhone: phone,
      start,
      end,
      items: [{ equipmentId: item!.id }],
      deliverTo: 'Wanlong Hotel 1208',
    });
    const due = `¥${booked.totalAmount.toFixed(2)}`;

    // The customer chooses to pay on delivery from the payment page.
    const customerPhone = await phoneIn(browser, 'en-US');
    const customer = await customerPhone.newPage();
    await customerSignIn(customer, baseUrl, {
      phone,
      name: '钱多多',
      to: `/customer/payment/${booked.id}`,
      language: 'en-US',
    });
    // From here on nothing fails on the page (signing in may retry a first refused code request).
    const customerErrors = watchErrors(customer);
    await customer.getByText(`the driver collects ${due} at the door`, { exact: false }).waitFor();
    await customer.getByRole('button', { name: 'Pay on delivery', exact: true }).tap();
    await customer.getByRole('button', { name: 'Confirm' }).tap();
    await customer.getByText(`Pay on delivery · ${due} at the door`).waitFor();

    // The driver takes the run, loads it and, at the door, takes the cash before the hand-over.
    const driverPhone = await phoneIn(browser, 'en-US');
    const driver = await driverPhone.newPage();
    const driverErrors = watchErrors(driver);
    await signIn(driver, baseUrl, 'driver', '/driver/dashboard', 'en-US');
    const driverApi = staffApi(driver, baseUrl);
    await driverApi.call('POST', `/api/app/orders/${booked.id}/take`, { kind: 'delivery' });
    await driverApi.call('POST', `/api/app/orders/${booked.id}/dispatch`, {
      barcodes: [item!.barcodeNumber],
    });
    await driver.goto(`${baseUrl}/driver/payment/${booked.id}`);
    await driver.getByRole('button', { name: `Take cash ${due}` }).tap();
    await driver.getByRole('button', { name: 'Cash received' }).tap();
    await driver.getByText('Paid: you can confirm the delivery').waitFor();
    await screenshot(driver, 'money-cash-at-the-door');

    // The driver's takings show under the driver in the manager's shift close.
    await manager.goto(`${baseUrl}/store/admin/shift-close`);
    await manager.getByRole('link', { name: booked.orderNumber }).waitFor();

    // The customer opens the receipt from the order's QR page: the cash and its receipt number.
    await customer.goto(`${baseUrl}/customer/order-qr/${booked.orderNumber}`);
    await customer.getByRole('link', { name: 'View receipt' }).tap();
    await customer.waitForURL('**/customer/receipt/**');
    await customer.getByText(`Payment · Cash`).waitFor();
    await customer.getByText(/Receipt number R\d{12}/).waitFor();
    await customer.getByText('Confirmed by Driver', { exact: false }).waitFor();
    await screenshot(customer, 'money-receipt');
    expect(customerErrors).toEqual([]);
    expect(driverErrors).toEqual([]);
    for (const context of [managerPhone, customerPhone, driverPhone]) await context.close();
  });
});
