import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from '../support/api';
import { watchCounterQuotes } from '../support/counter-quote';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { fillCustomerSignIn, signIn } from '../support/session';
import { AGREEMENT_TEXTS, customerSigns, signOnPad } from '../support/signature';
import { baseUrl } from '../support/server';

interface Gear {
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
}

/**
 * In-stock items of the signed-in employee's store that are free for the next days, taken from
 * the end-minus-10 region of the list (other journeys use the last few items).
 */
async function freeGear(page: Page, count: number): Promise<Gear[]> {
  return page.evaluate(async (count) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
    const me = (await (await fetch('/api/app/account/my-profile', { headers })).json()) as {
      primaryStoreId: string;
    };
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const query = new URLSearchParams({
      storeId: me.primaryStoreId,
      status: '0',
      availableFrom: from,
      availableTo: to,
      maxResultCount: '100',
    });
    const list = (await (await fetch(`/api/app/equipment?${query}`, { headers })).json()) as {
      items: Gear[];
    };
    // Clear of the last ten (other journeys take those) when the store has that many free.
    const end = Math.max(count, list.items.length - 10);
    return list.items.slice(end - count, end).map(({ barcodeNumber, dailyRentPrice, deposit }) => ({
      barcodeNumber,
      dailyRentPrice,
      deposit,
    }));
  }, count);
}

const money = (v: number) => `¥${v.toFixed(2)}`;
/** As the server and the page write times in the business time zone. */
const local = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
/** As the pages write a time: month and day, with the year when it is not this one. */
const short = (iso: string) =>
  local(iso).slice(0, 4) === local(new Date().toISOString()).slice(0, 4)
    ? local(iso).slice(5)
    : local(iso);

describe('a new order at the counter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is built by gun scans and priced before sending; the same gear is refused at the scan for the same time', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    const [one, two, spare] = await freeGear(page, 3);
    const gear = [one!, two!];
    expect(spare).toBeTruthy();

    // A walk-in: name and phone typed, then the gear scanned with the gun.
    await page.getByRole('textbox', { name: '客户姓名' }).fill('孙八');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700002222');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    const quoted = watchCounterQuotes(page);
    for (const [i, item] of gear.entries()) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.locator('.order-create-line', { hasText: item.barcodeNumber }).waitFor(limit),
      );
      await page.getByRole('heading', { name: `设备（${i + 1}）` }).waitFor();
    }
    // The same item again is refused.
    await gunScan(page, gear[0]!.barcodeNumber, (limit) =>
      page.getByText(`设备 ${gear[0]!.barcodeNumber} 已在订单中`).waitFor(limit),
    );

    // One day by the store's default: rent (the day's daily prices, or its season's percent of
    // them) and deposits of both items.
    const { rent, lines } = await quoted(gear.length);
    // The items' deposits, or a junior card's for gear in a size only a child wears.
    const deposits = lines.reduce((sum, line) => sum + line.deposit, 0);
    const fees = page.locator('.order-create__fees');
    await fees
      .locator('.adm-list-item', { hasText: '租金（1 天）' })
      .getByText(money(rent))
      .waitFor();
    await fees.locator('.adm-list-item', { hasText: '押金' }).getByText(money(deposits)).waitFor();
    await fees
      .locator('.adm-list-item', { hasText: '合计' })
      .getByText(money(rent + deposits))
      .waitFor();
    await screenshot(page, 'store-order-create');

    await customerSigns(page);
    await page.getByRole('button', { name: `创建订单 ${money(rent + deposits)}` }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const detail = page.locator('.order-detail');
    await detail.getByText('待支付').first().waitFor();
    for (const item of gear) await detail.getByText(item.barcodeNumber).first().waitFor();
    await detail
      .locator('.order-detail__total')
      .getByText(money(rent + deposits), { exact: true })
      .waitFor();
    const firstId = page.url().split('/').pop()!;
    expect(errors).toEqual([]);

    const first = await page.evaluate(async (id) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
      return (await (await fetch(`/api/app/orders/${id}`, { headers })).json()) as {
        orderNumber: string;
        rentalStartTime: string;
        rentalEndTime: string;
      };
    }, firstId);

    // A second order for one of the same items and the same time, from the quick actions: the
    // page kept alive starts afresh; the taken item is refused at its scan, with why.
    await page.getByRole('button', { name: '快捷操作' }).tap();
    await page.getByRole('button', { name: '创建订单', exact: true }).tap();
    await page.waitForURL('**/store/orders/create');
    await page.getByRole('heading', { name: '设备（0）' }).waitFor();
    expect(await page.getByRole('textbox', { name: '客户姓名' }).inputValue()).toBe('');
    await page.getByRole('textbox', { name: '客户姓名' }).fill('周九');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700003333');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    const taken = gear[1]!.barcodeNumber;
    const start = local(first.rentalStartTime);
    const end = local(first.rentalEndTime);
    await gunScan(page, taken, (limit) =>
      page
        .getByRole('status')
        .filter({ hasText: `${taken} 已被订单 ${first.orderNumber} 预订：${start} 至 ${end}` })
        .waitFor(limit),
    );
    await page.getByRole('heading', { name: '设备（0）' }).waitFor();
    await screenshot(page, 'store-order-create-conflict');
    // A free one goes on, and the draft outlives a reload.
    await gunScan(page, spare!.barcodeNumber, (limit) =>
      page.locator('.order-create-line', { hasText: spare!.barcodeNumber }).waitFor(limit),
    );
    await page.reload();
    // Asked first whose it is: the same customer's, so it carries on.
    await page.getByRole('button', { name: '继续上一单（周九，1 件）' }).tap();
    await page.locator('.order-create-line', { hasText: spare!.barcodeNumber }).waitFor();
    expect(await page.getByRole('textbox', { name: '客户姓名' }).inputValue()).toBe('周九');
    expect(page.url()).toContain('/store/orders/create');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names the start picker's wheels to a screen reader in English too", async () => {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create', 'en-US');
    const startButton = page.locator('.order-create__start');
    const shown = (await startButton.textContent())!;
    await startButton.tap();
    const hourColumn = page.locator('.adm-picker-view-column').nth(3);
    expect(
      await hourColumn.getByRole('button', { name: /^Selected: / }).getAttribute('aria-label'),
    ).toBe(`Selected: ${shown.slice(6, 8)}`);
    expect(
      await hourColumn.getByRole('button', { name: /^Select the next one: \d{2}$/ }).count(),
    ).toBe(1);
    const labels = await page
      .locator('.adm-picker-view-column-accessible [aria-label]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => /[\u4e00-\u9fff]/.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows and picks the start on the store's clock on a phone set to another zone", async () => {
    // London is eight hours behind the store in winter: a phone's own clock would be off by that.
    const context = await newPhone(browser, 'zh-CN', { timezoneId: 'Europe/London' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    const [item] = await freeGear(page, 1);
    await page.getByRole('textbox', { name: '客户姓名' }).fill('吴十');
    await page.getByRole('textbox', { name: '手机号' }).fill('13700004444');
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    await gunScan(page, item!.barcodeNumber, (limit) =>
      page.locator('.order-create-line', { hasText: item!.barcodeNumber }).waitFor(limit),
    );

    // The picker opens on the hour the button shows; the next hour is picked.
    const startButton = page.locator('.order-create__start');
    const shown = (await startButton.textContent())!;
    await startButton.tap();
    const hourColumn = page.locator('.adm-picker-view-column').nth(3);
    const current = hourColumn.getByRole('button', { name: /^当前选择的是：/ });
    expect(await current.getAttribute('aria-label')).toBe(`当前选择的是：${shown.slice(6, 8)}`);
    // The wheel's spoken buttons are hidden from sight: pressed as a screen reader would.
    await hourColumn
      .getByRole('button', { name: /^选择下一项：/ })
      .evaluate((button: HTMLElement) => button.click());
    await page.getByText('确定', { exact: true }).tap();
    await page.locator('.adm-picker').waitFor({ state: 'hidden' });
    const picked = (await startButton.textContent())!;
    expect(picked).not.toBe(shown);
    expect(await startButton.getAttribute('aria-label')).toBe(`开始时间 ${picked}，点击修改`);

    await customerSigns(page);
    await page.getByRole('button', { name: /^创建订单 ¥/ }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const order = await page.evaluate(async (id) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('access_token')!}` };
      return (await (await fetch(`/api/app/orders/${id}`, { headers })).json()) as {
        rentalStartTime: string;
      };
    }, page.url().split('/').pop()!);
    // The order starts at the time picked, read on the store's clock, and its page says so.
    expect(short(order.rentalStartTime)).toBe(picked);
    await page.locator('.order-detail').getByText(picked, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
  it('takes two skiers, one of the customer’s saved riders, with the DIN suggestion, and the customer’s signature', async () => {
    // The customer saved themselves as a rider on their phone earlier.
    const phone = '13655550303';
    const customerPhone = await newPhone(browser);
    const customer = await customerPhone.newPage();
    await customer.goto(
      `${baseUrl}/customer/login?redirect=${encodeURIComponent('/customer/orders')}`,
    );
    await fillCustomerSignIn(customer, phone, '韩梅梅');
    await customer.getByRole('button', { name: /^登录$/ }).tap();
    await customer.waitForURL('**/customer/orders');
    await staffApi(customer, baseUrl).call('POST', '/api/app/riders', {
      name: '韩梅梅',
      heightCm: 175,
      weightKg: 70,
      age: 30,
      ability: 'II',
      bootSoleLengthMm: 305,
    });
    await customerPhone.close();

    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/orders/create');
    // Two skis of the store free for the next days (from the list's start: others take its end).
    const api = staffApi(page, baseUrl);
    const { items: categories } = await api.call<{ items: { id: string; name: string }[] }>(
      'GET',
      '/api/app/equipment/categories',
    );
    const query = new URLSearchParams({
      storeId: await api.myStoreId(),
      categoryId: categories.find((c) => c.name === '双板滑雪板')!.id,
      status: '0',
      availableFrom: new Date().toISOString(),
      availableTo: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      maxResultCount: '20',
    });
    const skis = (
      await api.call<{ items: { name: string; barcodeNumber: string }[] }>(
        'GET',
        `/api/app/equipment?${query}`,
      )
    ).items.slice(1, 3);
    expect(skis).toHaveLength(2);
    await page.getByRole('textbox', { name: '客户姓名' }).fill('韩梅梅');
    await page.getByRole('textbox', { name: '手机号' }).fill(phone);
    await page.getByRole('heading', { name: '设备（0）' }).tap();
    for (const item of skis) {
      await gunScan(page, item.barcodeNumber, (limit) =>
        page.locator('.order-create-line', { hasText: item.barcodeNumber }).waitFor(limit),
      );
    }

    // One skier from the customer's saved riders, one typed at the counter.
    const riders = page.locator('.counter-riders');
    await riders.getByRole('button', { name: '选用 韩梅梅' }).tap();
    await riders.getByRole('button', { name: '添加滑雪者' }).tap();
    const editor = page.getByRole('dialog', { name: '添加滑雪者' });
    const field = (label: string) =>
      editor.locator('.adm-form-item', { hasText: label }).locator('input').first();
    await field('姓名').fill('小明');
    await field('身高（厘米）').fill('130');
    await field('体重（公斤）').fill('30');
    await field('年龄').fill('9');
    await field('鞋底长度（毫米）').fill('250');
    await editor.getByRole('option', { name: /^I 型/ }).tap();
    await editor.getByRole('button', { name: '保存' }).tap();
    await riders.getByText('小明').first().waitFor();

    await riders
      .getByRole('combobox', { name: `${skis[0]!.name} 给谁用` })
      .selectOption({ label: '韩梅梅' });
    await riders
      .getByRole('combobox', { name: `${skis[1]!.name} 给谁用` })
      .selectOption({ label: '小明' });
    await riders.getByText('建议 DIN 6.5（仅供参考）').waitFor();
    await riders.getByText('建议 DIN 1.75（仅供参考）').waitFor();
    await screenshot(page, 'store-order-create-riders');

    // The customer reads the agreement on the clerk's phone and signs with a finger.
    await customerSigns(page);

    await page.getByRole('button', { name: /^创建订单 ¥/ }).tap();
    await page.waitForURL('**/store/orders/detail/*');
    const detail = page.locator('.order-detail');
    await detail.locator('summary', { hasText: '韩梅梅' }).waitFor();
    await detail.locator('summary', { hasText: '小明' }).waitFor();
    await detail.getByText('租赁协议', { exact: true }).waitFor();
    await detail.getByRole('img', { name: '客户签名' }).first().waitFor();
    await screenshot(page, 'store-order-detail-signed');

    const id = page.url().split('/').pop()!;
    const order = await staffApi(page, baseUrl).call<{
      agreementSignatureId: string | null;
      items: {
        rider: { name: string; profileId: string | null } | null;
        dinSuggestion: number | null;
      }[];
    }>('GET', `/api/app/orders/${id}`);
    expect(order.agreementSignatureId).toBeTruthy();
    expect(order.items.map((i) => [i.rider?.name, i.dinSuggestion])).toEqual([
      ['韩梅梅', 6.5],
      ['小明', 1.75],
    ]);
    expect(order.items[0]!.rider?.profileId).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The new order page's words a clerk goes by, in each language. */
  const FORM = {
    'zh-CN': {
      name: '客户姓名',
      phone: '手机号',
      gear: (n: number) => `设备（${n}）`,
      create: /^创建订单 ¥/,
    },
    'en-US': {
      name: 'Customer name',
      phone: 'Phone',
      gear: (n: number) => `Gear (${n})`,
      create: /^Create order ¥/,
    },
  } as const;

  for (const [language, phone] of [
    ['zh-CN', '13700005151'],
    ['en-US', '13700005252'],
  ] as const) {
    it(`asks the customer to read and sign the rental agreement before the order goes, and keeps the signature with it (${language})`, async () => {
      const texts = AGREEMENT_TEXTS[language];
      const form = FORM[language];
      const context = await newPhone(browser, language);
      await context.addInitScript(
        (lang) => window.localStorage.setItem('language', lang),
        language,
      );
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, baseUrl, 'employee', '/store/orders/create', language);
      const [item] = await freeGear(page, 1);
      await page.getByRole('textbox', { name: form.name }).fill('Lin Yi');
      await page.getByRole('textbox', { name: form.phone }).fill(phone);
      await page.getByRole('heading', { name: form.gear(0) }).tap();
      await gunScan(page, item!.barcodeNumber, (limit) =>
        page.locator('.order-create-line', { hasText: item!.barcodeNumber }).waitFor(limit),
      );

      // Sent without the customer's signature: refused, and the agreement's box says why.
      const agreement = page.locator('.counter-agreement');
      await page.getByRole('button', { name: form.create }).tap();
      await agreement.getByRole('alert').filter({ hasText: texts.missing }).waitFor();
      expect(page.url()).toContain('/store/orders/create');

      // The agreement to read and the pad to sign on, on the clerk's phone.
      await page.getByRole('button', { name: texts.open }).tap();
      const sheet = page.getByRole('dialog', { name: texts.sheet });
      await sheet.getByText(texts.clause, { exact: false }).waitFor();
      await sheet.locator('.signature-pad__canvas').waitFor();
      await screenshot(page, `store-order-create-agreement-${language}`);
      await sheet.getByText(texts.accept).tap();
      await signOnPad(page);
      await sheet.getByRole('button', { name: texts.confirm }).tap();
      await agreement.getByText(texts.signed).waitFor();
      expect(await agreement.getByRole('alert').count()).toBe(0);

      await page.getByRole('button', { name: form.create }).tap();
      await page.waitForURL('**/store/orders/detail/*');
      const signed = page.locator('.order-agreement');
      await signed.getByText(texts.detailTitle, { exact: true }).waitFor();
      await signed.getByRole('img', { name: texts.signatureAlt }).waitFor();
      await screenshot(page, `store-order-detail-agreement-${language}`);
      const order = await staffApi(page, baseUrl).call<{
        agreementVersion: string | null;
        agreementSignatureId: string | null;
      }>('GET', `/api/app/orders/${page.url().split('/').pop()!}`);
      expect(order.agreementSignatureId).toBeTruthy();
      await signed.getByText(order.agreementVersion!.slice(0, 8), { exact: false }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
