import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { money } from '@/lib/money';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';
import DriverPaymentPage from './driver-payment-page';

const DAY = 86_400_000;
const signInAs = (user: string) =>
  loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });

function OrderStub() {
  return <p>order page {useParams().id}</p>;
}

function renderAt(orderId: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/driver/payment/:id',
        element: (
          <QueryClientProvider client={client}>
            <DriverPaymentPage />
          </QueryClientProvider>
        ),
      },
      { path: '/driver/order-detail/:id', element: <OrderStub /> },
    ],
    { initialEntries: [`/driver/payment/${orderId}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The demo driver's id, as the store's driver picker lists them. */
async function demoDriverId(): Promise<string> {
  const { items } = await api.get<{ items: { id: string; name: string }[] }>(
    '/app/deliveries/drivers',
  );
  return items.find((d) => d.name === '赵师傅')!.id;
}

/**
 * A delivery booked at the counter and not paid yet: the driver collects at the door. The store
 * gives its run to the demo driver unless it is left in the open pool.
 */
async function unpaidDelivery(run: 'demo driver' | 'pool' = 'demo driver'): Promise<Order> {
  await signInAs('employee');
  const storeId = useSession.getState().user!.primaryStoreId!;
  const gear = await newGear(storeId, '雪镜', '上门收款测试雪镜', 'PAY', { count: 1 });
  const start = Date.now() + 30 * DAY;
  const order = await counterOrder({
    storeId,
    customerName: '上门收款客户',
    customerPhone: '13800005678',
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + DAY).toISOString(),
    deliveryMethod: 'Delivery',
    deliveryAddress: '太子城酒店 501',
    items: gear.map((g) => ({ equipmentId: g.id })),
  });
  if (run === 'pool') return order;
  return api.put<Order>(`/app/orders/${order.id}/driver`, {
    kind: 'delivery',
    driverId: await demoDriverId(),
  });
}

describe('the driver collects at the door (real server)', () => {
  afterEach(async () => {
    await changeLanguage('zh-CN');
  });

  it('takes cash with one clear button, confirmed first, and goes back to the order', async () => {
    await changeLanguage('zh-CN');
    const order = await unpaidDelivery();
    const amount = money(order.totalAmount);
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderAt(order.id);

    const cash = await screen.findByRole('button', { name: `现金收款 ${amount}` });
    expect(screen.getByText('待收金额')).toBeTruthy();
    // Asked first: going back takes nothing.
    await user.click(cash);
    let dialog = await openedDialog('确认已收到现金？');
    expect(dialog.textContent).toContain(`请确认已从顾客处收到现金 ${amount}`);
    await user.click(within(dialog).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(screen.queryByText('确认已收到现金？')).toBeNull());
    expect((await api.get<Order>(`/app/orders/${order.id}`)).bills[0]!.status).toBe('pending');

    await user.click(cash);
    dialog = await openedDialog('确认已收到现金？');
    await user.click(within(dialog).getByRole('button', { name: '已收到现金' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/driver/order-detail/${order.id}`),
    );
    const paid = await api.get<Order>(`/app/orders/${order.id}`);
    expect(paid.bills[0]).toMatchObject({ status: 'paid', method: 'cash' });
    expect(paid.paidAmount).toBe(order.totalAmount);
  });

  it('offers the cash button only once the run is taken from the pool', async () => {
    await changeLanguage('zh-CN');
    const order = await unpaidDelivery('pool');
    const amount = money(order.totalAmount);
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt(order.id);

    expect(await screen.findByText('这单还在待接单：接单后才能在此收取现金。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `现金收款 ${amount}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: '接单' }));
    expect(await screen.findByRole('button', { name: `现金收款 ${amount}` })).toBeTruthy();
    expect(screen.queryByText('这单还在待接单：接单后才能在此收取现金。')).toBeNull();
    expect((await api.get<Order>(`/app/orders/${order.id}`)).deliveryDriver?.name).toBe('赵师傅');
  });

  it('does not offer another driver’s cash to a colleague of the store', async () => {
    await changeLanguage('zh-CN');
    const order = await unpaidDelivery();
    // A second driver of the same store.
    await signInAs('admin');
    const userName = `door-driver-${Date.now()}`;
    await api.post('/app/employees', {
      name: '二号司机',
      userName,
      password: '1q2w3E*',
      roles: ['Driver'],
      primaryStoreId: order.storeId,
    });
    await signInAs(userName);
    renderAt(order.id);

    expect(
      await screen.findByText('这单由 赵师傅 负责，现金由其或门店确认收取。顾客仍可扫码支付。'),
    ).toBeTruthy();
    expect(screen.getByText('待收金额')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /现金收款/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '接单' })).toBeNull();
  });

  it('says so in English, and that there is nothing left once paid', async () => {
    await changeLanguage('en-US');
    const order = await unpaidDelivery();
    await signInAs('driver');
    renderAt(order.id);
    expect(
      await screen.findByRole('button', { name: `Take cash ${money(order.totalAmount)}` }),
    ).toBeTruthy();
    await api.post(`/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`);
    cleanup();
    renderAt(order.id);
    expect(await screen.findByText('Nothing to collect')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take cash/ })).toBeNull();
  });
});
