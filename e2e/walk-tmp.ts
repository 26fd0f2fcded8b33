import { launchBrowser, newPhone, watchErrors } from './support/browser';
import { signIn } from './support/session';
const base = 'http://localhost:3100';
const browser = await launchBrowser();
for (const [user, lang] of [
  ['manager', 'zh-CN'],
  ['admin', 'en-US'],
] as const) {
  const ctx = await newPhone(browser, lang);
  await ctx.addInitScript((l) => window.localStorage.setItem('language', l), lang);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, base, user, '/store/dashboard', lang);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/walk/d-${user}.png`, fullPage: true });
  await page.goto(`${base}/store/admin`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/walk/admin-${user}.png`, fullPage: true });
  await page.goto(`${base}/store/admin/parameters`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/walk/params-${user}.png`, fullPage: true });
  if (user === 'admin') {
    await page.goto(`${base}/store/admin/stores`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/walk/stores-${user}.png`, fullPage: true });
    await page.locator('.list-link').first().tap();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/walk/store-${user}.png`, fullPage: true });
    await page.goto(`${base}/store/admin/system`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/walk/system-${user}.png`, fullPage: true });
  }
  console.log(user, errors);
  await ctx.close();
}
await browser.close();
