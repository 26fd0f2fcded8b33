import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { RIDER_FORM_TEXTS, type Rider } from '../support/booking';
import { gunScan } from '../support/gun';
import { signIn } from '../support/session';
import { customerSigns } from '../support/signature';
import { baseUrl } from '../support/server';
import { countEffort } from '../support/taps';

/** What the clerk and the family read and tap, in each language. */
const TEXTS = {
  'zh-CN': {
    ...RIDER_FORM_TEXTS['zh-CN'],
    customerName: '客户姓名',
    phone: '手机号',
    checkIn: '顾客扫码自助登记',
    arrived: (names: string[]) => `已到 ${names.length} 位：${names.join('、')}`,
    done: '完成',
    send: '提交给店员',
    another: '再登记一位',
    create: /^创建订单 ¥/,
    takeCash: /^收现金 ¥/,
    received: '已收到',
    paid: '已确认收款',
  },
  'en-US': {
    ...RIDER_FORM_TEXTS['en-US'],
    customerName: 'Customer name',
    phone: 'Phone',
    checkIn: 'Customers check in by QR code',
    arrived: (names: string[]) => `${names.length} in: ${names.join(', ')}`,
    done: 'Done',
    send: 'Send to the staff',
    another: 'Add another skier',
    create: /^Create order ¥/,
    takeCash: /^Take ¥[\d.]+ cash$/,
    received: 'Received',
    paid: 'Payment recorded',
  },
} as const;
type Language = keyof typeof TEXTS;

/** A family member, on their own phone, types their details into the form the code opened. */
async function checkIn(page: Page, texts: (typeof TEXTS)[Language], rider: Rider) {
  const field = (label: string) =>
    page.locator('.adm-form-item').filter({ hasText: label }).locator('input').first();
  await field(texts.name).fill(rider.name);
  await field(texts.height).fill(rider.height);
  await field(texts.weight).fill(rider.weight);
  await field(texts.age).fill(rider.age);
  await page.getByRole('option', { name: texts.ability }).tap();
  await field(texts.boot).fill(rider.boot);
  await page.getByRole('button', { name: texts.send }).tap();
  // Said sent, with every name this phone sent so far.
  await page.locator('.adm-result-title', { hasText: rider.name }).waitFor();
}

describe('a walk-in family at the counter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [language, family] of [
    [
      'zh-CN',
      [
        { name: '孙爸爸', height: '178', weight: '75', age: '40', boot: '27' },
        { name: '孙妈妈', height: '163', weight: '52', age: '38', boot: '24' },
        { name: '孙小宝', height: '135', weight: '30', age: '9', boot: '21' },
      ],
    ],
    [
      'en-US',
      [
        { name: 'Jack Reed', height: '182', weight: '84', age: '44', boot: '28' },
        { name: 'Mia Reed', height: '168', weight: '58', age: '41', boot: '25' },
        { name: 'Leo Reed', height: '140', weight: '34', age: '10', boot: '22' },
      ],
    ],
  ] as const) {
    it(`checks a family of three in, gives each their gear by three scans, and takes the cash in at most 15 taps (${language})`, async () => {
      const texts = TEXTS[language];
      const clerkPhone = await newPhone(browser, language);
      const effort = await countEffort(clerkPhone);
      const page = await clerkPhone.newPage();
      const errors = watchErrors(page);
      await signIn(page, baseUrl, 'employee', '/store/orders/create', language);
      // Three pairs of skis of the store's own, each of a length the demo's kinds have (the
      // journeys before this one rent the demo's).
      const api = staffApi(page, baseUrl);
      const storeId = await api.myStoreId();
      const catalog = await api.call<{
        categories: { id: string; name: string; kinds: { size: Record<string, string> }[] }[];
      }>(
        'GET',
        `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(new Date().toISOString())}&days=1`,
      );
      const category = catalog.categories.find((c) => c.name === '双板滑雪板')!;
      const skis: { barcodeNumber: string }[] = [];
      for (const [i, kind] of category.kinds.slice(0, 3).entries()) {
        skis.push(
          await api.call<{ barcodeNumber: string }>('POST', '/api/app/equipment', {
            storeId,
            categoryId: category.id,
            name: '家庭自助双板',
            barcodeNumber: `FAMCHK${language.slice(0, 2).toUpperCase()}${Date.now()}${i}`,
            dailyRentPrice: 120,
            deposit: 800,
            attributes: Object.entries(kind.size).map(([attributeId, value]) => ({
              attributeId,
              value,
            })),
          }),
        );
      }
      // From here on the clerk's taps count (signing in is not part of serving the family).
      effort.taps = 0;
      effort.typed = 0;

      await page.getByRole('textbox', { name: texts.customerName }).fill(family[0].name);
      await page.getByRole('textbox', { name: texts.phone }).fill('13655550707');

      // The clerk shows the code; the parents scan it, each on their own phone, and one of them
      // adds the child too.
      const opened = page.waitForResponse(
        (r) => r.url().endsWith('/api/app/self-checkins') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: texts.checkIn }).tap();
      const path = ((await (await opened).json()) as { path: string }).path;
      const sheet = page.getByRole('dialog', { name: /扫码登记|scan to check in/ });
      await sheet.waitFor();
      await screenshot(page, `counter-family-code-${language}`);
      for (const [phoneIndex, members] of [
        [0, [family[0], family[2]]],
        [1, [family[1]]],
      ] as const) {
        const memberPhone = await newPhone(browser, language);
        const member = await memberPhone.newPage();
        const memberErrors = watchErrors(member);
        await member.goto(`${baseUrl}${path}`);
        for (const [i, rider] of members.entries()) {
          if (i > 0) await member.getByRole('button', { name: texts.another }).tap();
          await checkIn(member, texts, rider);
        }
        if (phoneIndex === 0) await screenshot(member, `counter-family-member-${language}`);
        expect(memberErrors).toEqual([]);
        await memberPhone.close();
      }
      // They join the clerk's order as they send it, in that order.
      await sheet
        .getByText(texts.arrived([family[0].name, family[2].name, family[1].name]))
        .waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: texts.done }).tap();
      await sheet.waitFor({ state: 'hidden' });

      // Three scans: each pair of skis goes to the next skier without skis, no tap between.
      for (const item of skis) {
        await gunScan(page, item.barcodeNumber, (limit) =>
          page.locator('.order-create-line', { hasText: item.barcodeNumber }).waitFor(limit),
        );
      }
      const riders = page.locator('.counter-riders');
      // Each line's 'who uses it' (the lines read the item's name in the reader's language).
      const selects = await riders.getByRole('combobox').all();
      expect(selects).toHaveLength(3);
      const owners = await Promise.all(
        selects.map(async (select) =>
          (await select.locator('option:checked').textContent())?.trim(),
        ),
      );
      expect(new Set(owners)).toEqual(new Set(family.map((f) => f.name)));
      await screenshot(page, `counter-family-order-${language}`);

      // The payer signs on the clerk's phone, the order goes, the cash comes in.
      await customerSigns(page, language);
      await page.getByRole('button', { name: texts.create }).tap();
      await page.waitForURL('**/store/orders/detail/*');
      const cash = page.getByRole('button', { name: texts.takeCash });
      await cash.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await cash.tap();
      await page.getByRole('button', { name: texts.received }).tap();
      await page.getByText(texts.paid).first().waitFor();

      console.log(
        `counter, walk-in family of three (${language}): ${effort.taps} taps, 3 scans, ${effort.typed} typed fields at the counter`,
      );
      expect(effort.taps).toBeLessThanOrEqual(15);
      expect(errors).toEqual([]);
      await clerkPhone.close();
    }, 180_000);
  }
});
