import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** What the booking journeys do on the booking page's sheets, as a customer would. */

/**
 * A sheet once it has finished opening: antd-mobile's popups take no taps while they slide in (a
 * person is not that quick; a journey is).
 */
export async function opened(sheet: Locator) {
  await sheet.waitFor();
  await expect
    .poll(() =>
      sheet.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          if (getComputedStyle(node).pointerEvents === 'none') return false;
        }
        return true;
      }),
    )
    .toBe(true);
}

/**
 * In the gear popup: the rider unless the sheet has chosen them already, then in every size
 * group that has no size chosen yet the size suggested for the rider when it is still free, else
 * the first size still free; where the sheet then warns that the size does not fit the rider, the
 * fitting size it offers (as a customer would: what the sheet preselected is taken as it is).
 */
export async function chooseSizes(popup: Locator, rider: string) {
  const riderChoice = popup.getByRole('radio', { name: rider, exact: true });
  if ((await riderChoice.getAttribute('aria-checked')) !== 'true') await riderChoice.tap();
  for (const group of await popup.locator('.kind-picker').all()) {
    if ((await group.locator('[role="radio"][aria-checked="true"]').count()) > 0) continue;
    const free = group.locator('[role="radio"]:not([disabled])');
    const suggested = free.filter({ has: popup.page().locator('.kind-picker__suggested') });
    await ((await suggested.count()) > 0 ? suggested : free).first().tap();
  }
  for (let i = 0; i < 6; i++) {
    const take = popup.locator('.size-fit__take').first();
    if ((await take.count()) === 0) break;
    await take.tap();
  }
}

export interface Rider {
  name: string;
  height: string;
  weight: string;
  age: string;
  boot: string;
}

/** The rider form's words, in the journey's language. */
export interface RiderFormTexts {
  addRider: string;
  riderDialog: string;
  name: string;
  height: string;
  weight: string;
  age: string;
  /** The ability option chosen. */
  ability: RegExp;
  boot: string;
  save: string;
}

/** The rider form's words as each language shows them. */
export const RIDER_FORM_TEXTS = {
  'zh-CN': {
    addRider: '添加滑雪者',
    riderDialog: '添加滑雪者',
    name: '姓名',
    height: '身高',
    weight: '体重',
    age: '年龄',
    ability: /^II 型/,
    boot: '鞋码',
    save: '保存',
  },
  'en-US': {
    addRider: 'Add a rider',
    riderDialog: 'Add a rider',
    name: 'Name',
    height: 'Height',
    weight: 'Weight',
    age: 'Age',
    ability: /^Type II(?!I)/,
    boot: 'Boot size',
    save: 'Save',
  },
} as const satisfies Record<string, RiderFormTexts>;

/** Adds a rider through the booking page's rider form. */
export async function addRider(page: Page, texts: RiderFormTexts, rider: Rider) {
  await page.getByRole('button', { name: texts.addRider, exact: true }).first().tap();
  const dialog = page.getByRole('dialog', { name: texts.riderDialog });
  const field = (label: string) =>
    dialog.locator('.adm-form-item').filter({ hasText: label }).locator('input').first();
  await field(texts.name).fill(rider.name);
  await field(texts.height).fill(rider.height);
  await field(texts.weight).fill(rider.weight);
  await field(texts.age).fill(rider.age);
  await dialog.getByRole('option', { name: texts.ability }).tap();
  await field(texts.boot).fill(rider.boot);
  await dialog.getByRole('button', { name: texts.save }).tap();
  await dialog.waitFor({ state: 'hidden' });
}

/** The sign-in form's words, in the journey's language. */
export interface SignInTexts {
  phone: string;
  getCode: string;
  /** The sandbox SMS tag that shows the code. */
  shownCode: RegExp;
  code: string;
  realName: string;
  login: RegExp;
}

/** The sign-in form's words as each language shows them. */
export const SIGN_IN_TEXTS = {
  'zh-CN': {
    phone: '手机号',
    getCode: '获取验证码',
    shownCode: /验证码：\d{6}/,
    code: '验证码',
    realName: '真实姓名',
    login: /^登录$/,
  },
  'en-US': {
    phone: 'Mobile number',
    getCode: 'Get code',
    shownCode: /Your code: \d{6}/,
    code: 'Code',
    realName: 'Real name',
    login: /^Sign in$/,
  },
} as const satisfies Record<string, SignInTexts>;

/** The sign-in form at submit, with the code the sandbox SMS tag shows. */
export async function signInAtSubmit(page: Page, texts: SignInTexts, phone: string) {
  await page.waitForURL('**/customer/login**');
  await page.getByLabel(texts.phone).fill(phone);
  await page.getByRole('button', { name: texts.getCode }).tap();
  const shown = page.getByText(texts.shownCode);
  await shown.waitFor();
  const code = /\d{6}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
  await page.getByLabel(texts.code).fill(code);
  await page.getByLabel(texts.realName).fill('张伟');
  await page.getByRole('button', { name: texts.login }).tap();
}

/**
 * Where a customer's online payment lands, saying it is paid: the code to show at the store for
 * gear still to be collected there, else the order itself (a delivery). `viewOrder`: the code
 * page's link to the order, tapped to go on there (one tap, as the customer would).
 */
export async function landAfterPaying(
  page: Page,
  paid: string,
  { viewOrder }: { viewOrder?: string } = {},
): Promise<'code' | 'order'> {
  await page.waitForURL(/\/customer\/(order-qr|orders)\/[^/?]+/);
  await page.getByText(paid, { exact: true }).waitFor();
  const landed = page.url().includes('/customer/order-qr/') ? 'code' : 'order';
  if (viewOrder && landed === 'code') {
    await page.getByRole('link', { name: viewOrder }).tap();
    await page.waitForURL(/\/customer\/orders\/[^/?]+/);
    // The order's own page is drawn (the code's page, Back to the order, is gone).
    await page.locator('.my-order__head').waitFor();
    await page.locator('.order-qr-page').waitFor({ state: 'detached' });
  }
  return landed;
}

/** Chooses a way to pay on the payment page unless the page has chosen it already. */
export async function choosePayment(page: Page, method: string) {
  const choice = page.getByRole('radio', { name: method, exact: true });
  if (!(await choice.isChecked())) await page.getByText(method, { exact: true }).tap();
}
