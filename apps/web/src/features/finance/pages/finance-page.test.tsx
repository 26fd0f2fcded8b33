import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { H5Config, Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { downloadFinanceCsv } from '../api/export-finance-csv';
import FinancePage from './finance-page';
import { counterOrder } from '@/test/counter-order';

const DAY = 86_400_000;
const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

function renderPage(path = '/store/finance') {
  const router = createMemoryRouter(
    [
      {
        path: '/store/finance',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <FinancePage />
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

describe('finance page (real server)', () => {
  let order: Order;

  beforeAll(async () => {
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: { id: string }[] }>('/app/equipment', {
      params: { storeId, status: 0, maxResultCount: 50 },
    });
    // A far-off booking on an item of its own, paid in cash today.
    const start = Date.now() + 200 * DAY;
    order = await counterOrder({
      storeId,
      orderType: 'Normal',
      customerName: '财务页测试',
      customerPhone: '13900001111',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: [{ equipmentId: items.at(-1)!.id }],
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`);
  });

  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the store’s numbers for today and opens a paid bill’s order', async () => {
    await signIn('manager');
    const router = renderPage();
    expect(screen.getByRole('heading', { name: '财务对账' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '今天' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('门店：万龙雪场店')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /选择门店/ })).toBeNull();

    const table = await screen.findByRole('table', { name: '按支付方式' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.firstElementChild!.textContent);
    expect(rows).toEqual(['支付方式', '现金', '微信支付', '支付宝', '合计']);
    for (const label of ['收入', '退款支出', '净收入', '在押押金', '待收款', '待退款']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }

    const bill = await screen.findByRole('link', { name: new RegExp(order.orderNumber) });
    expect(bill.getAttribute('aria-label')).toContain(`收款 ¥${order.totalAmount.toFixed(2)}`);
    expect(within(bill).getByText('财务页测试')).toBeTruthy();
    expect(within(bill).getByText(/收据号 R\d{12}/)).toBeTruthy();
    fireEvent.click(bill);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/orders/detail/${order.id}`),
    );
  });

  it('switches to the last 7 days with a day-by-day chart loaded on demand', async () => {
    await signIn('manager');
    const router = renderPage();
    await screen.findByRole('table', { name: '按支付方式' });
    expect(screen.queryByRole('slider')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '近 7 天' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/from=.*&to=/));
    expect(screen.getByRole('button', { name: '近 7 天' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The chart is a lazily loaded chunk; its first import is slow on a busy machine.
    const chart = await screen.findByRole('slider', undefined, { timeout: 15_000 });
    expect(chart.getAttribute('aria-valuemax')).toBe('7');
    expect(chart.getAttribute('aria-valuetext')).toMatch(/^\d{2}\/\d{2}：收入 ¥/);
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(chart.getAttribute('aria-valuenow')).toBe('1');
  });

  it('downloads the CSV through the API client and names the file as the server does', async () => {
    await signIn('manager');
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:finance';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^finance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('支付时间,订单号,收据号,客户');
    expect(text).toMatch(new RegExp(`${order.orderNumber},R\\d{12},财务页测试,收款,现金`));
  });

  it("shows each agent's orders, revenue and commission as the agent's own page counts them", async () => {
    await signIn('agent');
    const agent = useSession.getState().user!;
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: { id: string }[] }>('/app/equipment', {
      params: { storeId, status: 0, maxResultCount: 50 },
    });
    const start = Date.now() + 210 * DAY;
    const referred = await counterOrder({
      storeId,
      orderType: 'Normal',
      customerName: '代理商顾客',
      customerPhone: '13900002222',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      agentId: agent.id,
      items: [{ equipmentId: items.at(-2)!.id }],
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${referred.bills[0]!.id}`);
    await signIn('agent');
    const own = await api.get<{ orders: number; revenue: number; commission: number }>(
      '/app/agent/performance',
      { params: { period: 'day' } },
    );
    expect(own.revenue).toBeGreaterThan(0);

    await signIn('manager');
    renderPage();
    const table = await screen.findByRole('table', { name: '代理商业绩' });
    const row = within(table).getByRole('row', { name: new RegExp(agent.name || agent.userName) });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The store's figures are the agent's own (every order of this agent today is at this store).
    expect(cells).toEqual([
      expect.stringMatching(new RegExp(`^${own.orders}`)),
      `¥${own.revenue.toFixed(2)}`,
      `¥${own.commission.toFixed(2)}`,
    ]);
    expect(screen.getByText(/不含押金/)).toBeTruthy();
  });

  it('lets a super admin pick a store', async () => {
    await signIn('admin');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    useConfigStore.setState({ config, status: 'ready' });
    const router = renderPage('/store/finance?from=2023-01-01&to=2023-01-31');
    fireEvent.click(await screen.findByRole('button', { name: '选择门店，当前：全部门店' }));
    fireEvent.click(await screen.findByText('太舞小镇店'));
    await waitFor(() => expect(router.state.location.search).toContain('store='));
    expect(await screen.findByRole('button', { name: '选择门店，当前：太舞小镇店' })).toBeTruthy();
    expect(await screen.findByText('这段时间没有已付款账单')).toBeTruthy();
  });

  it('passes on the server’s reason when an export is refused, though the file was asked for as bytes', async () => {
    await signIn('manager');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    const taiwu = Object.values(config.storeConfigs).find((s) => s.storeName === '太舞小镇店')!;
    const range = { from: '2023-01-01', to: '2023-01-31' };
    await expect(
      downloadFinanceCsv({ ...range, storeId: taiwu.storeId }, () => {}),
    ).rejects.toThrow('只能查看本门店的账目');
    await expect(
      downloadFinanceCsv({ from: '2023-01-01', to: '2024-06-01' }, () => {}),
    ).rejects.toThrow('日期范围最多 366 天');
  });
});
