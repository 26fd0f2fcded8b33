import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '@snowgear/contracts';
import { StoreQuickActions } from '@/app/smart-scan/store-quick-actions';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ScannerHost } from '@/features/scanner/components/scanner-host';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { gunScan } from '@/test/gun';
import InventoryBatchPage from './inventory-batch-page';
import { openedDialog } from '@/test/dialog';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

function renderPage() {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/store/inventory/batch',
        element: (
          <QueryClientProvider client={client}>
            <InventoryBatchPage />
            {/* The store pages' gun listener, and the one scanner dialog. */}
            <StoreQuickActions />
            <ScannerHost />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/store/inventory/batch'] },
  );
  render(<RouterProvider router={router} />);
}

/** Poles of the employee's store that nothing holds: this test's own. */
async function newPoles(count: number): Promise<Equipment[]> {
  const storeId = useSession.getState().user!.primaryStoreId!;
  const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
    '/app/equipment/categories',
  );
  const poles = categories.find((c) => c.name === '雪杖')!.id;
  const stamp = Date.now();
  const made: Equipment[] = [];
  for (let n = 0; n < count; n++) {
    made.push(
      await api.post<Equipment>('/app/equipment', {
        storeId,
        categoryId: poles,
        name: `批量页测试雪杖 ${n + 1}`,
        barcodeNumber: `BP-${stamp}-${n + 1}`,
        dailyRentPrice: 10,
        deposit: 100,
      }),
    );
  }
  return made;
}

const statusOf = async (id: string) => (await api.get<Equipment>(`/app/equipment/${id}`)).status;

describe('batch check-out and check-in (real server)', () => {
  beforeEach(async () => {
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it('scans item after item with the gun, then checks them all out and back in with one confirmation each', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const [a, b, c] = await newPoles(3);
    renderPage();
    expect(
      await screen.findByText('还没有扫描设备。点“扫码添加”或直接用扫码枪扫描。'),
    ).toBeTruthy();

    gunScan(a!.barcodeNumber);
    gunScan(b!.barcodeNumber);
    await screen.findByText('已扫描 2 件');
    // An unknown label and one scanned twice are refused, said in words, and not listed.
    gunScan('NOSUCH-404');
    await screen.findByText('没有找到条码为 NOSUCH-404 的设备');
    gunScan(a!.barcodeNumber);
    await screen.findByText(`${a!.barcodeNumber} 已在列表中`);
    expect(screen.getByText('已扫描 2 件')).toBeTruthy();

    // Someone checks b out at another phone meanwhile: the server refuses it alone.
    await api.post(`/app/equipment/stock-out/${b!.id}`, {
      reason: '租赁',
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await user.click(screen.getByRole('button', { name: '出库 2 件' }));
    // The reason is required, next to its field.
    expect(await screen.findByText('请填写操作原因')).toBeTruthy();
    await user.click(screen.getByText('团体订单'));
    await user.click(screen.getByRole('button', { name: '出库 2 件' }));
    const confirm = await openedDialog();
    expect(confirm.textContent).toContain('确认出库这 2 件设备？');
    await user.click(within(confirm).getByRole('button', { name: '出库' }));

    // a went out; b stays listed with the server's reason.
    await screen.findByText('1 件未成功，原因见列表');
    expect(await statusOf(a!.id)).toBe(1);
    expect(screen.getByText('已扫描 1 件')).toBeTruthy();
    expect(screen.getByText(b!.name)).toBeTruthy();
    expect(screen.queryByText(a!.name)).toBeNull();
    await user.click(screen.getByRole('button', { name: `从列表移除 ${b!.name}` }));
    await screen.findByText('已扫描 0 件');

    // Check-in: gear in stock is refused at the scan; what is out comes back.
    await user.click(screen.getByText('入库'));
    gunScan(c!.barcodeNumber);
    await screen.findByText(`${c!.barcodeNumber} 已在库，无需入库`);
    gunScan(a!.barcodeNumber);
    gunScan(b!.barcodeNumber);
    await screen.findByText('已扫描 2 件');
    await user.click(screen.getByText('租赁归还'));
    await user.click(screen.getByRole('button', { name: '入库 2 件' }));
    await user.click(within(await openedDialog()).getByRole('button', { name: '入库' }));
    await screen.findByText('已扫描 0 件');
    await waitFor(async () => expect(await statusOf(a!.id)).toBe(0));
    expect(await statusOf(b!.id)).toBe(0);
  });

  it('speaks English, and sends gear out on an order to that order’s return', async () => {
    await changeLanguage('en-US');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // Demo: SGWLPRO001 is out on an overdue order of the employee's store.
    const onOrder = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber: 'SGWLPRO001' },
    });
    renderPage();
    await user.click(await screen.findByText('Check in'));
    gunScan('SGWLPRO001');
    await screen.findByText(
      `SGWLPRO001 is still out on order ${onOrder.outOnOrder!.orderNumber}: check it in through the order’s return`,
    );
    const link = screen.getByRole('link', { name: 'Check in through the order' });
    expect(link.getAttribute('href')).toBe(
      `/store/orders/detail/${onOrder.outOnOrder!.orderId}?return=${onOrder.id}`,
    );
    expect(screen.getByText('0 scanned')).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
