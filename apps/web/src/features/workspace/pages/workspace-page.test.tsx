import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import OrderListPage from '@/features/orders/pages/order-list-page';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { orderListParams, readOrderListFilters } from '@/features/orders/api/list-orders';
import { WorkspaceList } from '../api/workspace-orders';
import OverdueOrdersPage from './overdue-orders-page';
import WorkspacePage from './workspace-page';

function renderWorkspace() {
  const client = createQueryClient();
  const wrap = (page: React.ReactNode) => (
    <QueryClientProvider client={client}>{page}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/workspace', element: wrap(<WorkspacePage />) },
      { path: '/store/orders/list', element: wrap(<OrderListPage />) },
      { path: '/store/workspace/overdue-orders', element: wrap(<OverdueOrdersPage />) },
    ],
    { initialEntries: ['/store/workspace'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

/** The number a tile shows, once it has loaded. */
async function tileCount(label: string): Promise<{ tile: HTMLElement; count: number }> {
  const tile = (await screen.findByText(label)).closest('a')!;
  await waitFor(() =>
    expect(tile.querySelector('.workspace-tile__count')!.textContent).toMatch(/^\d+$/),
  );
  return { tile, count: Number(tile.querySelector('.workspace-tile__count')!.textContent) };
}

describe('workspace tiles (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  // Other tests book orders on the same server at the same time, so the numbers themselves may
  // move between two reads; what must hold is that a tile counts with the very question its list
  // asks, and (on the demo's settled overdue orders) that the two numbers agree.
  it.each([
    ['今日取件', 'pickupsToday'],
    ['待支付', 'unpaid'],
    ['自助归还待验收', 'selfReturns'],
    ['逾期未还', 'overdue'],
  ] as const)('the %s tile opens the very list it counts, for a manager', async (label, list) => {
    await signIn('manager');
    renderWorkspace();
    const tile = (await screen.findByText(label)).closest('a')!;
    const target = new URL(tile.getAttribute('href')!, 'http://x');
    // A manager may not open the clerks' overdue page: the tile opens the list's tab instead.
    expect(target.pathname).toBe('/store/orders/list');
    expect(orderListParams(readOrderListFilters(target.searchParams))).toEqual(
      WorkspaceList[list](),
    );
  });

  it('shows the same number on the overdue tile and in the list it opens', async () => {
    await signIn('manager');
    const router = renderWorkspace();
    const { tile, count } = await tileCount('逾期未还');
    expect(count).toBeGreaterThan(0); // demo: an order overdue for days
    fireEvent.click(tile);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=overdue'));
    expect(await screen.findByText(`共 ${count} 单`)).toBeTruthy();
  });

  it('leads a clerk to the overdue page, which lists as many orders as the tile says', async () => {
    await signIn('employee');
    const router = renderWorkspace();
    const { tile, count } = await tileCount('逾期未还');
    expect(count).toBeGreaterThan(0); // demo: an order overdue for days
    fireEvent.click(tile);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/store/workspace/overdue-orders'),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(Math.min(count, 10)));
  });
});
