import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = '1q2w3E*';

const LOGIN_TEXTS = {
  'zh-CN': { user: '用户名或邮箱', password: '请输入密码', submit: '登录' },
  'en-US': { user: 'User name or e-mail', password: 'Enter your password', submit: 'Sign in' },
} as const;

/** Signs a demo staff user in through the login page and waits for the page asked for. */
export async function signIn(
  page: Page,
  baseUrl: string,
  user: string,
  to: string,
  language: keyof typeof LOGIN_TEXTS = 'zh-CN',
) {
  const texts = LOGIN_TEXTS[language];
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel(texts.user).fill(user);
  await page.getByPlaceholder(texts.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: texts.submit }).tap();
  await page.waitForURL(`**${to}`);
}

/**
 * Fills the customer sign-in form as a customer does in the embedded demo: the phone number,
 * 'get code', the code the sandbox SMS tag shows, and the real name.
 */
export async function fillCustomerSignIn(page: Page, phoneNumber: string, realName: string) {
  await page.getByLabel('手机号').fill(phoneNumber);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  const shown = page.getByText(/验证码：\d{6}/);
  await shown.waitFor();
  const code = /\d{6}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('真实姓名').fill(realName);
}

/**
 * A customer signs in on the customer login page as one would on a phone in `language`: the
 * phone number, 'get code', the code the sandbox SMS tag shows, the real name; lands on `to`.
 */
export async function customerSignIn(
  page: Page,
  baseUrl: string,
  {
    phone,
    name,
    to,
    language = 'zh-CN',
  }: { phone: string; name: string; to: string; language?: keyof typeof LOGIN_TEXTS },
) {
  const zh = language === 'zh-CN';
  await page.goto(`${baseUrl}/customer/login?redirect=${encodeURIComponent(to)}`);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
  // The page's first calls bring the browser's verification cookie, which sending a code needs.
  await page.waitForLoadState('networkidle');
  await page.getByLabel(zh ? '手机号' : 'Mobile number').fill(phone);
  await page.getByRole('button', { name: zh ? '获取验证码' : 'Get code' }).tap();
  const shown = page.getByText(zh ? /验证码：\d{6}/ : /Your code: \d{6}/);
  await shown.waitFor();
  const code = /\d{6}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
  await page.getByLabel(zh ? '验证码' : 'Code').fill(code);
  await page.getByLabel(zh ? '真实姓名' : 'Real name').fill(name);
  await page.getByRole('button', { name: zh ? /^登录$/ : /^Sign in$/ }).tap();
  await page.waitForURL(`**${to}`);
}
