import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  orderListParams,
  type H5Config,
  type OrderSummary,
  type PagedResult,
  type StoreDashboard,
} from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { readOrderListFilters } from '@/features/orders/api/list-orders';
import { switchStore, useCurrentStore } from '@/features/stores/stores/current-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import StoreDashboardPage from './store-dashboard-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/dashboard',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <StoreDashboardPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/store/dashboard'] },
  );
  render(<RouterProvider router={router} />);
}

async function signIn(user: string) {
  await loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });
  useConfigStore.setState({
    config: await api.get<H5Config>('/app/config-distribution/h5'),
    status: 'ready',
  });
}

describe('the store dashboard (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('shows today’s figures, each leading to an order list of exactly that many', async () => {
    // The web tests share one server: this one looks at the store the others leave alone.
    await signIn('admin');
    const config = useConfigStore.getState().config!;
    const yunding = Object.values(config.storeConfigs).find((s) => s.storeName === '云顶夜场店')!;
    useCurrentStore.setState({ currentStoreId: yunding.storeId });
    renderPage();
    const d = await api.get<StoreDashboard>('/app/store-dashboard', {
      params: { storeId: yunding.storeId },
    });
    const tile = await screen.findByRole('link', {
      name: `查看超期未还，共 ${d.orders.overdue}`,
    });
    const links = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/store/orders/list'));
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links).toContain(tile);
    for (const link of links) {
      const href = new URL(link.getAttribute('href')!, 'http://x');
      const shown = Number(/共 (\d+)$/.exec(link.getAttribute('aria-label') ?? '')?.[1]);
      const list = await api.get<PagedResult<OrderSummary>>('/app/orders', {
        params: {
          ...orderListParams(readOrderListFilters(href.searchParams)),
          storeId: yunding.storeId,
          maxResultCount: 1,
        },
      });
      expect({ href: href.search, count: shown }).toEqual({
        href: href.search,
        count: list.totalCount,
      });
    }
    // Stock, takings and the week.
    expect(
      screen
        .getByRole('link', { name: `查看租出中的设备，共 ${d.gearInUse}` })
        .getAttribute('href'),
    ).toBe('/store/inventory/list?status=1');
    expect(screen.getByText('今日收款')).toBeTruthy();
    // Two small charts, each on its own scale, every bar with its figure and read out whole.
    const rentals = screen.getByRole('list', { name: '近 7 天每日起租订单' });
    const rentalDays = within(rentals).getAllByRole('listitem');
    expect(rentalDays).toHaveLength(7);
    d.week.forEach((day, i) => {
      expect(rentalDays[i]!.getAttribute('aria-label')).toBe(
        `${day.day.slice(5)}：起租 ${day.rentals} 单`,
      );
      expect(rentalDays[i]!.textContent).toContain(String(day.rentals));
    });
    const takings = screen.getByRole('list', { name: '近 7 天每日净收款' });
    const takingDays = within(takings).getAllByRole('listitem');
    expect(takingDays).toHaveLength(7);
    d.week.forEach((day, i) => {
      expect(takingDays[i]!.getAttribute('aria-label')).toBe(
        // A day that gave back more than it took reads −¥, never ¥-.
        `${day.day.slice(5)}：净收款 ${(day.takings ?? 0) < 0 ? '−' : ''}¥${Math.abs(day.takings ?? 0).toFixed(2)}`,
      );
      expect(takingDays[i]!.textContent).toContain(String(Math.round(day.takings ?? 0)));
    });
  });

  it('shows the chosen store’s name, hours and open status, and follows a switch', async () => {
    await signIn('admin');
    const config = useConfigStore.getState().config!;
    const [first, second] = Object.values(config.storeConfigs);
    // Two stores with hours of their own: one open all day, the other resting every day.
    useConfigStore.setState({
      config: {
        ...config,
        storeConfigs: {
          ...config.storeConfigs,
          [first!.storeId]: {
            ...first!,
            businessHours: { startTime: '00:00', endTime: '23:59', restDays: [] },
          },
          [second!.storeId]: {
            ...second!,
            businessHours: {
              startTime: '08:30',
              endTime: '17:00',
              restDays: [0, 1, 2, 3, 4, 5, 6],
            },
          },
        },
      },
    });
    useCurrentStore.setState({ currentStoreId: second!.storeId });
    renderPage();
    const card = screen.getByRole('region', { name: '所属门店' });
    expect(within(card).getByText(`门店：${second!.storeName}`)).toBeTruthy();
    expect(within(card).getByText('今日休息')).toBeTruthy();
    expect(card.textContent).toContain('08:30-17:00');

    act(() => switchStore(first!.storeId));
    expect(await within(card).findByText(`门店：${first!.storeName}`)).toBeTruthy();
    expect(within(card).getByText('营业中')).toBeTruthy();
    expect(card.textContent).toContain('00:00-23:59');
    expect(card.textContent).not.toContain('08:30-17:00');
  });

  it('keeps the money to those who see the store’s finances, and speaks English', async () => {
    await signIn('employee');
    await changeLanguage('en-US');
    renderPage();
    expect(await screen.findByText('Due back today')).toBeTruthy();
    expect(screen.queryByText('Takings today')).toBeNull();
    // The overdue list is the clerks' own page, so every figure here opens a list they may see.
    expect(screen.getByRole('link', { name: /^Open To prepare, \d+$/ }).getAttribute('href')).toBe(
      '/store/workspace/preparation-orders',
    );
  });

  it('on a business without a store yet, leads the administrator to add one (and asks nothing)', async () => {
    await signIn('admin');
    // What the server sends before the first store is made: no stores, an admin of none.
    const config = useConfigStore.getState().config!;
    useConfigStore.setState({ config: { ...config, storeConfigs: {} } });
    useSession.setState((s) => ({ user: { ...s.user!, primaryStoreId: null } }));
    useCurrentStore.setState({ currentStoreId: null });
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderPage();
    await screen.findByText('还没有门店');
    const add = screen.getByRole('link', { name: '添加门店' });
    expect(add.getAttribute('href')).toBe('/store/admin/stores');
    expect(open.mock.calls.some(([, url]) => String(url).includes('store-dashboard'))).toBe(false);
    open.mockRestore();

    await changeLanguage('en-US');
    expect(await screen.findByText('No store yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a store' })).toBeTruthy();
  });
});
