import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, screenshot, watchErrors } from '../support/browser';
import { staffApi } from '../support/api';
import { DEMO_PASSWORD, signIn } from '../support/session';
import { baseUrl } from '../support/server';

async function storeLabels(page: Page) {
  const cards = page.getByRole('radio');
  await cards.first().waitFor();
  const out: Record<string, string> = {};
  for (const card of await cards.all()) {
    const name = await card.locator('.store-card__name').innerText();
    out[name] = await card.locator('.store-card__status').innerText();
  }
  return out;
}

/**
 * What the page animates now: how many animations run, every property they change, and SVG
 * animations (which the Web Animations API does not list). Transform and opacity run on the
 * compositor; anything else is restyled and repainted on the main thread at every frame.
 */
function whatAnimates(page: Page) {
  return page.evaluate(() => {
    const properties = new Set<string>();
    const animations = document.getAnimations();
    for (const animation of animations) {
      const effect = animation.effect as KeyframeEffect | null;
      for (const frame of effect?.getKeyframes() ?? []) {
        for (const key of Object.keys(frame)) {
          if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key))
            properties.add(key);
        }
      }
    }
    const delays = animations.map((a) => Number(a.effect?.getTiming().delay ?? 0));
    return {
      animations: animations.length,
      properties: [...properties].sort(),
      /** How long the first of them stays still. */
      stillFor: Math.min(...delays),
      svg: document.querySelectorAll('animate, animateMotion, animateTransform, set').length,
    };
  });
}

/** Until every animation on the page has waited out its delay and moves. */
function animationsMoving(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => Number(a.currentTime ?? 0) >= Number(a.effect?.getTiming().delay ?? 0)),
  );
}

/**
 * How often the page's main thread restyled the page over `ms` (from a trace of the browser):
 * an animation it has to draw itself restyles and repaints at every frame.
 */
async function restylesOver(page: Page, ms: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline',
    transferMode: 'ReturnAsStream',
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  const complete = new Promise<{ stream?: string }>((resolve) =>
    cdp.once('Tracing.tracingComplete', resolve),
  );
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  let text = '';
  for (let eof = false; !eof && stream;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.data;
    eof = chunk.eof;
  }
  await cdp.detach();
  type TraceEvent = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    args?: { name?: string };
  };
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  if (mains.size === 0) throw new Error('the trace has no renderer main thread');
  return events.filter(
    (e) => e.name === 'UpdateLayoutTree' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`),
  ).length;
}

/**
 * Holds back the files `file` matches until a request for `path` has gone out (5 s at most).
 * `asked` lists each such request's query string; `first` says whether one went out before the
 * file was let through.
 */
async function heldUntilAsked(page: Page, file: RegExp, path: string) {
  const held = { asked: [] as string[], first: false };
  let askedNow = () => {};
  const asked = new Promise<true>((resolve) => (askedNow = () => resolve(true)));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== path) return;
    held.asked.push(url.search);
    askedNow();
  });
  await page.route(file, async (route) => {
    const waited = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000));
    held.first = await Promise.race([asked, waited]);
    await route.continue();
  });
  return held;
}

describe('app shell on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lands on the booking store selector with true open, closed and rest-day labels', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Tuesday noon in Shanghai: 太舞小镇店 rests on Tuesdays.
    await page.clock.setFixedTime(new Date('2026-11-24T12:00:00+08:00'));
    await page.goto(baseUrl);
    await page.waitForURL(/\/customer\/order-create$/);
    expect(await storeLabels(page)).toEqual({
      万龙雪场店: '营业中',
      太舞小镇店: '今日休息',
      云顶夜场店: '营业中',
    });
    expect(await page.title()).toBe('雪具预订 - 崇礼雪具租赁有限公司');
    await screenshot(page, 'order-create-zh');
    // 21:45: only the night store's hours (until 21:30) have also ended.
    await page.clock.setFixedTime(new Date('2026-11-25T21:45:00+08:00'));
    await page.reload();
    expect(await storeLabels(page)).toEqual({
      万龙雪场店: '已打烊',
      太舞小镇店: '已打烊',
      云顶夜场店: '已打烊',
    });
    await page.clock.setFixedTime(new Date('2026-11-25T21:30:00+08:00'));
    await page.reload();
    expect((await storeLabels(page))['云顶夜场店']).toBe('营业中');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for the configuration beside the shell on a first visit, once, and keeps it', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The shell is held back until the configuration has been asked for.
    const config = await heldUntilAsked(
      page,
      /\/assets\/shell-[^/]+\.js$/,
      '/api/app/config-distribution/h5',
    );
    await page.goto(`${baseUrl}/customer/order-create`);
    await page.locator('.store-card').first().waitFor();
    expect(config.first).toBe(true);
    // The app took that answer instead of asking again, and kept it on the phone.
    expect(config.asked).toHaveLength(1);
    expect(config.asked[0]).toMatch(/^\?_t=\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('h5_system_configs'))).toContain(
      '"systemInfo"',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers the chosen store across a reload and offers a tap-to-call phone', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/order-create`);
    const card = page.getByRole('radio', { name: /云顶夜场店/ });
    await card.tap();
    await expect.poll(() => card.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect
      .poll(() => page.getByRole('radio', { name: /云顶夜场店/ }).getAttribute('aria-checked'))
      .toBe('true');
    expect(await page.getByText('已选：云顶夜场店').isVisible()).toBe(true);
    // The list folds into the chosen store, which keeps its phone to call.
    expect(await page.getByRole('button', { name: '更换门店' }).isVisible()).toBe(true);
    const call = page.locator('.booking-step a[href^="tel:"]');
    expect(await call.getAttribute('href')).toBe('tel:03134766003');
    await context.close();
  });

  it('shows the 404 page for unknown paths and the filing links in the footer', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/nope`);
    await page.getByText('页面不存在').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(await page.title()).toBe('页面不存在 - 雪具租赁店管理系统');
    const police = page.getByRole('link', { name: /公网安备/ });
    expect(await police.getAttribute('href')).toMatch(/^https:\/\/beian\.mps\.gov\.cn/);
    expect(await page.getByRole('link', { name: /ICP备/ }).getAttribute('href')).toBe(
      'https://beian.miit.gov.cn/',
    );
    await page.goto(`${baseUrl}/403?from=%2Fstore%2Fdashboard`);
    await page.getByText('您没有权限访问 /store/dashboard').waitFor();
    await context.close();
  });

  it('keeps English and the dark theme after a reload', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/order-create`);
    await page.getByRole('button', { name: '切换语言：English' }).tap();
    await page.getByText('Choose a store').waitFor();
    await page.getByRole('switch', { name: 'Dark mode' }).tap();
    await page.reload();
    await page.getByText('Choose a store').waitFor();
    expect(await page.title()).toBe('Book gear - Chongli Snow Gear Rental Co., Ltd.');
    expect(await page.locator('html').getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await screenshot(page, 'order-create-en-dark');
    await context.close();
  });

  it('shows a banner when the network drops and keeps the stores on screen', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/customer/order-create`);
    await page.getByRole('radio').first().waitFor();
    await context.setOffline(true);
    await page.getByText('网络已断开，显示的可能不是最新内容').waitFor();
    expect(await page.getByRole('radio').count()).toBe(3);
    await screenshot(page, 'offline');
    await context.setOffline(false);
    await page.getByText('网络已断开，显示的可能不是最新内容').waitFor({ state: 'detached' });
    await context.close();
  });

  it('refuses a POST without the verification header, and the app’s own POSTs get through', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/help/customer`);
    const firstArticle = page.locator('a[href^="/help/article/"]').first();
    const href = (await firstArticle.getAttribute('href')) ?? '';
    const raw = await page.request.post(
      `${baseUrl}/api/app${href.replace('/help', '/help/articles').replace('/article/', '/')}/feedback`,
      {
        data: { helpful: true },
      },
    );
    expect(raw.status()).toBe(400);
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe(
      'App:VerificationTokenInvalid',
    );
    await firstArticle.tap();
    await page.getByRole('button', { name: /有帮助/ }).tap();
    await page.getByRole('status').filter({ hasText: '感谢您的反馈' }).first().waitFor();
    await context.close();
  });

  it('asks for a staff page’s code and data as the app starts, and draws it without a loading step', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');

    // Opened afresh, as from a bookmark: the items in stock (status 1, as the dashboard links).
    const opened = await context.newPage();
    const asked: string[] = [];
    const files: string[] = [];
    opened.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/app/')) asked.push(`${url.pathname}${url.search}`);
      if (url.pathname.startsWith('/assets/')) files.push(url.pathname);
    });
    // The page's code is held back until the list has been asked for.
    const list = await heldUntilAsked(
      opened,
      /\/assets\/inventory-list-page-[^/]+\.js$/,
      '/api/app/equipment',
    );
    let loadingShown = false;
    await opened.exposeFunction('loadingShown', () => (loadingShown = true));
    await opened.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.page-loading'))
          void (window as never as { loadingShown: () => void }).loadingShown();
      }).observe(document, { childList: true, subtree: true });
    });
    await opened.goto(`${baseUrl}/store/inventory/list?status=1`);
    await opened.locator('.adm-list-item').first().waitFor();
    // The page's own code was asked for beside the shell, not after it ran.
    expect(
      await opened.locator('link[rel="modulepreload"][href*="inventory-list-page"]').count(),
    ).toBe(1);
    // Its styles too, in the mode its imports then use: no file is downloaded twice.
    expect(files.some((file) => /inventory-list-page-[^/]+\.css$/.test(file))).toBe(true);
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
    expect(loadingShown).toBe(false);
    expect(list.first).toBe(true);
    // One request for the list, the one made at start: the page found it in the cache.
    const lists = asked.filter((url) => url.startsWith('/api/app/equipment?'));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatch(/[?&]status=1(&|$)/);
    expect(lists[0]).toMatch(/[?&]storeId=[0-9a-f-]{36}/);
    expect(asked.filter((url) => url.startsWith('/api/app/equipment/categories'))).toHaveLength(1);

    asked.length = 0;
    await opened.goto(`${baseUrl}/store/dashboard`);
    await opened.getByRole('link', { name: /^查看/ }).first().waitFor();
    expect(asked.filter((url) => url.startsWith('/api/app/store-dashboard'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the main thread free while a page waits for its data: its placeholders only move or fade', async () => {
    // A phone that has not asked for reduced motion: the placeholders animate.
    const context = await newPhone(browser, 'zh-CN', { motion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The help centre's articles and, below, the workspace's counts are held back: the pages
    // show their placeholders (a skeleton, pulsing dots) meanwhile.
    const held: (() => void)[] = [];
    const hold = (pattern: RegExp) =>
      page.route(pattern, async (route) => {
        await new Promise<void>((resolve) => held.push(resolve));
        await route.continue().catch(() => undefined);
      });
    await hold(/\/api\/app\/help\/articles/);
    await page.goto(`${baseUrl}/help`);
    await page.locator('.adm-skeleton').first().waitFor();
    // The bar a page shows while its code loads, and the boot screen's spinner (its style stays
    // in the page), drawn here beside them.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<div class="page-progress"></div><div class="boot__spin"></div>',
      ),
    );
    const waiting = await whatAnimates(page);
    expect(waiting.animations).toBeGreaterThanOrEqual(4);
    expect(waiting.properties).toEqual(['opacity', 'transform']);
    expect(waiting.svg).toBe(0);
    // None moves in its first second: most waits are over by then, and still placeholders make
    // no frames for the phone to draw beside the page's code.
    expect(waiting.stillFor).toBeGreaterThanOrEqual(1000);
    // antd-mobile's own shimmer moved the skeleton's background: a restyle at every frame.
    await animationsMoving(page);
    expect(await restylesOver(page, 1000)).toBeLessThan(20);
    for (const release of held.splice(0)) release();
    await page.locator('.adm-list-item').first().waitFor();

    // A button's loading state (the sign-in, held): antd-mobile's DotLoading was an SVG
    // animation; the build gives it the app's fading dots (lib/antd-dot-loading.tsx).
    await hold(/\/api\/app\/account\/login$/);
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/store/dashboard')}`);
    await page.getByLabel('用户名或邮箱').fill('employee');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).tap();
    await page.locator('.adm-button-loading .app-dots').waitFor();
    const signingIn = await whatAnimates(page);
    expect(signingIn.animations).toBeGreaterThanOrEqual(3);
    expect(signingIn.properties).toEqual(['opacity']);
    expect(signingIn.svg).toBe(0);
    for (const release of held.splice(0)) release();
    await page.waitForURL('**/store/dashboard');

    await hold(/\/api\/app\/orders\?/);
    await page.goto(`${baseUrl}/store/workspace`);
    await page.locator('.workspace-tile .app-dots').first().waitFor();
    const counting = await whatAnimates(page);
    expect(counting.animations).toBeGreaterThanOrEqual(3);
    expect(counting.properties).toEqual(['opacity']);
    expect(counting.stillFor).toBeGreaterThanOrEqual(1000);
    // antd-mobile's DotLoading was an SVG animation, redrawn on the main thread.
    expect(counting.svg).toBe(0);
    await animationsMoving(page);
    expect(await restylesOver(page, 1000)).toBeLessThan(20);
    for (const release of held.splice(0)) release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the store’s quick actions in the texts of the page reached by signing in', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/store/dashboard')}`);
    await page.getByLabel('用户名或邮箱').waitFor();
    // The dashboard's texts come a second late; the quick actions' code (as from the installed
    // app) does not. The button waits for the texts instead of drawing without them.
    await page.route(/\/assets\/texts-[^/]+\.json$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByLabel('用户名或邮箱').fill('employee');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL('**/store/dashboard');
    await page.getByRole('button', { name: '快捷操作' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the cancel dialog with its reason on a 390 px screen', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, baseUrl, 'employee', '/store/dashboard');
    const api = staffApi(page, baseUrl);
    const storeId = await api.myStoreId();
    const [item] = await api.inStock(storeId);
    const start = new Date(Date.now() + 200 * 86_400_000);
    const order = await api.book({
      storeId,
      customerName: '取消对话框',
      customerPhone: '13800001357',
      start,
      end: new Date(start.getTime() + 86_400_000),
      items: [{ equipmentId: item!.id }],
    });
    await page.goto(`${baseUrl}/store/orders/detail/${order.id}`);
    await page.getByRole('button', { name: '取消订单' }).tap();
    const dialog = page.locator('.prompt-dialog');
    await dialog.waitFor();
    await page.waitForTimeout(400);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: '返回' }).tap();
    await api.call('POST', `/api/app/orders/${order.id}/cancel`, { reason: '测试结束' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
