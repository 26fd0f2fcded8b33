import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams, useSearchParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Equipment, Order } from '@snowgear/contracts';
import { clearSession, loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { checkoutQuery } from '../api/get-checkout';
import { formatTimeLeft } from '../components/pay-countdown';
import CustomerPaymentPage from './customer-payment-page';

const DAY = 86_400_000;

function OrderQrLanding() {
  const [params] = useSearchParams();
  return (
    <p>
      order qr {useParams().orderNumber} key {params.get('k')}
    </p>
  );
}

function renderPage(orderId: string, client: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/payment/:orderId?',
        element: (
          <QueryClientProvider client={client}>
            <CustomerPaymentPage />
          </QueryClientProvider>
        ),
      },
      { path: '/customer/order-qr/:orderNumber', element: <OrderQrLanding /> },
      { path: '/customer/order-create', element: <p>booking</p> },
    ],
    { initialEntries: [`/customer/payment/${orderId}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('formatTimeLeft', () => {
  it('reads hours, minutes and seconds, never below zero', () => {
    expect(formatTimeLeft(2 * 3_600_000)).toBe('2:00:00');
    expect(formatTimeLeft(3_599_001)).toBe('1:00:00');
    expect(formatTimeLeft(65_000)).toBe('01:05');
    expect(formatTimeLeft(-5_000)).toBe('00:00');
  });
});

describe('the customer pays, then lands on the order QR code (real server)', () => {
  const orders: Order[] = [];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    const item = await api.post<Equipment>('/app/equipment', {
      storeId,
      categoryId: categories.find((c) => c.name === '雪杖')!.id,
      name: '付款页测试雪杖',
      barcodeNumber: `PAY-${Date.now()}`,
      dailyRentPrice: 20,
      deposit: 100,
    });
    for (let i = 0; i < 3; i++) {
      const start = Date.now() + (160 + i * 2) * DAY;
      orders.push(
        await api.post<Order>('/app/orders', {
          storeId,
          customerName: '付款页测试',
          customerPhone: '13900006666',
          rentalStartTime: new Date(start).toISOString(),
          rentalEndTime: new Date(start + DAY).toISOString(),
          items: [{ equipmentId: item.id }],
        }),
      );
    }
    // The second is paid at the counter, the third cancelled.
    await api.post(`/app/orders/confirm-cash-received?billId=${orders[1]!.bills[0]!.id}`);
    await api.post(`/app/orders/${orders[2]!.id}/cancel`, { reason: '顾客改期' });
    clearSession();
  });

  it('shows the time left to pay, live', async () => {
    const unpaid = orders[0]!;
    expect(unpaid.payBefore).not.toBeNull();
    renderPage(unpaid.id);
    const timer = await screen.findByRole('timer');
    // The demo stores keep an unpaid order two hours.
    expect(timer.textContent).toMatch(/^请在 (2:00:00|1:59:\d\d) 内完成支付，超时后订单自动取消$/);
    const first = timer.textContent;
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(first), {
      timeout: 3_000,
    });
    // Paying cash: the code to show at the counter is one tap away.
    fireEvent.click(screen.getByText('现金'));
    fireEvent.click(await screen.findByRole('link', { name: '出示订单二维码' }));
    expect(
      await screen.findByText(`order qr ${unpaid.orderNumber} key ${unpaid.qrToken}`),
    ).toBeTruthy();
  });

  it('says the order was released once the time is up, and offers to book again', async () => {
    const unpaid = orders[0]!;
    const client = createQueryClient();
    const checkout = await api.get<Checkout>(`/app/payments/checkout/${unpaid.id}`);
    // As if the order had been placed two hours ago.
    client.setQueryData(checkoutQuery(unpaid.id).queryKey, {
      ...checkout,
      payBefore: new Date(Date.now() + 1_500).toISOString(),
    });
    const router = renderPage(unpaid.id, client);
    expect((await screen.findByRole('timer')).textContent).toMatch(/00:0[12]/);
    expect(screen.getByText('应付')).toBeTruthy();
    expect(await screen.findByText('订单已超时释放', {}, { timeout: 5_000 })).toBeTruthy();
    // Nothing left to pay with.
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('应付')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '重新预订' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/order-create'));
  });

  it('lands a paid order on its QR code page, with the key that opens it signed out', async () => {
    const paid = orders[1]!;
    const router = renderPage(paid.id);
    expect(
      await screen.findByText(`order qr ${paid.orderNumber} key ${paid.qrToken}`),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customer/order-qr/${paid.orderNumber}`);
  });

  it('says a cancelled order no longer holds gear', async () => {
    renderPage(orders[2]!.id);
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新预订' })).toBeTruthy();
  });
});
