import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ItemDamage } from '@/features/orders/components/item-damage';
import { newGear } from '@/test/gear';
import { photoBlob, stubPhotoDom } from '@/test/photo';
import { counterOrder } from '@/test/counter-order';
import { useConfirmDelivery } from '../api/runs';
import DeliveryConfirmPage from '../pages/delivery-confirm-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for, and object URLs.
stubPhotoDom();

const DAY = 86_400_000;
const signInAs = (user: string) =>
  loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });

/** Two goggles of the test's own, paid and on their way to a hotel. */
async function onTheWay(): Promise<{ order: Order; gear: Equipment[] }> {
  await signInAs('employee');
  const storeId = useSession.getState().user!.primaryStoreId!;
  const gear = await newGear(storeId, '雪镜', '送达损坏雪镜', 'DDM', {
    dailyRentPrice: 20,
    deposit: 200,
  });
  const start = Date.now() - 60_000; // now: an order is never backdated
  const order = await counterOrder({
    storeId,
    customerName: '送达损坏客户',
    customerPhone: '13800004322',
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + 2 * DAY).toISOString(),
    deliveryMethod: 'Delivery',
    deliveryAddress: '太子城酒店 306',
    returnMethod: 'Pickup',
    returnAddress: '太子城酒店 306',
    items: gear.map((g) => ({ equipmentId: g.id })),
  });
  for (const bill of order.bills) {
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
  }
  return {
    order: await api.post<Order>(`/app/orders/${order.id}/dispatch`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    }),
    gear,
  };
}

describe('damage at the delivery (real server)', () => {
  it('asks for a photo of an item marked damaged before the delivery is confirmed', async () => {
    await changeLanguage('zh-CN');
    const { order, gear } = await onTheWay();
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = createMemoryRouter(
      [
        {
          path: '/driver/delivery-confirm/:id',
          element: (
            <QueryClientProvider client={createQueryClient()}>
              <DeliveryConfirmPage />
            </QueryClientProvider>
          ),
        },
      ],
      { initialEntries: [`/driver/delivery-confirm/${order.id}`] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('送达时损坏的器材')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `${gear[0]!.name} 有损坏` }));
    expect(screen.getAllByText('损坏说明（必填）').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '确认送达' }));
    const alert = await screen.findByText(/请拍摄损坏照片/);
    expect(alert.textContent).toContain('请拍摄损坏照片');
    // Nothing was sent: the order is still on its way.
    expect((await api.get<Order>(`/app/orders/${order.id}`)).status).toBe(3);
  });

  it('sends the damaged item with its photo and note; the store reads them on the order', async () => {
    await changeLanguage('zh-CN');
    const { order, gear } = await onTheWay();
    await signInAs('driver');
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useConfirmDelivery(), { wrapper });
    const broken = order.items.find((i) => i.equipmentId === gear[1]!.id)!;
    await act(async () => {
      const outcome = await result.current.mutateAsync({
        orderId: order.id,
        recipientName: '王女士',
        // Taken without network: the queue uploads the photos first.
        photo: { id: null, blob: photoBlob() },
        signature: photoBlob(),
        label: '送达',
        damaged: [
          { orderItemId: broken.id, remarks: '镜片有裂纹', photo: { id: null, blob: photoBlob() } },
        ],
      });
      expect(outcome.queued).toBe(false);
    });

    await signInAs('employee');
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    const item = after.items.find((i) => i.id === broken.id)!;
    expect(item).toMatchObject({ deliveryState: 'damaged', deliveryRemarks: '镜片有裂纹' });
    expect(item.deliveryPhotoId).toEqual(expect.any(String));
    expect(after.items.find((i) => i.id !== broken.id)?.deliveryState).toBeNull();
    // The store reads the photo; the item is marked damaged.
    const link = await api.get<{ url: string }>(`/files/${item.deliveryPhotoId}/link`);
    expect(link.url).toBeTruthy();
    expect((await api.get<Equipment>(`/app/equipment/${gear[1]!.id}`)).status).toBe(2);
  });
});

describe('the order shows damage noted at its hand-overs', () => {
  it('names the damage at the delivery and at the return, each with its photo', async () => {
    await changeLanguage('zh-CN');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ItemDamage
          item={{
            equipmentName: '雪镜',
            deliveryState: 'damaged',
            deliveryPhotoId: null,
            deliveryRemarks: '镜框变形',
            returnState: 'lost',
            returnPhotoId: null,
            returnRemarks: '客户遗失',
          }}
        />
      </QueryClientProvider>,
    );
    const list = document.querySelector<HTMLElement>('.item-damage')!;
    expect(within(list).getByText('送达时损坏：镜框变形')).toBeTruthy();
    expect(within(list).getByText('归还时丢失：客户遗失')).toBeTruthy();
  });
});
