import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { DriverGun } from '@/app/smart-scan/driver-gun';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ScannerHost } from '@/features/scanner/components/scanner-host';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { gunScan } from '@/test/gun';
import DeliveryConfirmPage from './delivery-confirm-page';
import DriverOrderDetailPage from './driver-order-detail-page';
import PickupConfirmPage from './pickup-confirm-page';
import DriverScanPage from './driver-scan-page';
import { PickupOrdersPage } from './run-list-page';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

const DAY = 86_400_000;
const signInAs = (user: string) =>
  loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });

function OrderStub() {
  return <p>order page {useParams().id}</p>;
}

function renderAt(path: string, page: React.ReactNode) {
  const client = createQueryClient();
  const wrap = (node: React.ReactNode) => (
    <QueryClientProvider client={client}>
      {node}
      {/* A driver's barcode gun, as the app listens for it on /driver/ pages. */}
      <DriverGun />
      <GlobalMessages />
      <ScannerHost />
    </QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/driver/pickup-orders', element: wrap(page) },
      { path: '/driver/pickup-confirm/:id', element: wrap(page) },
      { path: '/driver/delivery-confirm/:id', element: wrap(page) },
      { path: '/driver/scan', element: wrap(page) },
      { path: '/driver/order-detail/:id', element: <OrderStub /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * As the counter would: two goggles of the test's own, booked for delivery to a hotel and
 * pickup there, paid, sent out and (for `delivered`) confirmed delivered by the store.
 */
async function deliveryOrder(
  delivered: boolean,
  { dispatched = true } = {},
): Promise<{ order: Order; gear: Equipment[] }> {
  await signInAs('employee');
  const storeId = useSession.getState().user!.primaryStoreId!;
  const gear = await newGear(storeId, '雪镜', '司机页测试雪镜', 'DRV', {
    dailyRentPrice: 20,
    deposit: 200,
  });
  // Started a few minutes ago (an order is never backdated further).
  const start = Date.now() - 10 * 60_000;
  let order = await counterOrder({
    storeId,
    customerName: '司机页客户',
    customerPhone: '13800004321',
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + 2 * DAY).toISOString(),
    deliveryMethod: 'Delivery',
    deliveryAddress: '太子城酒店 305',
    returnMethod: 'Pickup',
    returnAddress: '太子城酒店 305',
    items: gear.map((g) => ({ equipmentId: g.id })),
  });
  for (const bill of order.bills) {
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
  }
  if (!dispatched) return { order, gear };
  order = await api.post<Order>(`/app/orders/${order.id}/dispatch`, {
    barcodes: gear.map((g) => g.barcodeNumber),
  });
  if (delivered) {
    order = await api.post<Order>(`/app/orders/${order.id}/delivered`, { remarks: '电话确认' });
  }
  return { order, gear };
}

describe('driver pages (real server)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });

  it('names the delivery and the pickup address each for what it is', async () => {
    const { order } = await deliveryOrder(false);
    await signInAs('driver');
    const router = createMemoryRouter(
      [
        {
          path: '/driver/order-detail/:id',
          element: (
            <QueryClientProvider client={createQueryClient()}>
              <DriverOrderDetailPage />
            </QueryClientProvider>
          ),
        },
      ],
      { initialEntries: [`/driver/order-detail/${order.id}`] },
    );
    render(<RouterProvider router={router} />);
    const delivery = await screen.findByRole('region', { name: '送货上门' });
    expect(within(delivery).getByText('送货地址')).toBeTruthy();
    expect(within(delivery).queryByText('取件地址')).toBeNull();
    expect(delivery.textContent).toContain('太子城酒店 305');
    const pickup = screen.getByRole('region', { name: '上门取件' });
    expect(within(pickup).getByText('取件地址')).toBeTruthy();
    expect(within(pickup).queryByText('送货地址')).toBeNull();
  });

  it('lists a pickup in the open pool and takes it', async () => {
    const { order } = await deliveryOrder(true);
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/driver/pickup-orders', <PickupOrdersPage />);
    const card = await screen.findByRole('article', { name: `订单 ${order.orderNumber} 的任务` });
    expect(card.textContent).toContain('太子城酒店 305');
    expect(within(card).getByRole('link', { name: /拨打 司机页客户 的电话/ })).toBeTruthy();
    expect(within(card).getByText('待接单')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: '接单' }));
    await waitFor(() => expect(within(card).getByText('我的')).toBeTruthy());
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after.pickupDriver?.id).toBe(useSession.getState().user!.id);
  });

  it('picks up at the door: a scan says fine, a lost item needs a word, then it is reported', async () => {
    const { order, gear } = await deliveryOrder(true);
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderAt(`/driver/pickup-confirm/${order.id}`, <PickupConfirmPage />);
    await screen.findByText('已确认 0/2 件');
    gunScan(gear[0]!.barcodeNumber);
    await screen.findByText('已确认 1/2 件');

    await user.click(screen.getByRole('button', { name: '确认取件' }));
    expect(await screen.findByText('还有设备没有说明情况')).toBeTruthy();
    expect(screen.getByText('请选择这件设备的情况')).toBeTruthy();
    const second = screen.getByRole('listbox', { name: `${gear[1]!.name} 的情况` });
    await user.click(within(second).getByText('丢失'));
    // The choice made, its message goes, and so does the form's; what a lost item needs shows.
    expect(await screen.findByText('请说明情况')).toBeTruthy();
    expect(screen.queryByText('请选择这件设备的情况')).toBeNull();
    expect(screen.queryByText('还有设备没有说明情况')).toBeNull();
    await user.click(screen.getByRole('button', { name: '确认取件' }));
    expect(await screen.findByText('还有设备没有说明情况')).toBeTruthy();
    await user.type(screen.getByLabelText(`${gear[1]!.name} 的情况说明`), '客户说落在缆车上');
    await waitFor(() => expect(screen.queryByText('请说明情况')).toBeNull());
    expect(screen.queryByText('还有设备没有说明情况')).toBeNull();
    await user.click(screen.getByRole('button', { name: '确认取件' }));
    const confirm = await openedDialog();
    expect(confirm.textContent).toContain('共 2 件，其中 1 件损坏或丢失');
    await user.click(within(confirm).getByRole('button', { name: '确认取件' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/driver/order-detail/${order.id}`),
    );
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after).toMatchObject({ status: 7, pickedUpAt: expect.any(String) });
    const lost = await api.get<Equipment>(`/app/equipment/${gear[1]!.id}`);
    expect(lost.status).toBe(3);
  });

  it('loads the van by the gun: the order’s code opens its run, each item scanned goes in', async () => {
    const { order, gear } = await deliveryOrder(false, { dispatched: false });
    await signInAs('driver');
    renderAt('/driver/scan', <DriverScanPage />);
    await screen.findByText(
      '选择要出发的配送订单（或扫描订单二维码、其中一件设备），再逐件扫描装车。',
    );
    // A code that names no run is said, not dropped.
    gunScan('NOSUCHRUN01');
    expect(await screen.findByText('没有找到与 NOSUCHRUN01 对应的订单')).toBeTruthy();
    gunScan(order.orderNumber);
    expect(
      await screen.findByText(`已扫描 0/${gear.length} 件，请逐件扫描装车的设备`),
    ).toBeTruthy();
    gunScan(gear[0]!.barcodeNumber);
    expect(
      await screen.findByText(`已扫描 1/${gear.length} 件，请逐件扫描装车的设备`),
    ).toBeTruthy();
  });

  it('will not confirm a delivery without every item, the photo and the signature (English)', async () => {
    await changeLanguage('en-US');
    const { order, gear } = await deliveryOrder(false);
    await signInAs('driver');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt(`/driver/delivery-confirm/${order.id}`, <DeliveryConfirmPage />);
    await screen.findByText('0 of 2 handed over');
    gunScan(gear[0]!.barcodeNumber);
    await screen.findByText('1 of 2 handed over');
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(
      await screen.findByText(
        '1 more to tick · Take the hand-over photo · Have the recipient sign',
      ),
    ).toBeTruthy();
    // Nothing was sent: the order is still on its way.
    expect((await api.get<Order>(`/app/orders/${order.id}`)).status).toBe(3);
    await user.click(screen.getByRole('button', { name: `Tick ${gear[1]!.name} as handed over` }));
    await screen.findByText('2 of 2 handed over');
    // What is done is no longer asked for; the rest still is.
    expect(
      await screen.findByText('Take the hand-over photo · Have the recipient sign'),
    ).toBeTruthy();
    expect(screen.queryByText(/more to tick/)).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature box (not signed yet)' })).toBeTruthy();
  });
});
