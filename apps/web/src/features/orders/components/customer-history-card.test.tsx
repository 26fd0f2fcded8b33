import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PagedResult, OrderSummary } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { CustomerHistoryCard } from './customer-history-card';

function renderCard(phone: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <CustomerHistoryCard phone={phone} />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('customer history at order create (real server)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it("shows a returning customer's rentals and latest orders as the number is typed", async () => {
    // Demo: 冯强 (13377778888) has an order out at the employee's store.
    const { items } = await api.get<PagedResult<OrderSummary>>('/app/orders', {
      params: { keyword: '13377778888', maxResultCount: 10 },
    });
    expect(items.length).toBeGreaterThan(0);
    renderCard('13377778888');
    const card = await screen.findByRole('region', { name: '客户历史' });
    expect(within(card).getByText(new RegExp(`租过 ${items.length} 次`))).toBeTruthy();
    expect(within(card).getByRole('link', { name: items[0]!.orderNumber })).toBeTruthy();
  });

  it('says a number it has never seen is new', async () => {
    renderCard('13000000000');
    expect(await screen.findByText('新客户：本店还没有这个手机号的订单')).toBeTruthy();
  });

  it('stays quiet while the number is incomplete', async () => {
    renderCard('1337777');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: '客户历史' })).toBeNull();
    expect(screen.queryByText(/新客户/)).toBeNull();
  });
});
