import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Equipment, OperationHistory, PagedResult } from '@snowgear/contracts';
import { StoreQuickActions } from '@/app/smart-scan/store-quick-actions';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ScannerHost } from '@/features/scanner/components/scanner-host';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type * as UploadPhoto from '@/lib/upload-photo';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { gunScan } from '@/test/gun';
import { photoFile, stubPhotoDom } from '@/test/photo';
import InventoryBatchPage from '../pages/inventory-batch-page';

// A worker's files share loaded modules: this file's mock must meet a fresh load of its code.
vi.hoisted(() => vi.resetModules());
// jsdom draws no pictures: the photo goes up as taken (the server still checks it is an image).
vi.mock('@/lib/upload-photo', async (original) => ({
  ...(await original<typeof UploadPhoto>()),
  compressPhoto: (file: File) => Promise.resolve(file),
}));

// jsdom lacks pointer capture, which antd-mobile's popups ask for, and object URLs.
stubPhotoDom();

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/inventory/batch',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <InventoryBatchPage />
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

const statusOf = async (id: string) => (await api.get<Equipment>(`/app/equipment/${id}`)).status;

describe('damage at a batch check-in (real server)', () => {
  it('marks an item damaged with a photo and a note: it is damaged, and its history keeps both', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const [fine, broken] = await newGear(storeId, '雪杖', '批量损坏雪杖', 'BD');
    await api.post('/app/equipment/batch-stock-out', {
      equipmentIds: [fine!.id, broken!.id],
      reason: '团体订单',
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('已扫描 0 件');
    // Checking out, nothing is marked damaged.
    expect(screen.queryByText('有损坏')).toBeNull();
    await user.click(screen.getByText('入库'));
    gunScan(fine!.barcodeNumber);
    gunScan(broken!.barcodeNumber);
    await screen.findByText('已扫描 2 件');

    const line = screen.getByText(broken!.name).closest<HTMLElement>('.adm-list-item')!;
    await user.click(within(line).getByRole('button', { name: `${broken!.name} 有损坏` }));
    await user.upload(within(line).getByTestId('door-photo-input'), photoFile('damage.png'));
    await user.type(within(line).getByLabelText(`损坏说明（选填） ${broken!.name}`), '雪杖弯折');
    expect(await within(line).findByRole('img', { name: '拍照或选择照片' })).toBeTruthy();
    await user.click(screen.getByText('租赁归还'));
    await user.click(screen.getByRole('button', { name: '入库 2 件' }));
    await user.click(within(await openedDialog()).getByRole('button', { name: '入库' }));
    await screen.findByText('已扫描 0 件');

    await waitFor(async () => expect(await statusOf(fine!.id)).toBe(0));
    expect(await statusOf(broken!.id)).toBe(2);
    const history = await api.get<PagedResult<OperationHistory>>(
      `/app/equipment/equipment-operation-history/${broken!.id}`,
    );
    expect(history.items[0]).toMatchObject({
      operation: 'markDamaged',
      remarks: '雪杖弯折',
      photoId: expect.any(String),
    });
  });
});
