import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { orderAmount, RelatedOrders, rentalPeriod } from './related-orders';
import { counterOrder } from '@/test/counter-order';

const DAY = 86_400_000;

const signIn = () =>
  loginWithPassword({ userNameOrEmailAddress: 'employee', password: '1q2w3E*', rememberMe: false });

function renderSection(equipmentId: string, onNavigate = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <RelatedOrders equipmentId={equipmentId} onNavigate={onNavigate} />
          </QueryClientProvider>
        ),
      },
      { path: '/store/orders/detail/:id', element: <p>order detail</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('rental period and amount', () => {
  it("reads month/day to month/day on the store's calendar and yuan with two decimals", () => {
    // 17:00 UTC is already the next day at the store (UTC+8), whatever the phone's zone.
    const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect(rentalPeriod(`${thisYear}-01-08T17:00:00Z`, `${thisYear}-02-03T10:00:00Z`)).toBe(
      '01/09–02/03',
    );
    // A period in another year says which.
    expect(rentalPeriod(`${thisYear + 1}-01-08T17:00:00Z`, `${thisYear + 1}-02-03T10:00:00Z`)).toBe(
      `${thisYear + 1}/01/09–${thisYear + 1}/02/03`,
    );
    expect(orderAmount(1234.5)).toBe('¥1234.50');
    expect(orderAmount(0)).toBe('¥0.00');
  });
});

describe('related orders of an item (real server)', () => {
  let item: Equipment;
  let orders: Order[];

  beforeAll(async () => {
    await signIn();
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    // A new item of its own, so no other test's bookings mix in.
    item = await api.post<Equipment>('/app/equipment', {
      storeId,
      categoryId: categories.find((c) => c.name === '雪杖')!.id,
      name: '相关订单测试雪杖',
      barcodeNumber: `RO-${Date.now()}`,
      dailyRentPrice: 20,
      deposit: 100,
    });
    const start = Date.now() + 30 * DAY;
    orders = [];
    for (let i = 0; i < 12; i++) {
      orders.push(
        await counterOrder({
          storeId,
          orderType: 'Normal',
          customerName: `客户${i}`,
          customerPhone: '13900001111',
          rentalStartTime: new Date(start + i * 2 * DAY).toISOString(),
          rentalEndTime: new Date(start + (i * 2 + 1) * DAY).toISOString(),
          deliveryMethod: 'SelfPickup',
          returnMethod: 'SelfReturn',
          items: [{ equipmentId: item.id }],
        }),
      );
    }
    // The first booking is paid in cash: reserved; the other 11 stay unpaid.
    await api.post(`/app/orders/confirm-cash-received?billId=${orders[0]!.bills[0]!.id}`);
  });

  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await signIn();
  });

  it('opens on tap with the counts, loads a tab 10 at a time and opens an order', async () => {
    const onNavigate = vi.fn();
    const router = renderSection(item.id, onNavigate);
    const header = await screen.findByText('相关订单');
    expect(await screen.findByText('共 12 单')).toBeTruthy();
    // Closed at first: no tabs, nothing listed.
    expect(screen.queryByText('未支付')).toBeNull();

    fireEvent.click(header);
    const unpaidTab = await screen.findByText('未支付');
    expect(unpaidTab.parentElement!.textContent).toBe('未支付11');
    expect(screen.getByText('已预订').parentElement!.textContent).toBe('已预订1');
    expect(screen.getByText('使用中').parentElement!.textContent).toBe('使用中0');
    expect(screen.getByText('已完成').parentElement!.textContent).toBe('已完成0');
    // The first tab (in use) has none.
    expect(await screen.findByText('暂无订单')).toBeTruthy();

    fireEvent.click(unpaidTab);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(10));
    // Newest rental first: the last booking leads.
    const newest = orders[11]!;
    const first = screen.getAllByRole('link')[0]!;
    expect(within(first).getByText(newest.orderNumber)).toBeTruthy();
    expect(within(first).getByText('待支付')).toBeTruthy();
    expect(within(first).getByText('客户11')).toBeTruthy();
    expect(
      within(first).getByText(rentalPeriod(newest.rentalStartTime, newest.rentalEndTime)),
    ).toBeTruthy();
    expect(within(first).getByText(`¥${newest.totalAmount.toFixed(2)}`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(11));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();

    fireEvent.click(screen.getByText('已预订'));
    const reserved = await screen.findByText(orders[0]!.orderNumber);
    expect(within(reserved.closest('a')!).getByText('已预订')).toBeTruthy();
    fireEvent.click(reserved);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/orders/detail/${orders[0]!.id}`),
    );
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('shows a load failure with a retry', async () => {
    renderSection('00000000-0000-4000-8000-000000000000');
    fireEvent.click(await screen.findByText('相关订单'));
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 单/)).toBeNull();
  });
});
