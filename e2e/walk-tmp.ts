import { launchBrowser, newPhone, watchErrors } from './support/browser';
import { signIn } from './support/session';
const base = 'http://localhost:3100';
const browser = await launchBrowser();
for (const [user, lang] of [['admin', 'zh-CN'], ['manager', 'en-US']] as const) {
  const ctx = await newPhone(browser, lang);
  await ctx.addInitScript((l) => window.localStorage.setItem('language', l), lang);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, base, user, '/store/dashboard', lang);
  for (const path of ['roles', 'audit', 'shift-close', 'catalogue', 'help']) {
    await page.goto(`${base}/store/admin/${path}`);
    await page.waitForTimeout(1800);
    await page.screenshot({ path: `/tmp/walk/h-${path}-${user}.png`, fullPage: false });
  }
  console.log(user, errors);
  await ctx.close();
}
await browser.close();
