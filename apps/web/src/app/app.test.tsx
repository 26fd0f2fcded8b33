import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { getH5Config } from '@/features/system-config/api/get-h5-config';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { AppProviders } from './app';
import { bootstrap, connectApi } from './bootstrap';
import { buildRouteObjects } from './router';

/** The app shell against the real server: routes, titles, layouts and the first booking step. */
async function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  connectApi(
    (to, options) => router.navigate(to, options),
    () => router.state.location,
  );
  await bootstrap();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app shell', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    useConfigStore.setState({ config: null, status: 'idle', error: null, stale: false });
    useCurrentStore.setState({ currentStoreId: null, warning: null });
    useAppStore.getState().setTheme('light');
    useAppStore.getState().setNetworkStatus('online');
  });

  it('sends / to the booking page, whose store selector lists the stores with their status', async () => {
    const router = await renderAt('/');
    expect(router.state.location.pathname).toBe('/customer/order-create');
    const cards = await screen.findAllByRole('radio');
    // The demo's three, in their order (the web tests share one server: another file's store
    // may be open for a moment).
    const demo = ['万龙雪场店', '太舞小镇店', '云顶夜场店'];
    const names = cards.map((c) => within(c).getByText(/店$/).textContent);
    expect(names.filter((name) => demo.includes(name))).toEqual(demo);
    for (const card of cards) {
      expect(within(card).getByText(/^(营业中|已打烊|今日休息)$/)).toBeTruthy();
      expect(within(card).getByRole('link').getAttribute('href')).toMatch(/^tel:0313\d{7}$/);
    }
    // A customer's page names the business; the back office keeps the system's name.
    await waitFor(() => expect(document.title).toBe('雪具预订 - 崇礼雪具租赁有限公司'));
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe('员工登录 - 雪具租赁店管理系统'));
  });

  it('opens at once from the cached configuration, and takes the server’s changes behind it', async () => {
    const fresh = await getH5Config();
    // A configuration cached a minute ago, from before the business renamed itself.
    window.localStorage.setItem(
      'h5_system_configs',
      JSON.stringify({
        data: { ...fresh, systemInfo: { ...fresh.systemInfo, companyName: '旧名称' } },
        timestamp: Date.now() - 60_000,
      }),
    );
    useConfigStore.setState({ config: null, fetchedAt: null });
    await renderAt('/customer/order-create');
    await waitFor(() =>
      expect(useConfigStore.getState().config?.systemInfo.companyName).toBe(
        fresh.systemInfo.companyName,
      ),
    );
    await waitFor(() => expect(document.title).toBe(`雪具预订 - ${fresh.systemInfo.companyName}`));
  });

  it('remembers the chosen store', async () => {
    await renderAt('/customer/order-create');
    const [, second] = await screen.findAllByRole('radio');
    const chosen = second!.dataset.storeId;
    fireEvent.click(second!);
    expect(window.localStorage.getItem('current_store_id')).toBe(chosen);
    expect(await screen.findByText('已选：太舞小镇店')).toBeTruthy();
    // The list folds into the chosen store, and opens again to change it.
    const stores = () => screen.queryAllByRole('radio').filter((r) => r.dataset.storeId);
    await waitFor(() => expect(stores()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '更换门店' }));
    await waitFor(() => expect(stores().length).toBeGreaterThan(1));
    const again = stores();
    const checked = again.find((r) => r.getAttribute('aria-checked') === 'true');
    expect(checked?.dataset.storeId).toBe(chosen);
  });

  it('offers signing in from the booking page, coming back to it', async () => {
    const router = await renderAt('/customer/order-create');
    const signIn = await screen.findByRole('link', { name: '登录' });
    fireEvent.click(signIn);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/customer/login?redirect=%2Fcustomer%2Forder-create',
      ),
    );
  });

  it('shows the footer with the company and filing links', async () => {
    await renderAt('/customer/order-create');
    const police = await screen.findByText(/公网安备/);
    expect(police.getAttribute('href')).toMatch(/^https:\/\/beian\.mps\.gov\.cn/);
    expect(screen.getByText(/ICP备/).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(screen.getByText('© 崇礼雪具租赁有限公司')).toBeTruthy();
  });

  it('sends unknown paths to /404 and shows the from query on /403', async () => {
    const router = await renderAt('/nope');
    expect(router.state.location.pathname).toBe('/404');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    await act(() => router.navigate('/403?from=%2Fstore%2Fdashboard'));
    expect(await screen.findByText('您没有权限访问 /store/dashboard')).toBeTruthy();
  });

  it('switches to English and dark theme, and keeps both', async () => {
    await renderAt('/customer/order-create');
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByText('Choose a store')).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('en-US');
    // The company by its English name, in the title and the footer.
    await waitFor(() =>
      expect(document.title).toBe('Book gear - Chongli Snow Gear Rental Co., Ltd.'),
    );
    expect(screen.getByText('© Chongli Snow Gear Rental Co., Ltd.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });

  it('names the gear again in the language chosen mid-booking, without a reload', async () => {
    await renderAt('/customer/order-create');
    fireEvent.click(await screen.findByRole('radio', { name: /万龙雪场店/ }));
    // The server's names: the pack and a kind of gear, in Chinese first.
    expect((await screen.findAllByText('双板全套')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect((await screen.findAllByText('Full ski set')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('Skis')).length).toBeGreaterThan(0);
    expect(screen.queryByText('双板全套')).toBeNull();
  });

  it('shows a banner while offline', async () => {
    await renderAt('/help');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('网络已断开，显示的可能不是最新内容')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(screen.queryByText('网络已断开，显示的可能不是最新内容')).toBeNull(),
    );
  });

  it('shows error and success toasts, the newer one on top, each for its time', async () => {
    await renderAt('/help');
    act(() => useAppStore.getState().showError('库存不足'));
    expect((await screen.findByRole('alert')).textContent).toBe('库存不足');
    act(() => useAppStore.getState().showSuccess('已保存'));
    expect(screen.getByText('已保存').closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText('库存不足')).toBeNull();
    // A success goes after 2 s, and the error it replaced does not come back.
    await waitFor(() => expect(screen.queryByText('已保存')).toBeNull(), { timeout: 4000 });
    expect(screen.queryByText('库存不足')).toBeNull();
  });

  it('shows the area’s tabs as links, the current one marked', async () => {
    const router = await renderAt('/customer/order-qr');
    const nav = await screen.findByRole('navigation', { name: '底部导航' });
    const tabs = await within(nav).findAllByRole('link');
    expect(tabs.map((a) => a.textContent)).toEqual(['首页', '我的订单', '取件码', '个人中心']);
    expect(tabs.map((a) => a.getAttribute('aria-current'))).toEqual([null, null, 'page', null]);
    fireEvent.click(tabs[1]!);
    // My orders needs a sign-in first, which leads on to it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/login'));
  });
});

describe('session expiry', () => {
  it('a 401 clears the session and sends the user to sign in with the login-expired message', async () => {
    const user = {
      id: 'x',
      userName: 'ghost',
      name: '幽灵',
      roles: ['StoreManager'],
      permissions: [],
    };
    window.localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid');
    window.localStorage.setItem('user_info', JSON.stringify(user));
    window.localStorage.setItem('roles', JSON.stringify(user.roles));
    window.localStorage.setItem('active_role', 'StoreManager');
    const router = await renderAt('/store/profile');
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fstore%2Fprofile');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user_info')).toBeNull();
  });
});

describe('help centre pages', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('lists articles by audience and opens one', async () => {
    const router = await renderAt('/help/store');
    const articleLinks = () =>
      screen
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('/help/article/'));
    await waitFor(() => expect(articleLinks().length).toBeGreaterThanOrEqual(3));
    const links = articleLinks();
    fireEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/help\/article\//));
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(await screen.findByText('这篇文章对您有帮助吗？')).toBeTruthy();
  });

  it('searches in Chinese and says so when nothing matches', async () => {
    await renderAt(`/help/search?keyword=${encodeURIComponent('扫码')}`);
    expect(await screen.findByText(/找到 \d+ 篇文章/)).toBeTruthy();
    cleanupRender();
    await renderAt(`/help/search?keyword=${encodeURIComponent('火星')}`);
    expect(await screen.findByText('没有找到与“火星”相关的文章')).toBeTruthy();
  });
});

function cleanupRender() {
  document.body.innerHTML = '';
}
