import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Equipment, Order } from '@snowgear/contracts';
import { clearSession, loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useScannerStore } from '@/features/scanner/stores/scanner-store';
import { useBookingCart } from '@/features/customer-booking/stores/booking-cart';
import { switchStore, useCurrentStore } from '@/features/stores/stores/current-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import EquipmentInquiryPage from './equipment-inquiry-page';
import { counterOrder } from '@/test/counter-order';

dayjs.extend(utc);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How the page writes a time: the store's clock (Beijing, UTC+8, no summer time). */
const storeClock = (iso: string, format: string) => dayjs(iso).add(8, 'hour').utc().format(format);

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/equipment-inquiry',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <EquipmentInquiryPage />
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

/** The card of one item in the browse list. */
const card = (name: string) => screen.getByText(name).closest('button')!;

describe('equipment inquiry: browse, search and scan with true availability (real server)', () => {
  const tag = `查询页${Date.now().toString(36)}`;
  let free: Equipment;
  let reserved: Equipment;
  let later: Equipment;
  let now: Order;
  let coming: Order;
  let wanlong: string;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    wanlong = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    const poles = categories.find((c) => c.name === '雪杖')!.id;
    const make = (name: string, barcode: string) =>
      api.post<Equipment>('/app/equipment', {
        storeId: wanlong,
        categoryId: poles,
        name: `${tag} ${name}`,
        brand: 'Leki',
        model: 'Spitfire',
        barcodeNumber: `${barcode}-${Date.now()}`,
        dailyRentPrice: 20,
        deposit: 150,
      });
    free = await make('空闲雪杖', 'INQ-FREE');
    // A cheaper pair of the same kind: a line naming one item is charged that item's price.
    await api.post<Equipment>('/app/equipment', {
      storeId: wanlong,
      categoryId: poles,
      name: '便宜雪杖',
      barcodeNumber: `INQ-CHEAP-${Date.now()}`,
      dailyRentPrice: 10,
      deposit: 100,
    });
    reserved = await make('已订雪杖', 'INQ-HELD');
    later = await make('下周雪杖', 'INQ-LATER');
    const book = (item: Equipment, start: number, end: number) =>
      counterOrder({
        storeId: wanlong,
        customerName: '查询页测试',
        customerPhone: '13900007777',
        rentalStartTime: new Date(start).toISOString(),
        rentalEndTime: new Date(end).toISOString(),
        items: [{ equipmentId: item.id }],
      });
    const t0 = Date.now();
    // Booked a few minutes ago for then (an order is never backdated further).
    now = await book(reserved, t0 - HOUR / 6, t0 + 2 * DAY);
    coming = await book(later, t0 + 3 * DAY, t0 + 5 * DAY);
    clearSession();
    await useConfigStore.getState().load({ force: true });
    switchStore(wanlong);
  });

  afterEach(() => vi.restoreAllMocks());

  it('never calls gear reserved for now 可租: it says when it is free again', async () => {
    renderPage(`/customer/equipment-inquiry?q=${tag}`);
    await screen.findByText(`${tag} 已订雪杖`);
    const held = card(`${tag} 已订雪杖`);
    expect(within(held).getByText('已预订')).toBeTruthy();
    expect(within(held).queryByText('可租')).toBeNull();
    const range = `${storeClock(now.rentalStartTime, 'MM/DD')}–${storeClock(now.rentalEndTime, 'MM/DD')}`;
    expect(
      within(held).getByText(
        `${storeClock(now.rentalEndTime, 'MM/DD HH:mm')} 起可租 · 已预订：${range}`,
      ),
    ).toBeTruthy();

    const soon = card(`${tag} 下周雪杖`);
    expect(within(soon).getByText('可租')).toBeTruthy();
    expect(
      within(soon).getByText(
        `现在可租 · 已预订：${storeClock(coming.rentalStartTime, 'MM/DD')}–${storeClock(coming.rentalEndTime, 'MM/DD')}`,
      ),
    ).toBeTruthy();

    const idle = card(`${tag} 空闲雪杖`);
    expect(within(idle).getByText('现在可租')).toBeTruthy();
    expect(within(idle).getByText('¥20.00/天 · 押金 ¥150.00')).toBeTruthy();
    expect(within(idle).getByText('雪杖 · Leki Spitfire')).toBeTruthy();
  });

  it('opens the detail dialog from the list, and closes it', async () => {
    const router = renderPage(`/customer/equipment-inquiry?q=${tag}`);
    fireEvent.click(await screen.findByText(`${tag} 已订雪杖`));
    const dialog = await screen.findByRole('dialog', { name: `${tag} 已订雪杖` });
    expect(within(dialog).getByText(reserved.barcodeNumber)).toBeTruthy();
    expect(within(dialog).getByText('已预订')).toBeTruthy();
    expect(within(dialog).getByText('万龙雪场店')).toBeTruthy();
    expect(within(dialog).getByText('Leki')).toBeTruthy();
    expect(within(dialog).getByText('Spitfire')).toBeTruthy();
    expect(within(dialog).getByText('¥20.00')).toBeTruthy();
    expect(within(dialog).getByText('¥150.00')).toBeTruthy();
    expect(within(dialog).getByText('0 次')).toBeTruthy();
    expect(
      within(dialog).getByText(`${storeClock(now.rentalEndTime, 'MM/DD HH:mm')} 起可租`),
    ).toBeTruthy();
    expect(router.state.location.search).toContain(`sn=${reserved.barcodeNumber}`);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('sn='));
  });

  it("opens a label's link (/cx?sn=) straight in the dialog, and says when nothing has that code", async () => {
    renderPage(`/customer/equipment-inquiry?sn=${free.barcodeNumber}`);
    const dialog = await screen.findByRole('dialog', { name: `${tag} 空闲雪杖` });
    expect(within(dialog).getByText('现在可租')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '预订这件' }));
    // The gear sheet asks who it is for, as every way into the booking does: nobody yet.
    const sheet = (await screen.findByText('给谁用')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(sheet).getByText('请先添加滑雪者')).toBeTruthy();
    const add = within(sheet).getByRole('button', { name: '加入预订' });
    expect(add.hasAttribute('disabled')).toBe(true);
    // Its one size is this item's (one of it), priced as the item is, not as its kind.
    const kinds = within(sheet).getAllByRole('radio');
    expect(kinds).toHaveLength(1);
    expect(kinds[0]!.textContent).toContain('余 1 件');
    expect(kinds[0]!.textContent).toContain('¥20.00');
    expect(kinds[0]!.textContent).toContain('¥150.00');
    fireEvent.click(within(sheet).getByRole('button', { name: '添加滑雪者' }));
    const editor = await screen.findByRole('dialog', { name: '添加滑雪者' });
    const nameField = within(editor).getByText('姓名').closest('.adm-form-item')!;
    fireEvent.change(nameField.querySelector('input')!, { target: { value: '小明' } });
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    fireEvent.click(await within(sheet).findByRole('radio', { name: '小明' }));
    fireEvent.click(add);
    expect(await screen.findByText('booking')).toBeTruthy();
    // The booking holds a line that names this very item, for the rider, in its store.
    const [rider] = useBookingCart.getState().riders;
    expect(rider).toMatchObject({ name: '小明' });
    expect(useBookingCart.getState().lines).toContainEqual(
      expect.objectContaining({ type: 'item', equipmentId: free.id, riderKey: rider!.key }),
    );
    expect(useCurrentStore.getState().currentStoreId).toBe(free.storeId);

    renderPage('/customer/equipment-inquiry?sn=NO-SUCH-CODE');
    expect(await screen.findByText('没有找到这件设备，请核对条码')).toBeTruthy();
  });

  it('scans a label with the scanner dialog and opens what it reads', async () => {
    renderPage('/customer/equipment-inquiry');
    fireEvent.click(await screen.findByRole('button', { name: /扫码查询/ }));
    const pending = useScannerStore.getState().pending!;
    expect(pending.options.title).toBe('扫描设备标签');
    useScannerStore.getState().deliver(pending.id, {
      text: `https://rent.example.com/cx?sn=${encodeURIComponent(later.barcodeNumber)}`,
      source: 'camera',
    });
    useScannerStore.getState().close(pending.id);
    expect(await screen.findByRole('dialog', { name: `${tag} 下周雪杖` })).toBeTruthy();
  });

  it('searches, filters by category and store, and says when nothing matches', async () => {
    const router = renderPage('/customer/equipment-inquiry');
    const search = await screen.findByPlaceholderText('搜索名称、品牌、型号或条码');
    fireEvent.change(search, { target: { value: tag } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText(`${tag} 空闲雪杖`)).toBeTruthy();
    expect(router.state.location.search).toContain(`q=${encodeURIComponent(tag)}`);

    const filters = screen.getByRole('group', { name: '分类' });
    fireEvent.click(within(filters).getByRole('button', { name: '头盔' }));
    expect(await screen.findByText('没有找到符合条件的设备')).toBeTruthy();
    fireEvent.click(within(filters).getByRole('button', { name: '雪杖' }));
    expect(await screen.findByText(`${tag} 空闲雪杖`)).toBeTruthy();

    const stores = screen.getByRole('group', { name: '门店' });
    fireEvent.click(within(stores).getByRole('button', { name: '云顶夜场店' }));
    expect(await screen.findByText('没有找到符合条件的设备')).toBeTruthy();
    fireEvent.click(within(stores).getByRole('button', { name: '万龙雪场店' }));
    expect(await screen.findByText(`${tag} 空闲雪杖`)).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError('网络连接失败', undefined));
    renderPage(`/customer/equipment-inquiry?q=${tag}-x`);
    expect(await screen.findByText('加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
