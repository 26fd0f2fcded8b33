import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { baseUrl } from '../support/server';

describe('help centre on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lists the audiences and articles, opens one, and searches in Chinese', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/help`);
    for (const name of ['顾客帮助', '店员帮助', '司机帮助']) {
      await page.getByRole('link', { name: new RegExp(name) }).waitFor();
    }
    await screenshot(page, 'help-index');

    await page.getByRole('link', { name: /司机帮助/ }).tap();
    await page.waitForURL(/\/help\/driver$/);
    await page.getByRole('heading', { level: 1, name: '司机帮助' }).waitFor();
    const articles = page.locator('a[href^="/help/article/"]');
    await articles.first().waitFor();
    expect(await articles.count()).toBeGreaterThanOrEqual(3);
    const title = (await articles.first().locator('.adm-list-item-content-main').innerText()).split(
      '\n',
    )[0]!;
    await articles.first().tap();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('.article-body h2').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('帮助文章 - 雪具租赁店管理系统');
    await screenshot(page, 'help-article');

    await page.goto(`${baseUrl}/help`);
    const search = page.getByRole('searchbox').or(page.locator('.help-search-bar input'));
    await search.first().fill('押金');
    await search.first().press('Enter');
    await page.waitForURL(/\/help\/search\?keyword=/);
    await page.getByText(/找到 \d+ 篇文章/).waitFor();
    expect(await page.locator('a[href^="/help/article/"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'help-search');

    await page.goto(`${baseUrl}/help/search?keyword=${encodeURIComponent('潜水艇')}`);
    await page.getByText('没有找到与“潜水艇”相关的文章').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when an article does not exist', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/help/article/00000000-0000-4000-8000-000000000000`);
    await page.getByText('文章不存在或已下线').waitFor();
    await context.close();
  });
});
