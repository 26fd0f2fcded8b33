import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { clearSession, loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import ReceiptPage from './receipt-page';
import { counterOrder } from '@/test/counter-order';
import { newGear, pricedKind } from '@/test/gear';

const DAY = 86_400_000;
const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/receipt/:orderNumber',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <GlobalMessages />
            <ReceiptPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('receipt page (real server)', () => {
  /** Paid in cash at the counter. */
  let paid: Order;
  /** Not paid yet: nothing to show. */
  let unpaid: Order;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    const poles = categories.find((c) => c.name === '雪杖')!;
    const item = await api.post<Equipment>('/app/equipment', {
      storeId,
      categoryId: poles.id,
      name: '收据测试雪杖',
      barcodeNumber: `RC-${Date.now()}`,
      dailyRentPrice: 30,
      deposit: 100,
    });
    const start = Date.UTC(new Date().getUTCFullYear() + 1, 1, 3, 1, 0); // 09:00 in Beijing
    const book = (days: number) =>
      counterOrder({
        storeId,
        customerName: '收据测试顾客',
        customerPhone: '13900006666',
        rentalStartTime: new Date(start + days * DAY).toISOString(),
        rentalEndTime: new Date(start + (days + 3) * DAY).toISOString(),
        items: [{ equipmentId: item.id }],
      });
    paid = await book(0);
    unpaid = await book(10);
    await api.post(`/app/orders/confirm-cash-received?billId=${paid.bills[0]!.id}`);
    paid = await api.get<Order>(`/app/orders/${paid.id}`);
    clearSession();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    clearSession();
    await changeLanguage('zh-CN');
  });

  it('shows the store, the order, its gear, the money and each bill with its receipt number, staff by role for a link holder', async () => {
    renderPage(`/customer/receipt/${paid.orderNumber}?k=${paid.qrToken}`);
    const receipt = await screen.findByRole('article', { name: '万龙雪场店' });
    const bill = paid.bills[0]!;
    expect(bill.receiptNo).toMatch(/^R\d{12}$/);
    expect(within(receipt).getByText('收据')).toBeTruthy();
    expect(within(receipt).getByText(paid.orderNumber)).toBeTruthy();
    // 01:00 UTC is 09:00 at the store, whatever the zone of the phone running the test.
    const year = new Date().getUTCFullYear() + 1;
    expect(
      within(receipt).getByText(`${year}-02-03 09:00 至 ${year}-02-06 09:00（3 天）`),
    ).toBeTruthy();
    expect(within(receipt).getByText('收据测试雪杖')).toBeTruthy();
    expect(within(receipt).getByText(/¥30\.00 × 3 天/)).toBeTruthy();
    const bills = within(receipt).getByRole('region', { name: '收退款记录' });
    expect(within(bills).getByText(`收款 · 现金`)).toBeTruthy();
    // A link holder reads who took the money by role, never by name.
    expect(
      within(bills).getByText(new RegExp(`收据号 ${bill.receiptNo} · .* · 经手：门店店员`)),
    ).toBeTruthy();
    expect(within(bills).getByText(`¥${paid.totalAmount.toFixed(2)}`)).toBeTruthy();
    expect(document.body.textContent).not.toContain('收据测试顾客');
    expect(document.body.textContent).not.toContain(bill.confirmedByName);
    const totals = within(receipt).getByText('押金（已收）', { selector: 'dt' }).parentElement!;
    expect(within(totals).getByText('¥100.00')).toBeTruthy();

    // Read in English, the role is asked for again in English.
    await act(() => changeLanguage('en-US'));
    expect(await screen.findAllByText(/Confirmed by Store staff/)).toHaveLength(1);
  });

  it('names the customer and who confirmed for the store’s staff, in English too', async () => {
    await signIn('manager');
    await changeLanguage('en-US');
    renderPage(`/customer/receipt/${paid.orderNumber}`);
    const receipt = await screen.findByRole('article', { name: 'Wanlong Resort Store' });
    expect(within(receipt).getByText('收据测试顾客')).toBeTruthy();
    expect(
      within(receipt).getByText(new RegExp(`Confirmed by ${paid.bills[0]!.confirmedByName}`)),
    ).toBeTruthy();
    expect(within(receipt).getByText('Payment · Cash')).toBeTruthy();
    expect(within(receipt).getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('prints, and shares the link with its key', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderPage(`/customer/receipt/${paid.orderNumber}?k=${paid.qrToken}`);
    fireEvent.click(await screen.findByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: `订单 ${paid.orderNumber} 的收据`,
        url: `${window.location.origin}/customer/receipt/${paid.orderNumber}?k=${paid.qrToken}`,
      }),
    );
    Reflect.deleteProperty(navigator, 'share');
  });

  it('says there is no receipt while nothing is paid', async () => {
    renderPage(`/customer/receipt/${unpaid.orderNumber}?k=${unpaid.qrToken}`);
    expect(await screen.findByText('没有找到这张收据')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打印' })).toBeNull();
  });

  it('shows nothing to someone without the key', async () => {
    renderPage(`/customer/receipt/${paid.orderNumber}`);
    expect(await screen.findByText('没有找到这张收据')).toBeTruthy();
    expect(document.body.textContent).not.toContain(paid.bills[0]!.receiptNo);
  });

  it('says how a rate card priced the rent, and keeps saying it once the card is gone', async () => {
    // A kind of gear of this test's own, priced on a card of the business: the web tests share
    // one server, and no other test's order meets it.
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const name = `收据测试护膝${Date.now() % 1_000_000}`;
    const { cardId } = await pricedKind(name, { lengths: [40, 70, 90], furtherDay: 15 });
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const [item] = await newGear(storeId, name, name, 'RK', {
      count: 1,
      dailyRentPrice: 40,
      deposit: 50,
    });
    const start = Date.UTC(new Date().getUTCFullYear() + 1, 0, 9, 1, 0);
    let order = await counterOrder({
      storeId,
      customerName: '收据测试顾客',
      customerPhone: '13900006666',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 3 * DAY).toISOString(),
      items: [{ equipmentId: item!.id }],
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`);
    order = await api.get<Order>(`/app/orders/${order.id}`);
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
    await api.delete(`/app/rate-cards/${cardId}`);
    clearSession();

    renderPage(`/customer/receipt/${order.orderNumber}?k=${order.qrToken}`);
    const receipt = await screen.findByRole('article', { name: '万龙雪场店' });
    const rent = within(receipt).getByText('租金').closest('li')!;
    // The item at the counter is named with its label, as its order line is.
    expect(within(rent).getByText(`${item!.name} ${item!.barcodeNumber} · 3 天 ¥90`)).toBeTruthy();
    expect(within(rent).getByText('¥90.00')).toBeTruthy();
  });
});
