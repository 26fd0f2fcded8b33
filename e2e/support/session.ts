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
