import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, watchErrors } from '../support/browser';
import { signIn } from '../support/session';
import { baseUrl } from '../support/server';

/**
 * The phone's back gesture (the browser's Back here) closes the sheet or dialog on top first and
 * keeps the page as it was; a second Back leaves the page; a sheet closed by its own button
 * leaves no entry for Back to spend. Nothing is booked: sheets are opened and closed only.
 */

/** A sheet or dialog has finished opening (antd-mobile lets nothing in it be tapped before). */
const opened = (page: Page) => page.waitForTimeout(600);

/** The phone's Back, and a moment for what it closes to go. */
async function back(page: Page) {
  await page.goBack();
  await page.waitForTimeout(400);
}

describe("the phone's back gesture", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('closes the booking’s sheets and dialogs first, one at a time, keeping the booking', async () => {
    const context = await newPhone(browser, 'zh-CN', { motion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/help`);
    await page.goto(`${baseUrl}/customer/order-create`);
    await page
      .getByRole('radio', { name: /万龙雪场店|Wanlong Resort Store/ })
      .first()
      .tap();
    await page.getByRole('button', { name: '更换门店' }).waitFor();

    // The rider form, something typed in it: Back closes it, the booking stays as it was.
    await page.getByRole('button', { name: '添加滑雪者', exact: true }).first().tap();
    const riderForm = page.getByRole('dialog', { name: '添加滑雪者' });
    await riderForm.waitFor();
    await opened(page);
    await riderForm.locator('input').first().fill('小明');
    await back(page);
    await riderForm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/customer/order-create');
    await page.getByRole('button', { name: '更换门店' }).waitFor();

    // A rider, then the question before removing them: Back answers "no".
    await page.getByRole('button', { name: '添加滑雪者', exact: true }).first().tap();
    await riderForm.waitFor();
    await opened(page);
    await riderForm.locator('input').first().fill('小明');
    await riderForm.getByRole('button', { name: '保存' }).tap();
    await riderForm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '移除小明' }).tap();
    const question = page.getByText('移除小明？为他/她选的装备也会一起移除。');
    await question.waitFor();
    await opened(page);
    await back(page);
    await question.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '移除小明' }).waitFor();

    // The gear sheet closed by its own button: the next Back leaves the page at once.
    await page.locator('.gear-card').getByRole('button', { name: /^选择/ }).first().tap();
    const gear = page.getByRole('dialog').last();
    await gear.getByText('给谁用').waitFor();
    await opened(page);
    await gear.getByRole('button', { name: '取消' }).tap();
    await gear.getByText('给谁用').waitFor({ state: 'hidden' });
    await back(page);
    await page.waitForURL('**/help');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what an agent typed on the page under a sheet, and stacks a form over a sheet', async () => {
    const context = await newPhone(browser, 'en-US', { motion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'agent', '/agent/dashboard', 'en-US');
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
    await page.goto(`${baseUrl}/agent/order-create`);
    await page
      .getByRole('radio', { name: /万龙雪场店|Wanlong Resort Store/ })
      .first()
      .tap();
    const name = page.getByPlaceholder("Enter the customer's name");
    await name.fill('钱七');

    // The gear sheet, and the rider form over it: Back closes the form, then the sheet.
    await page
      .locator('.gear-card')
      .getByRole('button', { name: /^Choose / })
      .first()
      .tap();
    const gear = page.getByRole('dialog').last();
    await gear.getByText('Who is it for').waitFor();
    await opened(page);
    await gear.getByRole('button', { name: 'Add a rider' }).tap();
    const riderForm = page.getByRole('dialog', { name: 'Add a rider' });
    await riderForm.waitFor();
    await opened(page);
    await back(page);
    await riderForm.waitFor({ state: 'hidden' });
    expect(await gear.getByText('Who is it for').isVisible()).toBe(true);
    await back(page);
    await gear.getByText('Who is it for').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/agent/order-create');
    expect(await name.inputValue()).toBe('钱七');

    // Nothing open: Back leaves the page.
    await back(page);
    await page.waitForURL('**/agent/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("closes the inquiry's gear sheet without bringing back the item's dialog it came from", async () => {
    const context = await newPhone(browser, 'zh-CN', { motion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/help`);
    await page.goto(`${baseUrl}/customer/equipment-inquiry`);
    // An item's dialog is named in the address (?sn=), as a label's QR code opens it.
    await page.locator('.inquiry-list button', { hasText: '现在可租' }).first().tap();
    const item = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: '预订这件' }) });
    await item.waitFor();
    await opened(page);
    await item.getByRole('button', { name: '预订这件' }).tap();
    const gear = page.getByRole('dialog').filter({ hasText: '给谁用' });
    await gear.waitFor();
    await opened(page);
    await item.waitFor({ state: 'hidden' });

    await back(page);
    await gear.waitFor({ state: 'hidden' });
    expect(await item.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    await back(page);
    await page.waitForURL('**/help');
    expect(errors).toEqual([]);
    await context.close();
  });
});
