import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { StoreQuickActions } from '@/app/smart-scan/store-quick-actions';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ScannerHost } from '@/features/scanner/components/scanner-host';
import { useScannerStore } from '@/features/scanner/stores/scanner-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newGear } from '@/test/gear';
import { gunScan } from '@/test/gun';
import { counterOrder, customerSignsOnPage } from '@/test/counter-order';
import { stubPhotoDom } from '@/test/photo';
import { EMPTY_DRAFT, saveOrderDraft } from '../utils/order-create-form';
import OrderCreatePage from './order-create-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for, and a canvas for the pad.
stubPhotoDom();

const DAY = 86_400_000;

/** The fixed bottom bar an action-button page puts its actions in. */
function WithActionBar({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <ActionBarContext value={slot}>{children}</ActionBarContext>
      <div ref={setSlot} />
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/orders/create',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <WithActionBar>
              <OrderCreatePage />
            </WithActionBar>
            {/* The store pages' gun listener, and the one scanner dialog. */}
            <StoreQuickActions />
            <ScannerHost />
          </QueryClientProvider>
        ),
      },
      { path: '/store/orders/detail/:id', element: <p>order detail</p> },
    ],
    { initialEntries: ['/store/orders/create'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A counter order made meanwhile at another phone. */
const book = (storeId: string, items: object[], from: number, to: number, extra = {}) =>
  counterOrder({
    storeId,
    customerName: '别的客人',
    customerPhone: '13900005555',
    rentalStartTime: new Date(from).toISOString(),
    rentalEndTime: new Date(to).toISOString(),
    items,
    ...extra,
  });

const statusOf = async (id: string) => (await api.get<Equipment>(`/app/equipment/${id}`)).status;

describe('the counter scan-to-order (real server)', () => {
  it('asks at each scan, keeps the camera open, marks lines the window refuses, and hands scanned gear over once paid', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    // As the app does at start: the agreement the customer signs, the store's rules.
    await useConfigStore.getState().load({ force: true });
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    const storeId = primaryStoreId!;
    const [a, b, c, d] = await newGear(storeId, '雪杖', '扫码下单测试', 'CS', { count: 4 });
    const now = Date.now();
    // b is booked from tomorrow; c is out with a customer (lent at once).
    const tomorrow = await book(storeId, [{ equipmentId: b!.id }], now + DAY, now + 3 * DAY);
    const lent = await book(storeId, [{ equipmentId: c!.id, scanned: true }], now, now + 2 * DAY, {
      orderType: 'Hospitality',
    });
    expect(lent.status).toBe(5);
    // A rental that starts now, for three days.
    saveOrderDraft(userId, {
      ...EMPTY_DRAFT,
      start: new Date(now + 60_000).toISOString(),
      days: 3,
    });

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderPage();
    await screen.findByText('还没有添加设备');

    // The gun: a goes on the order, b and c stay off it with why, in plain words.
    gunScan(a!.barcodeNumber);
    await screen.findByText(`已添加 ${a!.name}（${a!.barcodeNumber}）`);
    expect(
      await screen.findByText('扫码添加的设备下单即交付（有款项时付款后即交付），无需再次扫码'),
    ).toBeTruthy();
    gunScan(b!.barcodeNumber);
    expect(
      await screen.findByText(
        new RegExp(`^${b!.barcodeNumber} 已被订单 ${tomorrow.orderNumber} 预订：.+ 至 .+$`),
      ),
    ).toBeTruthy();
    gunScan(c!.barcodeNumber);
    expect(
      await screen.findByText(
        new RegExp(`^${c!.barcodeNumber} 正随订单 ${lent.orderNumber} 租出中，应于.+ 归还$`),
      ),
    ).toBeTruthy();
    expect(screen.getByText('设备（1）')).toBeTruthy();

    // The camera stays open from item to item, with each answer in its running list.
    await user.click(screen.getByRole('button', { name: /扫码添加/ }));
    const scanner = await screen.findByRole('dialog', { name: '扫描要出租的设备' });
    const type = async (code: string) => {
      await user.click(within(scanner).getByRole('button', { name: /手动输入/ }));
      await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), `${code}{Enter}`);
    };
    await type(d!.barcodeNumber);
    await within(scanner).findByText(`已添加 ${d!.name}（${d!.barcodeNumber}）`);
    await type(b!.barcodeNumber);
    await within(scanner).findByText(new RegExp(`已被订单 ${tomorrow.orderNumber} 预订`));
    expect(within(scanner).getByText('已扫 1 件 · 1 件未通过')).toBeTruthy();
    await user.click(within(scanner).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(useScannerStore.getState().pending).toBeNull());
    expect(screen.getByText('设备（2）')).toBeTruthy();

    // d is booked for next week meanwhile: a longer rental asks again and marks its line.
    const nextWeek = await book(storeId, [{ equipmentId: d!.id }], now + 5 * DAY, now + 6 * DAY);
    const days = screen.getByRole('spinbutton');
    await user.clear(days);
    await user.type(days, '7');
    await user.tab();
    const marked = await screen.findByText(
      new RegExp(`^${d!.barcodeNumber} 已被订单 ${nextWeek.orderNumber} 预订`),
    );
    expect(marked.closest('.order-create-line--conflict')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: '客户姓名' }), '周扫码');
    await user.type(screen.getByRole('textbox', { name: '手机号' }), '13800007788');
    await customerSignsOnPage();
    await user.click(screen.getByRole('button', { name: /^创建订单/ }));
    expect(await screen.findByText('有 1 件设备在此租期不能出租，请移除或更改租期')).toBeTruthy();
    // Removing the line takes its message with it.
    await user.click(screen.getByRole('button', { name: `移除 ${d!.name}` }));
    await waitFor(() =>
      expect(screen.queryByText(new RegExp(`已被订单 ${nextWeek.orderNumber}`))).toBeNull(),
    );
    expect(screen.queryByText('有 1 件设备在此租期不能出租，请移除或更改租期')).toBeNull();

    await user.click(screen.getByRole('button', { name: /^创建订单/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/store\/orders\/detail/));
    const id = router.state.location.pathname.split('/').at(-1)!;
    const created = await api.get<Order>(`/app/orders/${id}`);
    expect(created.status).toBe(1);
    for (const bill of created.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    // Paid: a went out with the payment, without a second scan.
    expect((await api.get<Order>(`/app/orders/${id}`)).status).toBe(5);
    expect(await statusOf(a!.id)).toBe(1);
  });

  it('shows every item a refused order names, each on its line, until it is removed', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    // As the app does at start: the agreement the customer signs, the store's rules.
    await useConfigStore.getState().load({ force: true });
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    const storeId = primaryStoreId!;
    const [a, b, c] = await newGear(storeId, '雪杖', '整单冲突测试', 'CA', { count: 3 });
    const now = Date.now();
    saveOrderDraft(userId, {
      ...EMPTY_DRAFT,
      customerName: '吴整单',
      customerPhone: '13800007799',
      start: new Date(now + 2 * DAY).toISOString(),
      days: 2,
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    // The draft set up here is this customer's order: the clerk carries on with it.
    await user.click(await screen.findByRole('button', { name: '继续上一单（吴整单，0 件）' }));
    for (const item of [a!, b!, c!]) {
      gunScan(item.barcodeNumber);
      await screen.findByText(`已添加 ${item.name}（${item.barcodeNumber}）`);
    }
    // Another phone books a and b for those days before this order is sent.
    const other = await book(
      storeId,
      [{ equipmentId: a!.id }, { equipmentId: b!.id }],
      now + 2 * DAY,
      now + 3 * DAY,
    );
    await customerSignsOnPage();
    await user.click(screen.getByRole('button', { name: /^创建订单/ }));
    expect(await screen.findByText('有 2 件设备在此租期不能出租，请移除或更改租期')).toBeTruthy();
    for (const item of [a!, b!]) {
      const line = await screen.findByText(
        new RegExp(`^${item.barcodeNumber} 已被订单 ${other.orderNumber} 预订`),
      );
      expect(line.closest('.order-create-line--conflict')).toBeTruthy();
    }
    // Removing a takes its message with it; b's stays until it goes too.
    await user.click(screen.getByRole('button', { name: `移除 ${a!.name}` }));
    await waitFor(() =>
      expect(screen.queryByText(new RegExp(`^${a!.barcodeNumber} 已被订单`))).toBeNull(),
    );
    expect(screen.getByText(new RegExp(`^${b!.barcodeNumber} 已被订单`))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `移除 ${b!.name}` }));
    await waitFor(() => expect(screen.queryByText(/已被订单/)).toBeNull());
    expect(screen.getByText('设备（1）')).toBeTruthy();
  });
});
