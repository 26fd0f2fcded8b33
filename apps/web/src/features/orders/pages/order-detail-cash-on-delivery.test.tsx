import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { H5Config, Order } from '@snowgear/contracts';
import { BusinessParameterKey } from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { money } from '@/lib/money';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';
import OrderDetailPage from './order-detail-page';

const DAY = 86_400_000;
const signInAs = (user: string) =>
  loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });

/** 太舞小镇店 (whose manager is `multi`) takes cash on delivery while these tests run. */
async function cashOnDelivery(storeId: string, value: 'true' | 'false') {
  await signInAs('admin');
  await api.put('/app/admin/business-parameters', {
    storeId,
    values: [{ key: BusinessParameterKey.CashOnDelivery, value }],
  });
}

function renderDetail(orderId: string) {
  const client = createQueryClient();
  const slot = document.createElement('div');
  document.body.append(slot);
  const router = createMemoryRouter(
    [
      {
        path: '/store/orders/detail/:id',
        element: (
          <QueryClientProvider client={client}>
            <ActionBarContext value={slot}>
              <OrderDetailPage />
            </ActionBarContext>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [`/store/orders/detail/${orderId}`] },
  );
  render(<RouterProvider router={router} />);
  return slot;
}

describe('a cash-on-delivery order at the store (real server)', () => {
  let taiwu: string;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    taiwu = Object.values(config.storeConfigs).find((s) => s.storeName === '太舞小镇店')!.storeId;
    await cashOnDelivery(taiwu, 'true');
  });
  afterAll(async () => {
    await cashOnDelivery(taiwu, 'false');
  });

  it('switches an unpaid delivery to cash on delivery and says what the driver collects', async () => {
    await signInAs('multi');
    const gear = await newGear(taiwu, '雪镜', '货到付款详情雪镜', 'COD', { count: 1 });
    const start = Date.now() + 40 * DAY;
    const order = await counterOrder({
      storeId: taiwu,
      customerName: '货到付款客户',
      customerPhone: '13800006789',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      deliveryMethod: 'Delivery',
      deliveryAddress: '太舞酒店 808',
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    const amount = money(order.totalAmount);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const actions = renderDetail(order.id);

    await screen.findByText(order.orderNumber);
    expect(screen.queryByText(`货到付款 · 待收 ${amount}`)).toBeNull();
    await user.click(within(actions).getByRole('button', { name: '改为货到付款' }));
    const dialog = await openedDialog('改为货到付款？');
    expect(dialog.textContent).toContain(`司机送达时收取 ${amount}`);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(`货到付款 · 待收 ${amount}`)).toBeTruthy();
    expect(screen.getByText('待配送')).toBeTruthy();
    await waitFor(() =>
      expect(within(actions).queryByRole('button', { name: '改为货到付款' })).toBeNull(),
    );
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after).toMatchObject({ status: 2, collectOnDelivery: order.totalAmount, paidAmount: 0 });
  });
});
