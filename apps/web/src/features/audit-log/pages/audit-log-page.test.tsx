import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Equipment, H5Config, Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { newGear } from '@/test/gear';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { configInLanguage, useConfigStore } from '@/features/system-config/stores/config-store';
import { downloadAuditCsv } from '../api/export-audit-csv';
import AuditLogPage from './audit-log-page';
import { counterOrder } from '@/test/counter-order';

const DAY = 86_400_000;
const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

function renderPage(path = '/store/admin/audit') {
  const router = createMemoryRouter(
    [
      {
        path: '/store/admin/audit',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <AuditLogPage />
          </QueryClientProvider>
        ),
      },
      { path: '/store/orders/detail/:id', element: <p>order detail</p> },
      { path: '/store/inventory/detail/:id', element: <p>item detail</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('audit log page (real server)', () => {
  let order: Order;

  beforeAll(async () => {
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    // An item of its own: picked from the shared list, another file's booking could take it.
    const [item] = await newGear(storeId, '雪杖', '日志页测试雪杖', 'AUDLOG', { count: 1 });
    // A far-off booking on an item of its own, paid in cash today.
    const start = Date.now() + 230 * DAY;
    order = await counterOrder({
      storeId,
      orderType: 'Normal',
      customerName: '日志页测试',
      customerPhone: '13900004444',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: [{ equipmentId: item!.id }],
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`);
  });

  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a manager their store’s last 7 days, finds an order’s lines and opens the order', async () => {
    await signIn('manager');
    const router = renderPage();
    expect(screen.getByRole('heading', { name: '操作日志' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '近 7 天' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('门店：万龙雪场店')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /选择门店/ })).toBeNull();
    expect(await screen.findByText(/^共 \d+ 条$/)).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: '关键词' });
    fireEvent.change(search, { target: { value: order.orderNumber } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toContain(`q=${order.orderNumber}`));
    const money = await screen.findByRole('link', {
      name: new RegExp(`收退款.*订单 ${order.orderNumber}：确认收到现金`),
    });
    expect(money.getAttribute('aria-label')).toContain('王店长');
    expect(
      screen.getByRole('link', { name: new RegExp(`订单 ${order.orderNumber}：创建订单`) }),
    ).toBeTruthy();

    // Money only: the order's creation goes, the cash stays.
    fireEvent.click(screen.getByRole('button', { name: '收退款' }));
    await waitFor(() => expect(router.state.location.search).toContain('cat=money'));
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: new RegExp(`订单 ${order.orderNumber}：创建订单`) }),
      ).toBeNull(),
    );
    fireEvent.click(await screen.findByRole('link', { name: /确认收到现金/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/orders/detail/${order.id}`),
    );
  });

  it('shows what a price was and what it became, and opens the item', async () => {
    await signIn('manager');
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: { storeId, maxResultCount: 50 },
    });
    const item = items.at(-5)!;
    await api.put(`/app/equipment/${item.id}`, {
      categoryId: item.categoryId,
      name: item.name,
      brand: item.brand,
      model: item.model,
      dailyRentPrice: item.dailyRentPrice + 10,
      deposit: item.deposit,
      remarks: item.remarks,
      attributes: item.attributes.map((a) => ({ attributeId: a.attributeId, value: a.value })),
      imageFileIds: item.imageFiles.map((f) => f.id),
    });
    const router = renderPage(`/store/admin/audit?cat=settings&q=${item.barcodeNumber}`);
    const change = `日租金：¥${item.dailyRentPrice.toFixed(2)} → ¥${(item.dailyRentPrice + 10).toFixed(2)}`;
    const line = await screen.findByRole('link', {
      name: new RegExp(change.replace(/[.]/g, '\\.')),
    });
    expect(within(line).getByText(change)).toBeTruthy();
    fireEvent.click(line);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/inventory/detail/${item.id}`),
    );
  });

  it('says so when nothing matches', async () => {
    await signIn('manager');
    renderPage('/store/admin/audit?q=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E8%AF%8D');
    expect(await screen.findByText('这段时间没有符合条件的记录')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('filters by operator', async () => {
    await signIn('manager');
    const router = renderPage(`/store/admin/audit?q=${order.orderNumber}`);
    const operator = screen.getByRole('searchbox', { name: '操作人' });
    fireEvent.change(operator, { target: { value: '王店长' } });
    fireEvent.submit(operator.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toContain('op='));
    const lines = await screen.findAllByRole('link', { name: new RegExp(order.orderNumber) });
    expect(lines.every((l) => l.getAttribute('aria-label')!.includes('王店长'))).toBe(true);
  });

  it('downloads the CSV of the filters, and passes on the server’s reason when it refuses', async () => {
    await signIn('manager');
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:audit';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(`/store/admin/audit?q=${order.orderNumber}`);
    fireEvent.click(await screen.findByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toBe('时间,类别,门店,操作人,内容,对象');
    expect(text).toContain(`,收退款,万龙雪场店,王店长,订单 ${order.orderNumber}：确认收到现金`);

    const config = await api.get<H5Config>('/app/config-distribution/h5');
    const taiwu = Object.values(config.storeConfigs).find((s) => s.storeName === '太舞小镇店')!;
    await expect(
      downloadAuditCsv({
        categories: [],
        storeId: taiwu.storeId,
        from: '2023-01-01',
        to: '2023-01-31',
        keyword: '',
        operator: '',
      }),
    ).rejects.toThrow('只能查看本门店的操作日志');
  });

  it('lets the super admin pick a store, and reads in English', async () => {
    await changeLanguage('en-US');
    await signIn('admin');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    useConfigStore.setState({ config: configInLanguage(config, 'en-US'), status: 'ready' });
    const router = renderPage(`/store/admin/audit?q=${order.orderNumber}&cat=money`);
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();
    // The store is named in English, as every store name an English reader reads.
    const line = await screen.findByRole('link', {
      name: new RegExp(
        `Money, Wanlong Resort Store, .*: Order ${order.orderNumber}: Cash received`,
      ),
    });
    expect(within(line).getByText('Open the order', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Choose a store, now: All stores' }));
    fireEvent.click(await screen.findByText('Thaiwoo Village Store'));
    await waitFor(() => expect(router.state.location.search).toContain('store='));
    expect(await screen.findByText('Nothing matches in these days')).toBeTruthy();
  });
});
