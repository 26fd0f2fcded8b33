import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { storeMorning } from '@/test/store-time';
import { counterOrder } from '@/test/counter-order';
import OrderDetailPage from './order-detail-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

function renderDetail(orderId: string) {
  const slot = document.createElement('div');
  document.body.append(slot);
  const router = createMemoryRouter(
    [
      {
        path: '/store/orders/detail/:id',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <ActionBarContext value={slot}>
              <OrderDetailPage />
            </ActionBarContext>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [`/store/orders/detail/${orderId}`] },
  );
  return render(<RouterProvider router={router} />);
}

async function signIn() {
  await loginWithPassword({
    userNameOrEmailAddress: 'employee',
    password: '1q2w3E*',
    rememberMe: false,
  });
  await useConfigStore.getState().load({ force: true });
  return useSession.getState().user!.primaryStoreId!;
}

/** An order of the test's own gear, paid in cash; `out`: handed over to the customer. */
async function paidOrder(
  storeId: string,
  gear: Equipment[],
  days: number,
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const order = await counterOrder({
    storeId,
    customerName: '订单行测试',
    customerPhone: '13800007777',
    rentalStartTime: storeMorning(days),
    rentalEndTime: storeMorning(days + 1),
    items: gear.map((g) => ({ equipmentId: g.id })),
    ...extra,
  });
  for (const bill of order.bills) {
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
  }
  return order;
}

const STAMP = /\d{2}-\d{2} \d{2}:\d{2}/;

describe('an order’s lines, bills and addresses at the store (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('shows which items are back, and follows an early return at once', async () => {
    const storeId = await signIn();
    const gear = await newGear(storeId, '雪杖', '归还状态雪杖', 'RST', { count: 3 });
    const order = await paidOrder(storeId, gear, 240);
    await api.post(`/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    // One of three comes back at the counter.
    await api.post(`/app/orders/${order.id}/return`, {
      items: [{ orderItemId: order.items[0]!.id, state: 'returned', damageFee: 0 }],
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderDetail(order.id);

    const back = await screen.findByText(new RegExp(`^已归还 · ${STAMP.source}$`));
    expect(back.closest('.adm-list-item')!.textContent).toContain(gear[0]!.name);
    expect(screen.getAllByText(/^已归还 · /)).toHaveLength(1);

    // The second goes back early from its item dialog: the order shows it without a reload.
    await user.click(screen.getByText(gear[1]!.name));
    await user.type(await screen.findByPlaceholderText('请填写操作原因'), '客户提前归还');
    await user.click(await screen.findByRole('button', { name: '提前归还' }));
    const confirm = await openedDialog();
    // It says what really happens next, naming only what exists on the order.
    expect(confirm.textContent).not.toContain('补款/退款');
    expect(confirm.textContent).toContain('善意退款');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    const early = await screen.findByText(new RegExp(`^提前归还 · ${STAMP.source}$`));
    expect(early.closest('.adm-list-item')!.textContent).toContain(gear[1]!.name);
    expect(screen.getAllByText(/^已归还 · /)).toHaveLength(1);
  });

  it('names each address for what it is and reads a refund as a refund', async () => {
    const storeId = await signIn();
    const gear = await newGear(storeId, '雪杖', '地址退款雪杖', 'ADR', { count: 1 });
    // Delivered to the door, brought back by the customer: only a delivery address applies.
    const order = await paidOrder(storeId, gear, 250, {
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店 1208',
      returnMethod: 'SelfReturn',
      returnAddress: '万龙酒店 1208',
    });
    await api.post(`/app/orders/${order.id}/cancel`, { reason: '客户改期' });
    const view = renderDetail(order.id);

    const delivery = await screen.findByText('送货地址');
    expect(delivery.closest('.adm-list-item')!.textContent).toContain('万龙酒店 1208');
    expect(screen.queryByText(/取件地址/)).toBeNull();
    // The money owed back is a refund still to give, not a payment still to take.
    const refund = await screen.findByText('待退款');
    expect(refund.closest('.adm-list-item')!.textContent).toContain('退款');
    expect(screen.queryByText('待支付')).toBeNull();
    view.unmount();

    const cancelled = await api.get<Order>(`/app/orders/${order.id}`);
    const bill = cancelled.bills.find((b) => b.kind === 'refund')!;
    await api.post(`/app/orders/confirm-cash-refunded?billId=${bill.id}`);
    renderDetail(order.id);
    expect(await screen.findByText(/^现金退款 · /)).toBeTruthy();
    expect(screen.getAllByText(/^现金支付 · /)).toHaveLength(1);

    await changeLanguage('en-US');
    expect(await screen.findByText(/^Cash refund · /)).toBeTruthy();
    expect(screen.getByText('Delivery address')).toBeTruthy();
  });
});
