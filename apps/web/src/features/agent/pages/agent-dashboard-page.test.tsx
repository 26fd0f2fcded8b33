import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentReferral } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import AgentDashboardPage from './agent-dashboard-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/agent/dashboard',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <AgentDashboardPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/agent/dashboard'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the agent’s home (real server)', () => {
  beforeEach(async () => {
    await loginWithPassword({
      userNameOrEmailAddress: 'agent',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it('shows the referral code and link, performance by period, and the agent’s orders', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const referral = await api.get<AgentReferral>('/app/agent/referral');
    renderPage();
    expect(await screen.findByText(referral.code)).toBeTruthy();
    expect(screen.getByRole('img', { name: '推广二维码' })).toBeTruthy();

    // The demo agent's orders (the demo data credits some to them).
    const orders = await api.get<{ totalCount: number; items: { orderNumber: string }[] }>(
      '/app/agent/orders',
    );
    expect(orders.totalCount).toBeGreaterThan(0);
    expect(await screen.findByText(new RegExp(orders.items[0]!.orderNumber))).toBeTruthy();

    // The season counts at least what the last 7 days count, read from the figures.
    const figure = async (label: string) => {
      const term = await screen.findByText(label, { selector: 'dt' });
      return term.nextElementSibling!.textContent;
    };
    await screen.findByText('佣金（8%）');
    const weekOrders = Number(await figure('订单'));
    await user.click(screen.getByText('本雪季'));
    await waitFor(async () =>
      expect(Number(await figure('订单'))).toBeGreaterThanOrEqual(weekOrders),
    );
    const chart = screen.getByRole('list', { name: '营业额走势' });
    expect(within(chart).getAllByRole('listitem').length).toBeGreaterThan(0);

    // Customers, by phone.
    await user.click(screen.getByRole('tab', { name: '我的客户' }));
    expect(await screen.findAllByRole('link', { name: /^1\d{10}$/ })).not.toHaveLength(0);
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    renderPage();
    expect(await screen.findByText('My referral link')).toBeTruthy();
    expect(await screen.findByText('Commission (8%)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share the referral link' })).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
