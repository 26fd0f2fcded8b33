import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Equipment, Order, OrderQr } from '@snowgear/contracts';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { clearSession, loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { saveOrderQr, savedOrderQr } from '../utils/saved-order-qr';
import OrderQrPage from './order-qr-page';
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

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/order-qr/:orderNumber',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <GlobalMessages />
            <OrderQrPage />
          </QueryClientProvider>
        ),
      },
      { path: '/customer/order-create', element: <p>booking</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('order QR page (real server)', () => {
  let order: Order;
  let delivery: Order;
  let storePhone: string;

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
    const poles = categories.find((c) => c.name === '雪杖')!;
    const item = await api.post<Equipment>('/app/equipment', {
      storeId,
      categoryId: poles.id,
      name: '二维码页测试雪杖',
      barcodeNumber: `QR-${Date.now()}`,
      dailyRentPrice: 30,
      deposit: 100,
    });
    const start = Date.UTC(new Date().getUTCFullYear() + 1, 1, 3, 1, 0); // 09:00 in Beijing
    order = await counterOrder({
      storeId,
      customerName: '二维码测试顾客',
      customerPhone: '13900004444',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 3 * DAY).toISOString(),
      items: [{ equipmentId: item.id }, { categoryId: poles.id }],
    });
    delivery = await counterOrder({
      storeId,
      customerName: '送货测试顾客',
      customerPhone: '13900004445',
      rentalStartTime: new Date(start + 10 * DAY).toISOString(),
      rentalEndTime: new Date(start + 12 * DAY).toISOString(),
      deliveryMethod: 'Delivery',
      deliveryAddress: '崇礼万龙酒店 2208',
      items: [{ categoryId: poles.id }],
    });
    storePhone = (await api.get<OrderQr>(`/app/orders/qr/${order.orderNumber}`)).storePhone;
    clearSession();
  });

  afterEach(() => vi.restoreAllMocks());

  it('shows a large QR code of the order number, the store, dates in its time zone, gear and status', async () => {
    const router = renderPage(`/customer/order-qr/${order.orderNumber}?k=${order.qrToken}`);
    const qr = await screen.findByRole('img', { name: `订单号 ${order.orderNumber} 的二维码` });
    // The store's smart scan opens 12-digit numbers starting with 20 as orders.
    expect(qr.getAttribute('data-value')).toBe(order.orderNumber);
    expect(screen.getByLabelText(`订单号 ${order.orderNumber}`).textContent).toBe(
      order.orderNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
    );
    expect(screen.getByText('到店时请向店员出示此二维码')).toBeTruthy();
    expect(screen.getByText('调高屏幕亮度，扫码更快')).toBeTruthy();
    expect(screen.getAllByText('万龙雪场店').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('link', { name: `拨打门店电话 ${storePhone}` }).getAttribute('href'),
    ).toBe(`tel:${storePhone.replace(/[^\d+]/g, '')}`);
    // 01:00 UTC is 09:00 at the store, whatever the zone of the phone running the test.
    const year = new Date().getUTCFullYear() + 1;
    const summary = screen.getByRole('region', { name: '订单明细' });
    expect(within(summary).getByText(new RegExp(`^(${year}-)?02-03 09:00`))).toBeTruthy();
    expect(within(summary).getByText(new RegExp(`^(${year}-)?02-06 09:00`))).toBeTruthy();
    expect(within(summary).getByText('共 3 天')).toBeTruthy();
    // What each line costs: the daily price times the days, never a bare count.
    expect(within(summary).getAllByText('雪杖')).toHaveLength(2);
    expect(within(summary).getByText('¥30.00 × 3 天')).toBeTruthy();
    expect(
      within(summary).getByText('下单后 2 小时内未付款，订单自动取消，预留的雪具释放给其他顾客。'),
    ).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    // Nothing personal on a public page.
    expect(document.body.textContent).not.toContain('二维码测试顾客');
    expect(document.body.textContent).not.toContain('13900004444');
    // Kept for the counter, whatever the network does later.
    expect(savedOrderQr(order.orderNumber)?.data.qrToken).toBe(order.qrToken);
    expect(router.state.location.search).toBe(`?k=${order.qrToken}`);
  });

  it('tells a delivery that the driver brings the gear, not to come to the store, and keeps its address private', async () => {
    renderPage(`/customer/order-qr/${delivery.orderNumber}?k=${delivery.qrToken}`);
    expect(
      await screen.findByText('送货上门：送货员会把雪具送到你的地址，不用到店出示此码'),
    ).toBeTruthy();
    expect(screen.queryByText('到店时请向店员出示此二维码')).toBeNull();
    expect(screen.queryByText('调高屏幕亮度，扫码更快')).toBeNull();
    const summary = screen.getByRole('region', { name: '订单明细' });
    expect(within(summary).getByText('送货上门')).toBeTruthy();
    // Whoever holds the link is not told where the customer stays.
    expect(within(summary).getByText('地址只向下单人和门店显示')).toBeTruthy();
    expect(document.body.textContent).not.toContain('崇礼万龙酒店 2208');
    expect(within(summary).getByText('送货员出发之前可以随时取消订单。')).toBeTruthy();
  });

  it('shares the link with its key, or copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(`/customer/order-qr/${order.orderNumber}?k=${order.qrToken}`);
    fireEvent.click(await screen.findByRole('button', { name: /分享链接/ }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/customer/order-qr/${order.orderNumber}?k=${order.qrToken}`,
      ),
    );
    expect(await screen.findByText('链接已复制，可以发给同行的人')).toBeTruthy();
  });

  it('shows the saved code at once, and keeps showing it when the network is gone', async () => {
    const fresh = await api.get<OrderQr>(`/app/orders/qr/${order.orderNumber}`, {
      params: { k: order.qrToken },
    });
    // Saved at 00:30 UTC: 08:30 at the store, whatever the phone's zone.
    saveOrderQr(fresh, new Date('2026-12-24T00:30:00Z'));
    let fail: (error: Error) => void = () => undefined;
    const firstTry = new Promise<never>((_, reject) => (fail = reject));
    const get = vi
      .spyOn(api, 'get')
      .mockImplementationOnce(() => firstTry)
      .mockRejectedValue(new ApiError('网络连接失败', undefined));
    // Opened without the key (from a bookmark): the saved key is used.
    renderPage(`/customer/order-qr/${order.orderNumber}`);
    const qr = screen.getByRole('img', { name: `订单号 ${order.orderNumber} 的二维码` });
    expect(qr.getAttribute('data-value')).toBe(order.orderNumber);
    expect(screen.getByText('先显示 12-24 08:30 保存的订单信息，正在更新…')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      `/app/orders/qr/${order.orderNumber}`,
      expect.objectContaining({ params: { k: order.qrToken } }),
    );
    await act(async () => fail(new ApiError('网络连接失败', undefined)));
    expect(
      await screen.findByText(
        '网络不可用：显示的是 12-24 08:30 保存的订单信息，到店出示即可',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: `订单号 ${order.orderNumber} 的二维码` })).toBeTruthy();
  });

  it('tells whoever has no key that there is no such order, and offers booking', async () => {
    renderPage(`/customer/order-qr/${order.orderNumber}?k=${'A'.repeat(22)}`);
    expect(await screen.findByText('没有找到这个订单')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '去预订' }));
    expect(await screen.findByText('booking')).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry when nothing is saved', async () => {
    let attempts = 0;
    vi.spyOn(api, 'get').mockImplementation(async () => {
      attempts += 1;
      throw new ApiError('网络连接失败', undefined);
    });
    renderPage(`/customer/order-qr/${order.orderNumber}?k=${order.qrToken}`);
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();
    const block = await screen.findByText('加载失败', {}, { timeout: 10_000 });
    vi.restoreAllMocks();
    fireEvent.click(within(block.closest('.state-block')!).getByRole('button', { name: '重试' }));
    expect(
      await screen.findByRole('img', { name: `订单号 ${order.orderNumber} 的二维码` }),
    ).toBeTruthy();
    expect(attempts).toBeGreaterThan(0);
  });
});
