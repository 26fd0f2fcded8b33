import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import OrderQrPage from '@/features/orders/pages/order-qr-page';
import { useScannerStore } from '@/features/scanner/stores/scanner-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import ScanPage from './scan-page';
import { useSmartScanStore } from './smart-scan-store';
import { counterOrder } from '@/test/counter-order';

// A worker's files share loaded modules: this file's mock must meet a fresh load of the page.
vi.hoisted(() => vi.resetModules());
// What the QR code encodes, where a test can read it.
vi.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, title }: { value: string; title: string }) => (
    <svg role="img" aria-label={title} data-value={value} />
  ),
}));

const DAY = 86_400_000;

function OrderDetail() {
  return <p>order detail {useParams().id}</p>;
}

describe("store smart scan of a customer's order QR code (real server)", () => {
  let order: Order;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
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
      name: '智能扫码测试雪杖',
      barcodeNumber: `SS-${Date.now()}`,
      dailyRentPrice: 20,
      deposit: 100,
    });
    const start = Date.now() + 120 * DAY;
    order = await counterOrder({
      storeId,
      customerName: '扫码取货',
      customerPhone: '13900005555',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: [{ equipmentId: item.id }],
    });
  });

  it('opens the order the QR code shows, at the counter', async () => {
    const router = createMemoryRouter(
      [
        { path: '/customer/order-qr/:orderNumber', element: <OrderQrPage /> },
        { path: '/store/scan', element: <ScanPage /> },
        { path: '/store/orders/detail/:id', element: <OrderDetail /> },
      ].map((route) => ({
        ...route,
        element: (
          <QueryClientProvider client={createQueryClient()}>{route.element}</QueryClientProvider>
        ),
      })),
      { initialEntries: [`/customer/order-qr/${order.orderNumber}`] },
    );
    render(<RouterProvider router={router} />);

    // The customer's screen: staff of the store see it even without the share key, and the
    // address then carries the key.
    const qr = await screen.findByRole('img', { name: `订单号 ${order.orderNumber} 的二维码` });
    const content = qr.getAttribute('data-value')!;
    await waitFor(() => expect(router.state.location.search).toBe(`?k=${order.qrToken}`));

    // The counter's smart scan reads it with the camera.
    await router.navigate('/store/scan');
    fireEvent.click(await screen.findByRole('button', { name: /开始扫码/ }));
    const pending = useScannerStore.getState().pending!;
    expect(pending.options.title).toBe('智能扫码');
    useScannerStore.getState().deliver(pending.id, { text: content, source: 'camera' });
    useScannerStore.getState().close(pending.id);

    expect(await screen.findByText(`order detail ${order.id}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/store/orders/detail/${order.id}`);
  });

  it('takes a scanned item that is out on an order straight to that order’s return', async () => {
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    // Demo: SGWLPRO001 is out on an overdue order of the employee's store.
    const item = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber: 'SGWLPRO001' },
    });
    const router = createMemoryRouter(
      [
        { path: '/store/scan', element: <ScanPage /> },
        { path: '/store/orders/detail/:id', element: <OrderDetail /> },
      ].map((route) => ({
        ...route,
        element: (
          <QueryClientProvider client={createQueryClient()}>{route.element}</QueryClientProvider>
        ),
      })),
      { initialEntries: ['/store/scan'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: /开始扫码/ }));
    const pending = useScannerStore.getState().pending!;
    useScannerStore.getState().deliver(pending.id, { text: 'SGWLPRO001', source: 'camera' });
    useScannerStore.getState().close(pending.id);

    expect(await screen.findByText(`order detail ${item.outOnOrder!.orderId}`)).toBeTruthy();
    expect(router.state.location.search).toBe(`?return=${item.id}`);
  });

  it('names a scanned item in the language shown', async () => {
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    await changeLanguage('en-US');
    try {
      const router = createMemoryRouter([{ path: '/store/scan', element: <ScanPage /> }], {
        initialEntries: ['/store/scan'],
      });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByRole('button', { name: /Start scanning/ }));
      const pending = useScannerStore.getState().pending!;
      useScannerStore.getState().deliver(pending.id, { text: 'SGWLSKI003', source: 'camera' });
      useScannerStore.getState().close(pending.id);
      expect(await screen.findByText('Head Shape V5 skis · SGWLSKI003')).toBeTruthy();
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('lists this session’s scans at the store’s time, in the language shown', async () => {
    // 05:19:36 UTC is 13:19:36 at the store (Asia/Shanghai), whatever zone the phone is set to.
    const at = Date.parse('2026-11-25T05:19:36Z');
    useSmartScanStore.setState({
      recent: [{ id: 1, text: 'sgtwski003', kind: 'equipment', label: '海德双板', at }],
    });
    const router = createMemoryRouter([{ path: '/store/scan', element: <ScanPage /> }], {
      initialEntries: ['/store/scan'],
    });
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('13:19:36')).toBeTruthy();
    unmount();
    await changeLanguage('en-US');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('13:19:36')).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
