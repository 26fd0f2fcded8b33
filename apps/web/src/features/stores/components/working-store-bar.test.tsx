import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import InventoryListPage from '@/features/inventory/pages/inventory-list-page';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useCurrentStore } from '../stores/current-store';

function renderInventory() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/inventory/list',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <InventoryListPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/store/inventory/list'] },
  );
  render(<RouterProvider router={router} />);
}

const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

describe('the working store of those who see every store (real server)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    useCurrentStore.getState().setCurrentStoreId(null);
  });

  it('shows a super admin one store at a time, says which, and switches on request', async () => {
    await signIn('admin');
    renderInventory();
    // Their own store first, named in the bar; the stock is that store's only.
    const bar = (await screen.findByText(/正在查看：/)).closest(
      '.working-store-bar',
    ) as HTMLElement;
    expect(bar.textContent).toContain('正在查看：万龙雪场店');
    await waitFor(() => expect(screen.getAllByText(/^SGWL/).length).toBeGreaterThan(0));
    expect(screen.queryAllByText(/^SGTW/)).toHaveLength(0);

    fireEvent.click(within(bar).getByRole('button', { name: '切换门店' }));
    fireEvent.click(await screen.findByText('太舞小镇店'));
    await waitFor(() => expect(bar.textContent).toContain('正在查看：太舞小镇店'));
    await waitFor(() => expect(screen.getAllByText(/^SGTW/).length).toBeGreaterThan(0));
    expect(screen.queryAllByText(/^SGWL/)).toHaveLength(0);
    // Remembered as the current store (spec §4).
    expect(useCurrentStore.getState().currentStoreId).not.toBeNull();
  });

  it('shows nothing to switch for staff of one store', async () => {
    await signIn('employee');
    renderInventory();
    await waitFor(() => expect(screen.getAllByText(/^SGWL/).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: '切换门店' })).toBeNull();
  });
});
