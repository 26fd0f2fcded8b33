import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInAt } from '../support/session';
import { staffApi } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { baseUrl } from '../support/server';

const signIn = (page: Page, user: string, to: string) => signInAt(page, baseUrl, user, to);

async function openItem(page: Page, barcode: string) {
  await page
    .getByRole('searchbox')
    .or(page.locator('.help-search-bar input'))
    .first()
    .fill(barcode);
  await page.keyboard.press('Enter');
  await page.getByText(barcode, { exact: false }).first().tap();
  await page.locator('.equipment-dialog__name').waitFor();
}

describe('running stock as a store employee', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('finds gear by search and filter, checks it out, marks it damaged, repairs it, with history', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'employee', '/store/inventory/list');
    await page.getByText(/共 \d+ 件/).waitFor();

    // Filter: snowboards in stock.
    await page.getByText('全部分类').tap();
    await page.locator('.dropdown-panel .adm-selector-item', { hasText: '单板滑雪板' }).tap();
    await page.getByText('全部状态').tap();
    await page.locator('.dropdown-panel .adm-selector-item', { hasText: '在库' }).tap();
    await page.locator('.filter-bar__title', { hasText: '在库' }).waitFor();
    const rows = page.locator('.adm-list-item', { hasText: 'SGWLSB' });
    await rows.first().waitFor();
    expect(await page.locator('.adm-list-item .status-tag', { hasNotText: '在库' }).count()).toBe(
      0,
    );
    await screenshot(page, 'inventory-filtered');

    await page.reload();
    await openItem(page, 'SGWLSKI005');
    // Validation texts next to the fields.
    await page.getByRole('button', { name: '出库' }).tap();
    await page.getByText('请填写操作原因').first().waitFor();
    // A half-filled form survives a reload.
    await page.locator('.quick-reasons .adm-selector-item', { hasText: '团体订单' }).tap();
    await page.getByRole('button', { name: '增加' }).tap();
    await page.getByRole('button', { name: '增加' }).tap();
    await page.reload();
    await openItem(page, 'SGWLSKI005');
    expect(await page.getByPlaceholder('请填写操作原因').inputValue()).toBe('团体订单');
    expect(await page.getByRole('spinbutton', { name: '天数' }).inputValue()).toBe('3');
    await page.getByRole('button', { name: '出库' }).tap();
    await page.getByText('出库成功').waitFor();
    await page.locator('.equipment-dialog .status-tag', { hasText: '已出库' }).waitFor();

    // Damaged only after confirming.
    await page.getByPlaceholder('请填写操作原因').fill('雪板边刃损坏');
    await page.getByRole('button', { name: '标记损坏' }).tap();
    await page.getByText('确定将该设备标记为损坏吗？').waitFor();
    await page.locator('.adm-dialog-button', { hasText: '确定' }).tap();
    await page.locator('.equipment-dialog .status-tag', { hasText: '损坏维修中' }).waitFor();
    await page.getByPlaceholder('请填写操作原因').fill('已维修');
    await page.getByRole('button', { name: '维修完成' }).tap();
    await page.locator('.equipment-dialog .status-tag', { hasText: '在库' }).waitFor();

    await page.getByText('查看详情').tap();
    await page.waitForURL('**/store/inventory/detail/**');
    for (const op of ['出库', '标记为损坏', '入库'])
      await page.locator('.adm-list-item', { hasText: op }).first().waitFor();
    expect(await page.getByText('团体订单').count()).toBeGreaterThan(0);
    await screenshot(page, 'inventory-detail');

    // Its label: QR code and Code 128 on an A4 sheet, controls hidden when printing.
    await page.getByRole('link', { name: '打印标签' }).tap();
    await page.waitForURL('**/store/inventory/labels?ids=**');
    const label = page.locator('.equipment-label[data-barcode="SGWLSKI005"]');
    await label.waitFor();
    expect(await label.locator('svg').count()).toBe(2);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
    await screenshot(page, 'labels-print');
    await page.emulateMedia({ media: 'screen' });

    // A customer's phone camera follows the QR code to the public inquiry page.
    const link = (await label.locator('svg title').first().textContent()) ?? '';
    expect(new URL(link).pathname).toBe('/cx');
    const customer = await newPhone(browser);
    const phone = await customer.newPage();
    await phone.goto(link);
    await phone.waitForURL('**/customer/equipment-inquiry?sn=SGWLSKI005');
    const dialog = phone.getByRole('dialog', { name: '阿托米克 Redster X5 双板' });
    await dialog.getByRole('heading', { name: '阿托米克 Redster X5 双板' }).waitFor();
    await dialog.getByText('现在可租').waitFor();
    await screenshot(phone, 'equipment-inquiry');
    await customer.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The employee, on a phone in English, with the item of this barcode opened from the list. */
  async function openItemInEnglish(barcode: string) {
    const context = await newPhone(browser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    await signInAt(page, baseUrl, 'employee', '/store/inventory/list', 'en-US');
    await page.locator('.help-search-bar input').fill(barcode);
    await page.keyboard.press('Enter');
    await page.getByText(barcode).first().tap();
    return { context, page };
  }

  it('shows the validation texts in English too', async () => {
    const { context, page } = await openItemInEnglish('SGWLSKI001');
    await page.getByRole('button', { name: 'Check out' }).tap();
    await page.getByText('Please fill in the operation reason').first().waitFor();
    // The stepper keeps days within 1–365 and the picker within a year; those texts are covered
    // by the form's component test.
    expect(await page.getByText('Start date').count()).toBe(1);
    await context.close();
  });

  it('keeps all three actions of an item in stock in view in English, the name giving way', async () => {
    const { context, page } = await openItemInEnglish('SGWLSB001');
    await page.getByText('Details', { exact: true }).tap();
    await page.waitForURL('**/store/inventory/detail/**');
    const bar = page.locator('.booking-action-bar');
    for (const name of ['More', 'Transfer', 'Operation']) {
      const box = (await bar.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // The item's name beside them is shown where it can be read, never as a letter and "…".
    const name = bar.locator('.booking-action-bar__store');
    if (await name.isVisible()) {
      expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(64);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });
});

describe('adding new stock', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('adds an item with photos, then finds it by search and by filter', async () => {
    const sharp = (await import('sharp')).default;
    const photo = (colour: string) =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'employee', '/store/inventory/list');
    await page.getByRole('link', { name: '新设备入库' }).tap();
    await page.waitForURL('**/store/inventory/checkin');
    await page.locator('.adm-selector-item', { hasText: '头盔' }).first().tap();
    await page.getByText('尺码').first().waitFor();
    // Saving without the required size and name shows the errors next to the fields.
    await page.getByRole('button', { name: '保存' }).tap();
    await page.getByText('请输入名称').waitFor();
    await page.getByText('请填写尺码').waitFor();
    await page
      .locator('.adm-form-item', { hasText: '尺码' })
      .locator('.adm-selector-item', { hasText: 'L' })
      .first()
      .tap();
    await page.getByPlaceholder('例如：金鸡 Experience 78 双板').fill('E2E 测试头盔');
    await page.getByRole('button', { name: '生成' }).tap();
    const barcode = await page.getByPlaceholder('扫描或输入条码，也可点击生成').inputValue();
    expect(barcode).toMatch(/^SG[0-9A-Z]{8,}$/);
    await page.locator('.adm-form-item', { hasText: '日租金' }).locator('input').fill('25');
    await page.locator('.adm-form-item', { hasText: '押金' }).locator('input').fill('200');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#e63946') },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('#457b9d') },
    ]);
    await expect
      .poll(() => page.locator('.adm-image-uploader-cell img').count(), { timeout: 20_000 })
      .toBe(2);
    await expect
      .poll(() => page.locator('.adm-image-uploader-cell-loading').count(), { timeout: 20_000 })
      .toBe(0);
    await page.getByRole('button', { name: '保存' }).tap();
    await page.waitForURL('**/store/inventory/detail/**');
    await page.getByRole('heading', { name: 'E2E 测试头盔' }).waitFor();
    expect(await page.locator('.equipment-photos__item').count()).toBe(2);
    await screenshot(page, 'inventory-new-item');

    await page.goto(`${baseUrl}/store/inventory/list`);
    await page.locator('.help-search-bar input').fill(barcode);
    await page.keyboard.press('Enter');
    await page.locator('.adm-list-item', { hasText: 'E2E 测试头盔' }).waitFor();
    await page.reload();
    await page.getByText('全部分类').tap();
    await page.locator('.dropdown-panel .adm-selector-item', { hasText: '头盔' }).tap();
    await page.locator('.filter-bar__title', { hasText: '属性' }).tap();
    await page
      .locator('.attribute-filter', { hasText: '尺码' })
      .locator('.adm-selector-item', { hasText: 'L' })
      .first()
      .tap();
    await page.locator('.adm-list-item', { hasText: 'E2E 测试头盔' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('small equipment', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('adjusts a counted item with a reason and shows the movement', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'employee', '/store/inventory/small-equipment');
    await page.locator('.adm-list-item', { hasText: '雪镜防雾布' }).getByText('库存不足').waitFor();
    await page.locator('.adm-list-item', { hasText: '暖宝宝' }).tap();
    await page.getByRole('button', { name: '调整库存' }).tap();
    await page.getByText('请填写操作原因').waitFor();
    await page.locator('.adm-segmented-item', { hasText: '出库' }).tap();
    await page.locator('.sheet').getByRole('button', { name: '增加' }).tap();
    await page.locator('.sheet .adm-selector-item', { hasText: '售出' }).tap();
    await page.getByRole('button', { name: '调整库存' }).tap();
    await page.getByText('库存已更新').waitFor();
    await page.locator('.adm-list-item', { hasText: '暖宝宝' }).getByText('库存 118片').waitFor();
    await page.locator('.adm-list-item', { hasText: '暖宝宝' }).tap();
    await page.locator('.sheet .adm-list-item', { hasText: '-2 → 118' }).waitFor();
    await screenshot(page, 'small-equipment');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('transfers and locks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('transfers an item to another store and removes a manual lock', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'employee', '/store/inventory/list');
    // Poles of its own: the demo's are rented out by other journeys running beside this one.
    const [poles] = await staffApi(page, baseUrl).newItems('雪杖', [
      { name: '调拨雪杖', barcodeNumber: `MOVE${Date.now().toString(36).toUpperCase()}` },
    ]);
    await page.locator('.help-search-bar input').fill(poles!.barcodeNumber);
    await page.keyboard.press('Enter');
    await page.getByText(poles!.barcodeNumber).first().tap();
    await page.getByText('查看详情').tap();
    await page.waitForURL('**/store/inventory/detail/**');
    await page.getByRole('button', { name: '调拨' }).tap();
    await page.locator('.adm-action-sheet-button-item-name', { hasText: '太舞小镇店' }).tap();
    await page.getByPlaceholder('调拨原因').fill('太舞缺雪杖');
    await page.locator('.adm-dialog-button', { hasText: '调拨' }).tap();
    await page.getByText('已发起调拨，等待太舞小镇店确认入库').waitFor();
    await page.locator('.status-tag', { hasText: '调拨中' }).first().waitFor();

    await page.goto(`${baseUrl}/store/inventory/list`);
    await page.locator('.help-search-bar input').fill('SGWLSKI002');
    await page.keyboard.press('Enter');
    await page.getByText('SGWLSKI002').first().tap();
    await page.getByText('查看详情').tap();
    await page.waitForURL('**/store/inventory/detail/**');
    await page.getByRole('button', { name: '删除' }).tap();
    await page.getByText('删除后，设备在该时段可再次出库或被预订。确定删除吗？').waitFor();
    await page.locator('.adm-dialog-button', { hasText: '删除' }).tap();
    await page.getByText('已删除不可用时段').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '删除' }).count()).toBe(0);

    // Change a barcode, then scrap the item, from the detail page's "more".
    await page.goto(`${baseUrl}/store/inventory/list`);
    await page.locator('.help-search-bar input').fill('SGWLGOG002');
    await page.keyboard.press('Enter');
    await page.getByText('SGWLGOG002').first().tap();
    await page.getByText('查看详情').tap();
    await page.waitForURL('**/store/inventory/detail/**');
    await page.getByRole('button', { name: '更多' }).tap();
    await page.locator('.adm-action-sheet-button-item-name', { hasText: '修改条码' }).tap();
    const prompt = page.locator('.prompt-dialog');
    await page.getByPlaceholder('新条码').fill('SGWLGOG002B');
    await prompt.getByRole('button', { name: '确定' }).tap();
    await page.getByText('条码已修改').waitFor();
    await page.getByText('SGWLGOG002B').first().waitFor();
    await page.getByRole('button', { name: '更多' }).tap();
    await page.locator('.adm-action-sheet-button-item-name', { hasText: '报废' }).tap();
    await prompt.getByRole('button', { name: '确定' }).tap();
    await prompt.getByRole('alert').filter({ hasText: '请填写操作原因' }).waitFor();
    await page.getByPlaceholder('请填写操作原因').fill('镜片破裂');
    await prompt.getByRole('button', { name: '确定' }).tap();
    await page.locator('.status-tag', { hasText: '已报废' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
