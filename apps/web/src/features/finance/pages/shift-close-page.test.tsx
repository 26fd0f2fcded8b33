import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, ShiftClose } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { formatYuan } from '../utils/money';
import ShiftClosePage from './shift-close-page';
import { counterOrder } from '@/test/counter-order';

const DAY = 86_400_000;
const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

function renderPage(path = '/store/admin/shift-close') {
  const router = createMemoryRouter(
    [
      {
        path: '/store/admin/shift-close',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <ShiftClosePage />
          </QueryClientProvider>
        ),
      },
      { path: '/store/orders/detail/:id', element: <p>order detail</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('shift close page (real server)', () => {
  let order: Order;

  beforeAll(async () => {
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: { id: string }[] }>('/app/equipment', {
      params: { storeId, status: 0, maxResultCount: 50 },
    });
    // Paid in cash today by the manager, on a far-off booking of its own item.
    const start = Date.now() + 260 * DAY;
    order = await counterOrder({
      storeId,
      orderType: 'Normal',
      customerName: '交班页测试',
      customerPhone: '13900005555',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: [{ equipmentId: items.at(-5)!.id }],
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`);
  });

  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows today’s cash per clerk with every bill and the store’s totals, and prints', async () => {
    await signIn('manager');
    const sheet = await api.get<ShiftClose>('/app/finance/shift-close');
    const router = renderPage();
    expect(screen.getByRole('heading', { name: '交班对账' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '今天' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { name: '万龙雪场店 交班对账单' })).toBeTruthy();
    expect(screen.getByText(`营业日：${sheet.date}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /选择门店/ })).toBeNull();

    // A figure as read: the amount under its term.
    const figure = (region: HTMLElement, term: string) =>
      within(region)
        .getByText(term, { selector: 'dt' })
        .nextElementSibling!.querySelector('strong')!.textContent;
    // Other test files take cash at the same store meanwhile: the page read the sheet between
    // the read before it and the one after, so it shows one of the two (the same when none came).
    const after = await api.get<ShiftClose>('/app/finance/shift-close');
    const either = (read: (s: ShiftClose) => number) => [
      formatYuan(read(sheet)),
      formatYuan(read(after)),
    ];
    const totals = screen.getByRole('region', { name: '门店合计' });
    expect(either((s) => s.totals.cashIn.amount)).toContain(figure(totals, '收入现金'));
    expect(either((s) => s.totals.cashOut.amount)).toContain(figure(totals, '退出现金'));
    expect(either((s) => s.totals.net)).toContain(figure(totals, '应有现金'));

    const card = screen.getByRole('region', { name: /^王店长/ });
    const clerk = (s: ShiftClose) => s.clerks.find((c) => c.name === '王店长')!;
    expect(either((s) => clerk(s).cashIn.amount)).toContain(figure(card, '收入现金'));
    expect(either((s) => clerk(s).net)).toContain(figure(card, '应有现金'));
    const row = within(card)
      .getByRole('link', { name: `查看订单 ${order.orderNumber}` })
      .closest('tr')!;
    expect(within(row).getByText('交班页测试')).toBeTruthy();
    expect(within(row).getByText('收款')).toBeTruthy();
    expect(within(row).getByText(formatYuan(order.totalAmount))).toBeTruthy();
    // The signature lines are on the printed sheet.
    expect(card.querySelector('.shift-sign.print-only')?.textContent).toContain('经手人签字：');

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(within(row).getByRole('link', { name: `查看订单 ${order.orderNumber}` }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/orders/detail/${order.id}`),
    );
  });

  it('says when a day had no cash, and moves to yesterday', async () => {
    await signIn('manager');
    const router = renderPage('/store/admin/shift-close?date=2023-01-05');
    expect(await screen.findByText('这一天没有现金收支')).toBeTruthy();
    expect(screen.getByText('日期：2023-01-05')).toBeTruthy();
    expect(screen.getByRole('button', { name: /其他日期/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: '昨天' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('2023-01-05'));
    expect(screen.getByRole('button', { name: '昨天' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lets the super admin pick the store, in English too', async () => {
    await changeLanguage('en-US');
    await signIn('admin');
    await useConfigStore.getState().load({ force: true });
    const router = renderPage();
    expect(screen.getByRole('heading', { name: 'Shift close' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Wanlong Resort Store shift close' }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Store total' })).toBeTruthy();
    expect(screen.getAllByText('Cash in').length).toBeGreaterThan(0);

    fireEvent.click(
      screen.getByRole('button', { name: 'Choose a store, now: Wanlong Resort Store' }),
    );
    fireEvent.click(await screen.findByText('Thaiwoo Village Store'));
    await waitFor(() => expect(router.state.location.search).toContain('store='));
    expect(
      await screen.findByRole('heading', { name: 'Thaiwoo Village Store shift close' }),
    ).toBeTruthy();
  });
});
