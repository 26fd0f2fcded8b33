import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from '../support/api';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { fillCustomerSignIn } from '../support/session';
import { baseUrl } from '../support/server';

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
    // Until the agent's page has come, the driver's profile stays on screen under the new address
    // (a tap there opens its sheet, which goes with it); its lists then push the row down.
    await page.getByText('我的客户').waitFor();
    await page.locator('.adm-skeleton').first().waitFor({ state: 'detached' });
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

  it('sends an anonymous customer page to /customer/login and back after the phone sign-in with an SMS code', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/customer/profile`);
    await page.waitForURL('**/customer/login?redirect=%2Fcustomer%2Fprofile');
    // The sandbox says it texts nothing, before and after a code is asked for.
    await page.getByText('沙箱短信').waitFor();
    await page.getByLabel('手机号').fill('1380013800');
    await page.getByRole('button', { name: '获取验证码' }).tap();
    await page.getByText('请输入正确的 11 位手机号').waitFor();
    await page.getByLabel('手机号').fill('13800138000');
    await page.getByRole('button', { name: '获取验证码' }).tap();
    await page.getByText(/验证码：\d{6}/).waitFor();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('验证码').fill('000000');
    await page.getByLabel('真实姓名').fill('张三');
    await screenshot(page, 'customer-login-sms');
    await page.getByRole('button', { name: '登录' }).tap();
    const wrong = page.getByText(/验证码错误，还可再试 4 次|验证码已失效/);
    const signedIn = page.waitForURL('**/customer/profile');
    // (1 in a million the sandbox's code was 000000 and this signed in.)
    await Promise.race([wrong.waitFor(), signedIn]);
    if (!path(page).startsWith('/customer/profile')) {
      const shown = (await page.getByText(/验证码：\d{6}/).textContent()) ?? '';
      await page.getByLabel('验证码').fill(/\d{6}/.exec(shown)![0]);
      await page.getByRole('button', { name: '登录' }).tap();
      await signedIn;
    }
    await page.getByRole('heading', { name: '张三' }).waitFor();
    await screenshot(page, 'customer-profile');
    expect(errors.filter((e) => !e.includes('401') && !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('refuses a staff phone number at the customer sign-in, as a wrong name', async () => {
    context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/login`);
    await fillCustomerSignIn(page, '13900000000', '系统管理员');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.getByText('该手机号已登记的姓名与您输入的不一致，请核对或联系门店').waitFor();
    expect(path(page)).toBe('/customer/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it("a clerk's five typos do not lock out the colleague at the next counter", async () => {
    // A new clerk, so the lock this journey causes touches no other journey's sign-ins.
    const setup = await newPhone(browser);
    const managerPage = await setup.newPage();
    await managerPage.goto(`${baseUrl}/login`);
    await staffLogin(managerPage, 'manager');
    await managerPage.waitForURL('**/store/dashboard');
    const api = staffApi(managerPage, baseUrl);
    await api.call('POST', '/api/app/employees', {
      userName: 'clerk-typo',
      name: '赵店员',
      password: PASSWORD,
      roles: ['StoreEmployee'],
      primaryStoreId: await api.myStoreId(),
    });
    await setup.close();

    // Both counter phones share the store's one address.
    const counter1 = await newPhone(browser);
    const clerk = await counter1.newPage();
    await clerk.goto(`${baseUrl}/login`);
    const answered = () => clerk.waitForResponse((r) => r.url().includes('/api/app/account/login'));
    for (let i = 0; i < 5; i++) {
      const answer = answered();
      await staffLogin(clerk, 'clerk-typo', `typo-${i}`);
      expect((await answer).status()).toBe(403);
      await clerk.getByText('用户名或密码错误').waitFor();
    }
    const sixth = answered();
    await staffLogin(clerk, 'clerk-typo');
    const refused = await sixth;
    expect(refused.status(), await refused.text()).toBe(429);
    await clerk.getByText(/登录失败次数过多，请 1[45] 分钟后再试/).waitFor();
    await screenshot(clerk, 'login-throttled');

    const counter2 = await newPhone(browser);
    const colleague = await counter2.newPage();
    await colleague.goto(`${baseUrl}/login`);
    await staffLogin(colleague, 'employee');
    await colleague.waitForURL('**/store/dashboard');
    await counter1.close();
    await counter2.close();
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
      serviceWorkers: 'block',
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
    await fillCustomerSignIn(page, '13655556666', '钱七');
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
