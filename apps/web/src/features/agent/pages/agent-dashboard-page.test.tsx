import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentReferral, BookingCatalog, H5Config, Order } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import AgentDashboardPage from './agent-dashboard-page';
import { storeMorning } from '@/test/store-time';

function renderPage(path = '/agent/dashboard') {
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
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * The agent books one kind still free at 万龙雪场店 for a customer, `days` ahead (far enough that
 * the demo's bookings are not in the way); `withDeposit`: a kind that holds one.
 */
async function bookForCustomer(
  days: number,
  customerName: string,
  customerPhone: string,
  { withDeposit = false } = {},
) {
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  const store = Object.values(config.storeConfigs).find((s) => s.storeName === '万龙雪场店')!;
  const when = storeMorning(days);
  const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
    params: { storeId: store.storeId, rentalStartTime: when, days: 1 },
  });
  const kind = catalog.categories.flatMap((c) =>
    c.kinds
      .filter((k) => k.free > 0 && (!withDeposit || k.deposit > 0))
      .map((k) => ({ categoryId: c.id, size: k.size })),
  )[0]!;
  return api.post<Order>('/app/agent/orders', {
    cart: {
      storeId: store.storeId,
      rentalStartTime: when,
      days: 1,
      riders: [],
      lines: [{ type: 'item', ...kind }],
    },
    customerName,
    customerPhone,
  });
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
    // It says what the commission is computed on: rent and paid fees, not the deposit.
    expect(
      screen.getByText(/不含可退押金；订单取消或退款后相应扣除。佣金 = 营业额 × 8%/),
    ).toBeTruthy();
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

  it('takes back an order booked for a customer before the store confirms it', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // The agent books for a customer (a year ahead, so the demo's bookings are not in the way).
    const order = await bookForCustomer(360, '撤回测试', '13966667777');
    renderPage();
    const row = (await screen.findByText(new RegExp(order.orderNumber))).closest('.adm-list-item')!;
    expect(within(row as HTMLElement).getByText('等待门店确认')).toBeTruthy();
    await user.click(within(row as HTMLElement).getByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog', { name: `撤回订单 ${order.orderNumber}？` });
    await user.type(within(dialog).getByRole('textbox'), '客户改期');
    await user.click(within(dialog).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(within(row as HTMLElement).getByText('已取消')).toBeTruthy());
    expect(within(row as HTMLElement).queryByRole('button', { name: '撤回' })).toBeNull();
  });

  it('says the order just placed is waiting, and opens each order, read without the deposit', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const order = await bookForCustomer(362, '详情测试', '13966668888', { withDeposit: true });
    try {
      const deposit = order.feeItems
        .filter((f) => f.kind === 'Deposit')
        .reduce((n, f) => n + f.amount, 0);
      const router = renderPage(`/agent/dashboard?placed=${order.orderNumber}`);
      expect(
        await screen.findByText(`订单 ${order.orderNumber} 已提交，等待门店确认`),
      ).toBeTruthy();
      // Said once: the address forgets it.
      await waitFor(() => expect(router.state.location.search).toBe(''));
      const row = (await screen.findByText(`${order.orderNumber} · 详情测试`)).closest<HTMLElement>(
        '.adm-list-item',
      )!;
      expect(within(row).getByText(`¥${(order.totalAmount - deposit).toFixed(2)}`)).toBeTruthy();
      expect(within(row).getByText('不含押金')).toBeTruthy();
      await user.click(within(row).getByText(`${order.orderNumber} · 详情测试`));
      const sheet = await screen.findByRole('dialog', { name: `订单 ${order.orderNumber}` });
      expect(
        within(sheet).getByText(`另有押金 ¥${deposit.toFixed(2)}，归还装备后退还顾客`),
      ).toBeTruthy();
      expect(within(sheet).getByText('详情测试 · 13966668888')).toBeTruthy();
    } finally {
      await api.post(`/app/agent/orders/${order.id}/withdraw`, {});
    }
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    renderPage();
    expect(await screen.findByText('My referral link')).toBeTruthy();
    expect(await screen.findByText('Commission (8%)')).toBeTruthy();
    expect(screen.getByText(/never the refundable deposit/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share the referral link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Book for a customer/ })).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
