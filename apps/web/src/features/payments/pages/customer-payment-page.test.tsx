import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams, useSearchParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import type {
  BookingCatalog,
  Checkout,
  Equipment,
  Order,
  PaymentAttempt,
} from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import {
  clearSession,
  loginWithPassword,
  loginWithPhone,
  useSession,
} from '@/features/auth/stores/session-store';
import MyOrderDetailPage from '@/features/customer-orders/pages/my-order-detail-page';
import OrderQrPage from '@/features/orders/pages/order-qr-page';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { openedDialog } from '@/test/dialog';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { checkoutQuery } from '../api/get-checkout';
import { formatTimeLeft } from '../components/pay-countdown';
import { rememberAttempt } from '../utils/resume';
import CustomerPaymentPage from './customer-payment-page';
import { storeMorning } from '@/test/store-time';
import { counterOrder, currentAgreementVersion } from '@/test/counter-order';

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

  afterEach(() => vi.restoreAllMocks());

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
        await counterOrder({
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
    // Paying cash: at the counter. The order's code is not given to whoever holds the link.
    fireEvent.click(screen.getByText('现金'));
    expect(await screen.findByText(/^现金请在门店柜台支付/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '出示订单二维码' })).toBeNull();
  });

  it('says the order was released once the time is up, and offers to book again', async () => {
    const unpaid = orders[0]!;
    const checkout = await api.get<Checkout>(`/app/payments/checkout/${unpaid.id}`);
    // As if the order had been placed two hours ago.
    vi.spyOn(api, 'get').mockResolvedValue({
      ...checkout,
      payBefore: new Date(Date.now() + 1_500).toISOString(),
    });
    const router = renderPage(unpaid.id);
    expect((await screen.findByRole('timer')).textContent).toMatch(/00:0[12]/);
    expect(screen.getByText('应付')).toBeTruthy();
    expect(await screen.findByText('订单已超时释放', {}, { timeout: 5_000 })).toBeTruthy();
    // Nothing left to pay with.
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('应付')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '重新预订' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/order-create'));
  });

  it('acts on the bill as it is now, not on what an earlier visit kept', async () => {
    const unpaid = orders[0]!;
    const client = createQueryClient();
    const checkout = await api.get<Checkout>(`/app/payments/checkout/${unpaid.id}`);
    // A visit a minute ago kept the order as paid; it owes money now.
    client.setQueryData(
      checkoutQuery(unpaid.id).queryKey,
      { ...checkout, due: [], dueAmount: 0 },
      { updatedAt: Date.now() - 60_000 },
    );
    const router = renderPage(unpaid.id, client);
    expect(
      await screen.findByRole('button', { name: `微信付款 ¥${checkout.dueAmount.toFixed(2)}` }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customer/payment/${unpaid.id}`);
    expect(screen.queryByText(/order qr/)).toBeNull();
  });

  it('shows whoever holds the link what the order is for, without a customer’s details', async () => {
    renderPage(orders[0]!.id);
    const summary = await screen.findByRole('region', { name: '订单明细' });
    expect(within(summary).getByText('雪杖')).toBeTruthy();
    expect(within(summary).getByText('¥20.00 × 1 天')).toBeTruthy();
    expect(within(summary).getByText('押金 ¥100.00')).toBeTruthy();
    expect(within(summary).getByText('到店自取')).toBeTruthy();
    expect(within(summary).getByText(/^请在 .+ 前付款，否则订单自动取消。$/)).toBeTruthy();
    expect(within(summary).getByText('领取雪具之前可以随时取消订单。')).toBeTruthy();
    // The store's name heads it; the customer's name and number are not given out.
    expect(screen.getAllByText('万龙雪场店').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('付款页测试');
    expect(document.body.textContent).not.toContain('13900006666');
  });

  it('tells a visitor from abroad that the ways this order is paid online take their card, in their language', async () => {
    renderPage(orders[0]!.id);
    const note = await screen.findByRole('region', { name: '境外游客付款' });
    expect(note.textContent).toContain('微信支付支持境外银行卡（外卡支付');
    expect(note.textContent).toContain('Visa');
    await changeLanguage('en-US');
    try {
      const english = await screen.findByRole('region', { name: 'Paying from abroad?' });
      // This store takes WeChat Pay online: the note names it, and no way it does not offer.
      expect(english.textContent).toMatch(/abroad\?WeChat Pay takes international cards/);
      expect(english.textContent).not.toContain('Alipay');
      // The ways to pay are the same as for anyone.
      expect(screen.getByRole('button', { name: /^Pay ¥[\d.]+ with WeChat Pay$/ })).toBeTruthy();
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('tells whoever holds the link that a paid order is paid, without its QR code', async () => {
    const paid = orders[1]!;
    const router = renderPage(paid.id);
    expect(await screen.findByText('订单已付清')).toBeTruthy();
    expect(screen.getByText(new RegExp(`^订单 ${paid.orderNumber} 已付清。`))).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customer/payment/${paid.id}`);
    expect(screen.queryByText(/^order qr/)).toBeNull();
    // The customer signs in with the order's phone number to see the code.
    const signIn = screen.getByRole('link', { name: '登录查看订单' });
    expect(signIn.getAttribute('href')).toBe(
      `/customer/login?redirect=${encodeURIComponent(`/customer/payment/${paid.id}`)}`,
    );
  });

  it('lands the store’s staff on a paid order’s QR code page, with the key that opens it', async () => {
    const paid = orders[1]!;
    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    try {
      const router = renderPage(paid.id);
      expect(
        await screen.findByText(`order qr ${paid.orderNumber} key ${paid.qrToken}`),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/customer/order-qr/${paid.orderNumber}`);
    } finally {
      clearSession();
    }
  });

  it('says a cancelled order no longer holds gear', async () => {
    renderPage(orders[2]!.id);
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新预订' })).toBeTruthy();
  });
});

describe('after an extension, the payment page asks for the difference (real server)', () => {
  /** A customer of this test's own (a new phone number makes a new account). */
  const PHONE = '13655550909';
  let order: Order;

  function WithActionBar({ children }: { children: ReactNode }) {
    const [slot, setSlot] = useState<HTMLElement | null>(null);
    return (
      <>
        <ActionBarContext value={slot}>{children}</ActionBarContext>
        <div ref={setSlot} />
      </>
    );
  }

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '续租付款', code: sandboxCode! });
    const config = useConfigStore.getState().config!;
    const storeId = Object.values(config.storeConfigs).find(
      (s) => s.storeName === '万龙雪场店',
    )!.storeId;
    const start = storeMorning(90);
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start, days: 2 },
    });
    const kind = catalog.categories.find((c) => c.kinds.some((k) => k.free > 0))!;
    order = await api.post<Order>('/app/booking/orders', {
      cart: {
        storeId,
        rentalStartTime: start,
        days: 2,
        lines: [
          {
            type: 'item',
            categoryId: kind.id,
            size: kind.kinds.find((k) => k.free > 0)!.size,
            riderKey: null,
          },
        ],
      },
      agreementVersion: await currentAgreementVersion(),
    });
    // Paid online in this tab: the provider sent the browser back here, and the page, seeing
    // nothing due, went straight on to the order without looking at the attempt again.
    const bill = order.bills[0]!;
    const attempt = await api.post<PaymentAttempt>('/app/payments', {
      billId: bill.id,
      method: 'wechat',
      channel: 'h5',
      returnPath: `/customer/payment/${order.id}`,
    });
    const cashier = new URL((attempt.action as { url: string }).url, window.location.origin);
    const paid = await fetch(`${cashier.origin}${cashier.pathname}/pay${cashier.search}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    rememberAttempt(order.id, { billId: bill.id, amount: bill.amount }, attempt.paymentId);
  });

  it('lands the customer on the code, paid, with the order one tap away; then offers to pay the extension, not the earlier payment’s success, and Back returns to the order', async () => {
    const client = createQueryClient();
    const router = createMemoryRouter(
      [
        { path: '/customer/payment/:orderId?', element: <CustomerPaymentPage /> },
        { path: '/customer/order-qr/:orderNumber', element: <OrderQrPage /> },
        {
          path: '/customer/orders/:id',
          element: (
            <WithActionBar>
              <MyOrderDetailPage />
            </WithActionBar>
          ),
        },
      ],
      { initialEntries: [`/customer/payment/${order.id}`] },
    );
    render(
      <QueryClientProvider client={client}>
        <GlobalMessages />
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // Nothing due: on to the code to show at the store, which says it is paid once (the flag
    // leaves the address, so Back from the receipt does not say it again).
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customer/order-qr/${order.orderNumber}`);
    await waitFor(() => expect(router.state.location.search).toBe(`?k=${order.qrToken}`));
    expect(screen.getByText('支付成功')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '查看订单' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/orders/${order.id}`),
    );
    expect(screen.queryByText('支付成功')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: /^续租 1 天 ¥/ }));
    const dialog = await openedDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认续租' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/payment/${order.id}`),
    );
    const extended = await api.get<Order>(`/app/orders/${order.id}`);
    const due = extended.bills.find((b) => b.status === 'pending')!;
    expect(
      await screen.findByRole('button', { name: `微信付款 ¥${due.amount.toFixed(2)}` }),
    ).toBeTruthy();
    expect(screen.queryByText('付款成功')).toBeNull();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/orders/${order.id}`),
    );
  });
});
