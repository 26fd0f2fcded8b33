import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import OrderDetailPage from '@/features/orders/pages/order-detail-page';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { EquipmentDialog } from './equipment-dialog';

function renderDialog(equipmentId: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={client}>
            <EquipmentDialog equipmentId={equipmentId} onClose={() => undefined} />
          </QueryClientProvider>
        ),
      },
      {
        path: '/store/orders/detail/:id',
        element: (
          <QueryClientProvider client={client}>
            <OrderDetailPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('equipment dialog of gear out on an order (real server)', () => {
  // Demo: SGWLPRO001 is out on an overdue order of the employee's store. Nothing here changes it.
  let item: Equipment;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    item = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber: 'SGWLPRO001' },
    });
  });

  it('names the order instead of offering a check-in, and leads into that order’s return with the item ticked', async () => {
    expect(item.outOnOrder).not.toBeNull();
    const order = item.outOnOrder!;
    const router = renderDialog(item.id);

    const notice = await screen.findByRole('region', { name: '订单中的设备' });
    expect(notice.textContent).toContain(`订单 ${order.orderNumber}（${order.customerName}）`);
    // No plain check-in or status change for gear an order holds.
    expect(screen.queryByRole('button', { name: '确认入库' })).toBeNull();
    expect(screen.queryByRole('button', { name: '入库' })).toBeNull();
    expect(screen.queryByRole('button', { name: '标记损坏' })).toBeNull();
    expect(screen.queryByRole('button', { name: '标记丢失' })).toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: '在订单中办理归还' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/store/orders/detail/${order.orderId}`),
    );
    // The order's return check-in opens with this item marked as returned, the others not.
    const panel = await screen.findByRole('dialog', { name: '归还验收' });
    const line = within(panel).getByText('SGWLPRO001').closest('.adm-list-item')!;
    expect(
      within(line as HTMLElement)
        .getByText('完好')
        .closest('.adm-selector-item')!
        .classList.contains('adm-selector-item-active'),
    ).toBe(true);
    const others = within(panel)
      .getAllByText('完好')
      .filter((el) => !line.contains(el));
    for (const other of others) {
      expect(other.closest('.adm-selector-item')!.classList).not.toContain(
        'adm-selector-item-active',
      );
    }
    // Closing the check-in leaves the plain order page (going back does not reopen it).
    fireEvent.click(within(panel).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says another store’s item is out on that store’s order, without naming the order or its customer', async () => {
    // As a SuperAdmin finds it: an item of 太舞小镇店 out on an order there.
    await loginWithPassword({ userNameOrEmailAddress: 'admin', password: '1q2w3E*' });
    const stores = await api.get<{ items: { id: string; name: string }[] }>('/app/admin/stores');
    const taiwu = stores.items.find((s) => s.name === '太舞小镇店')!.id;
    const { items } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: { storeId: taiwu, status: 1, maxResultCount: 1000 },
    });
    const theirs = items.find((e) => e.outOnOrder?.orderId)!;
    const order = theirs.outOnOrder!;
    await loginWithPassword({ userNameOrEmailAddress: 'employee', password: '1q2w3E*' });
    renderDialog(theirs.id);

    // The dialog says first whose item it is, then shows it.
    expect(
      await screen.findByText('该设备属于太舞小镇店，不属于本店；您可以继续查看和操作，但请核实。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    const notice = await screen.findByRole('region', { name: '订单中的设备' });
    expect(notice.textContent).toBe('该设备在太舞小镇店的订单中尚未归还，由该店在订单中办理归还。');
    expect(document.body.textContent).not.toContain(order.orderNumber!);
    expect(document.body.textContent).not.toContain(order.customerName!);
    expect(within(notice).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: '确认入库' })).toBeNull();
  });

  it('offers quick reasons that fit the action: repair reasons for damaged gear', async () => {
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const { items } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: { keyword: 'SGWL', status: 2, maxResultCount: 1 },
    });
    renderDialog(items[0]!.id);
    const chips = await screen.findByLabelText('常用原因');
    await waitFor(() => expect(chips.textContent).toContain('维修完成'));
    expect(chips.textContent).not.toContain('租赁归还');
    expect(chips.textContent).not.toContain('团体订单');
  });
});
