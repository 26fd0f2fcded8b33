import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';

const baseUrl = inject('baseUrl');
const PASSWORD = '1q2w3E*';
const path = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

async function staffLogin(page: Page, userName: string, password = PASSWORD) {
  await page.getByLabel('用户名或邮箱').fill(userName);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).tap();
}

async function chooseRole(page: Page, label: string) {
  await page.getByText('切换身份').tap();
  await page.locator('.adm-action-sheet-button-item-name', { hasText: label }).tap();
}

describe('signing in as each role', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const homes: [string, string, string][] = [
    ['admin', '/store/dashboard', '超级管理员'],
    ['manager', '/store/dashboard', '店长'],
    ['employee', '/store/dashboard', '店员'],
    ['driver', '/driver/dashboard', '司机'],
    ['agent', '/agent/dashboard', '代理商'],
    ['multi', '/store/dashboard', '店长'],
  ];
  for (const [user, home, role] of homes) {
    it(`${user} lands on ${home}`, async () => {
      const context = await newPhone(browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/login`);
      await staffLogin(page, user);
      await page.waitForURL(`**${home}`);
      await page.getByText(`当前身份：${role}`).waitFor();
      await page.getByText(/您好，/).waitFor();
      if (user === 'manager') await screenshot(page, 'store-dashboard-manager');
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
      await context.close();
    });
  }

  it('multi switches to each of its roles and lands on each home', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await staffLogin(page, 'multi');
    await page.waitForURL('**/store/dashboard');
    await page.goto(`${baseUrl}/store/profile`);
    await chooseRole(page, '司机');
    await page.waitForURL('**/driver/dashboard');
    await page.getByText('已切换为司机身份').waitFor();
    await page.getByText('当前身份：司机').waitFor();
    await page.goto(`${baseUrl}/driver/profile`);
    await chooseRole(page, '代理商');
    await page.waitForURL('**/agent/dashboard');
    await chooseRole(page, '店长');
    await page.waitForURL('**/store/dashboard');
    // The chosen role survives a reload.
    await page.reload();
    await page.getByText('当前身份：店长').waitFor();
    await screenshot(page, 'multi-back-to-manager');
    await context.close();
  });
});

describe('the route guard', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sends an anonymous visitor of a staff page to /login and back after signing in', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/store/employees`);
    await page.waitForURL('**/login?redirect=%2Fstore%2Femployees');
    await screenshot(page, 'login');
    await staffLogin(page, 'manager', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    await staffLogin(page, 'manager');
    await page.waitForURL('**/store/employees');
    await page.getByText('李店员').waitFor();
    await screenshot(page, 'employees');
    await context.close();
  });

  it('sends an anonymous customer page to /customer/login and back after the phone sign-in', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/profile`);
    await page.waitForURL('**/customer/login?redirect=%2Fcustomer%2Fprofile');
    await page.getByLabel('手机号').fill('1380013800');
    await page.getByLabel('真实姓名').fill('张三');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.getByText('请输入正确的 11 位手机号').waitFor();
    await page.getByLabel('手机号').fill('13800138000');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL('**/customer/profile');
    await page.getByRole('heading', { name: '张三' }).waitFor();
    await screenshot(page, 'customer-profile');
    await context.close();
  });

  it('shows /403 with the page asked for to a user without the right', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await staffLogin(page, 'employee');
    await page.waitForURL('**/store/dashboard');
    await page.goto(`${baseUrl}/store/employees`);
    await page.waitForURL('**/403?from=%2Fstore%2Femployees');
    await page.getByText('您没有权限访问 /store/employees').waitFor();
    await page.goto(`${baseUrl}/driver/dashboard`);
    await page.waitForURL('**/403?from=%2Fdriver%2Fdashboard');
    await context.close();
  });

  it('logout clears everything and staff pages need a sign-in again', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await staffLogin(page, 'driver');
    await page.waitForURL('**/driver/dashboard');
    await page.goto(`${baseUrl}/driver/profile`);
    await page.getByRole('button', { name: '退出登录' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '退出登录' }).tap();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() =>
      ['access_token', 'refresh_token', 'user_info', 'permissions', 'roles', 'active_role'].map(
        (k) => window.localStorage.getItem(k),
      ),
    );
    expect(stored).toEqual([null, null, null, null, null, null]);
    await page.goto(`${baseUrl}/driver/dashboard`);
    await page.waitForURL('**/login?redirect=%2Fdriver%2Fdashboard');
    expect(path(page)).toBe('/login?redirect=%2Fdriver%2Fdashboard');
    await context.close();
  });
});

describe('WeChat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows WeChat sign-in inside WeChat, binds an unknown WeChat user, then signs in directly', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'zh-CN',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/login`);
    await page.getByRole('button', { name: '微信一键登录' }).tap();
    // Off to WeChat's authorize page (the double consents) and back with a code.
    await page.getByText('微信账号未绑定，请先绑定').waitFor();
    await page.getByText('雪场常客').waitFor();
    await screenshot(page, 'wechat-bind');
    await page.getByLabel('手机号').fill('13655556666');
    await page.getByLabel('真实姓名').fill('钱七');
    await page.getByRole('button', { name: '绑定并登录' }).tap();
    await page.waitForURL('**/customer/order-create');
    await page.goto(`${baseUrl}/customer/profile`);
    await page.getByText('已绑定').waitFor();
    await page.getByRole('button', { name: '退出登录' }).tap();
    await page.locator('.adm-dialog-button', { hasText: '退出登录' }).tap();
    await page.waitForURL('**/customer/login');

    await page.getByRole('button', { name: '微信一键登录' }).tap();
    await page.waitForURL('**/customer/order-create');
    await page.goto(`${baseUrl}/customer/profile`);
    await page.getByRole('heading', { name: '钱七' }).waitFor();
    await context.close();
  });

  it('hides WeChat sign-in outside WeChat', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(await page.getByRole('button', { name: '微信一键登录' }).count()).toBe(0);
    await context.close();
  });
});
