import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { signIn } from '../support/session';
import { choosePayment, chooseSizes, landAfterPaying, opened } from '../support/booking';
import { baseUrl } from '../support/server';

/** Any Chinese character. */
const HAN = /\p{Script=Han}/u;

/**
 * What stays Chinese on purpose: the switch names the other language in its own script, and the
 * footer's filing numbers are shown exactly as the authorities issued them (the law asks for it).
 */
const KEPT = [/中文/g, /冀公网安备\d+号/g, /冀ICP备[\d-]+号(-\d+)?/g];

/** Fails on any other Chinese character on the page, naming where it stands. */
async function readsNoChinese(page: Page, where: string) {
  // Texts arrive with their data: wait for the page to settle before reading it.
  await page.waitForLoadState('networkidle');
  let text = await page.locator('body').innerText();
  for (const kept of KEPT) text = text.replace(kept, '');
  const at = text.search(HAN);
  const around = at < 0 ? '' : text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ');
  expect(around, `Chinese on ${where}`).toBe('');
}

interface Rider {
  name: string;
  /** cm, or feet and inches. */
  height: number | [number, number];
  /** kg, or pounds. */
  weight: number | { lb: number };
  age: number;
  boot: { system: 'EU' | "US men's" | "US women's"; size: string };
}

/** Adds a rider as an English-reading visitor does: in the units and boot sizes they know. */
async function addRider(page: Page, rider: Rider) {
  await page.getByRole('button', { name: 'Add a rider', exact: true }).first().tap();
  const dialog = page.getByRole('dialog', { name: 'Add a rider' });
  await opened(dialog);
  const field = (label: string | RegExp) =>
    dialog.locator('.adm-form-item').filter({ hasText: label }).locator('input').first();
  const chip = (name: string) => dialog.getByRole('button', { name, exact: true });
  await field('Name').fill(rider.name);
  if (Array.isArray(rider.height)) {
    await chip('ft, in').tap();
    await dialog.getByRole('textbox', { name: 'feet' }).fill(String(rider.height[0]));
    await dialog.getByRole('textbox', { name: 'inches' }).fill(String(rider.height[1]));
  } else {
    await chip('cm').tap();
    await field(/^Height/).fill(String(rider.height));
  }
  if (typeof rider.weight === 'object') {
    await chip('lb').tap();
    await field('Weight (lb)').fill(String(rider.weight.lb));
  } else {
    await chip('kg').tap();
    await field(/^Weight/).fill(String(rider.weight));
  }
  await field('Age').fill(String(rider.age));
  await dialog.getByRole('option', { name: /^Type II(?!I)/ }).tap();
  await chip(rider.boot.system).tap();
  await field(`Boot size (${rider.boot.system})`).fill(rider.boot.size);
  await dialog.getByText(/^That is Mondopoint [\d.]+ · /).waitFor();
  await readsNoChinese(page, `the rider form of ${rider.name}`);
  await dialog.getByRole('button', { name: 'Save' }).tap();
  await dialog.waitFor({ state: 'hidden' });
}

describe('a foreign skier books in English', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('books a family’s gear on an en-US phone with a +44 number and passport names, pays, and reads no Chinese on the way', async () => {
    // A phone set to English, on its first visit: nothing chosen, no switch tapped.
    const context = await newPhone(browser, 'en-US', { language: null });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('**/customer/order-create**');
    await page.getByRole('heading', { name: 'Book gear' }).waitFor();
    await readsNoChinese(page, 'the booking page');

    // The store, in English.
    await page.getByRole('radio', { name: /Thaiwoo Village Store/ }).tap();
    await page.getByRole('button', { name: 'Change store' }).waitFor();
    await readsNoChinese(page, 'the booking page with its store');

    // A family: boot sizes given in EU and US sizes, heights and weights as they know them.
    const family: Rider[] = [
      {
        name: 'Emma Brown',
        height: [5, 6],
        weight: { lb: 130 },
        age: 38,
        boot: { system: 'EU', size: '39' },
      },
      {
        name: 'Tom Brown',
        height: 182,
        weight: 80,
        age: 40,
        boot: { system: "US men's", size: '10' },
      },
      {
        name: "Lily O'Brien-Brown",
        height: 135,
        weight: 30,
        age: 9,
        boot: { system: 'EU', size: '33' },
      },
    ];
    for (const rider of family) await addRider(page, rider);

    // Gear for each: the first pack or item with something free, each part in a size that fits.
    for (const rider of family) {
      await page.locator('button.gear-card__choose:not([disabled])').first().tap();
      const popup = page.getByRole('dialog').last();
      await opened(popup);
      await chooseSizes(popup, rider.name);
      await readsNoChinese(page, `the gear sheet for ${rider.name}`);
      await popup.getByRole('button', { name: 'Add to booking' }).tap();
      await popup.waitFor({ state: 'hidden' });
      await page.locator('.summary-rider', { hasText: rider.name }).waitFor();
    }
    await page.getByText('I have read and accept').tap();
    await page.locator('#booking-blocker').waitFor({ state: 'detached' });
    await readsNoChinese(page, 'the booking summary');
    await screenshot(page, 'foreign-skier-summary');
    await page.getByRole('button', { name: 'Sign in and book' }).tap();

    // Signing in with a UK mobile, chosen from the country list, and a passport name.
    await page.waitForURL('**/customer/login**');
    await readsNoChinese(page, 'the sign-in page');
    await page.getByRole('button', { name: /^Country or region: China \+86/ }).tap();
    const countries = page.getByRole('dialog', { name: 'Choose a country or region' });
    await opened(countries);
    await readsNoChinese(page, 'the country list');
    await countries.getByRole('searchbox').fill('united kingdom');
    await countries.getByRole('button', { name: 'United Kingdom +44' }).tap();
    await countries.waitFor({ state: 'hidden' });
    await page.getByLabel('Mobile number').fill('7400 123457');
    await page.getByRole('button', { name: 'Get code' }).tap();
    const shown = page.getByText(/Your code: \d{6}/);
    await shown.waitFor();
    const code = /\d{6}/.exec((await shown.textContent()) ?? '')![0];
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Real name').fill("Emma O'Brien-Brown");
    await page.getByRole('button', { name: /^Sign in$/ }).tap();

    // Paying: the page says a card from abroad works, and the payment goes through.
    await page.waitForURL('**/customer/payment/**');
    await page.getByRole('region', { name: 'Paying from abroad?' }).waitFor();
    await readsNoChinese(page, 'the payment page');
    await screenshot(page, 'foreign-skier-payment');
    await choosePayment(page, 'WeChat Pay');
    await page.getByRole('button', { name: /^Pay ¥[\d.]+ with WeChat Pay$/ }).tap();
    await page.waitForURL('**/__double/h5?**');
    await page.getByRole('button', { name: /^Pay ¥/ }).tap();
    // The code to show at the store, in English; one tap on, the order.
    expect(await landAfterPaying(page, 'Payment received')).toBe('code');
    await readsNoChinese(page, 'the code page');
    await screenshot(page, 'foreign-skier-code');
    await page.getByRole('link', { name: 'View the order' }).tap();
    await page.waitForURL(/\/customer\/orders\/[^/?]+/);
    await readsNoChinese(page, 'the order page');
    await screenshot(page, 'foreign-skier-order');

    // What was booked keeps the boot sizes as Mondopoint, the account its international number.
    const booked = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
      const riders = (await (await fetch('/api/app/riders', { headers })).json()) as {
        items: { name: string; bootSizeMondopoint: number | null; heightCm: number | null }[];
      };
      const me = (await (await fetch('/api/app/account/my-profile', { headers })).json()) as {
        phoneNumber: string;
        name: string;
      };
      return { riders: riders.items, me };
    });
    expect(booked.me.phoneNumber).toBe('+447400123457');
    const boot = (name: string) => booked.riders.find((r) => r.name === name)?.bootSizeMondopoint;
    expect(boot('Emma Brown')).toBe(25);
    expect(boot('Tom Brown')).toBe(28);
    expect(boot("Lily O'Brien-Brown")).toBe(21);
    // 5 ft 6 in.
    expect(booked.riders.find((r) => r.name === 'Emma Brown')?.heightCm).toBe(168);

    // The QR code to show at the counter, and the receipt.
    await page.getByRole('button', { name: 'Show pickup code' }).first().tap();
    await page.waitForURL('**/customer/order-qr/**');
    await page.getByText('Show this QR code to the staff at the store').waitFor();
    await readsNoChinese(page, 'the QR page');
    await page.getByRole('link', { name: 'View receipt' }).tap();
    await page.waitForURL('**/receipt**');
    await readsNoChinese(page, 'the receipt');
    await screenshot(page, 'foreign-skier-receipt');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the customer at once an English name the administration gives', async () => {
    // The administration, in Chinese, renames a kind's English name.
    const staff = await newPhone(browser);
    const admin = await staff.newPage();
    await signIn(admin, baseUrl, 'admin', '/store/admin/catalogue');
    await admin.getByRole('link', { name: /^头盔/ }).first().tap();
    const english = admin.getByLabel(/英文名称/);
    await english.waitFor();
    const renamed = `Helmets ${Date.now() % 10000}`;
    await english.fill(renamed);
    await admin.getByRole('button', { name: '保存品类' }).tap();
    await admin.getByText('已保存').first().waitFor();
    await staff.close();

    // The visitor's booking page, opened afresh, calls the kind by its new name.
    const context = await newPhone(browser, 'en-US', { language: null });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/order-create`);
    await page.getByRole('radio', { name: /Thaiwoo Village Store/ }).tap();
    await page.getByText(renamed).first().waitFor();
    await context.close();
  });
});
