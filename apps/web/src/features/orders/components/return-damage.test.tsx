import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Order, OperationHistory, PagedResult } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { photoFile, stubPhotoDom } from '@/test/photo';
import { counterOrder } from '@/test/counter-order';
import type * as UploadPhoto from '@/lib/upload-photo';
import { ReturnPanel } from './return-panel';

// A worker's files share loaded modules: this file's mock must meet a fresh load of its code.
vi.hoisted(() => vi.resetModules());
// jsdom draws no pictures: the photo goes up as taken (the server still checks it is an image).
vi.mock('@/lib/upload-photo', async (original) => ({
  ...(await original<typeof UploadPhoto>()),
  compressPhoto: (file: File) => Promise.resolve(file),
}));

// jsdom lacks pointer capture, which antd-mobile's popups ask for, and object URLs.
stubPhotoDom();

describe('damage at the return check-in (real server)', () => {
  it('keeps a photo and a note on a damaged item, on the order and in the item’s history', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const gear = await newGear(storeId, '雪杖', '损坏验收雪杖', 'RD');
    const start = Date.now() - 60_000; // now: an order is never backdated
    const created = await counterOrder({
      storeId,
      customerName: '损坏验收',
      customerPhone: '13900007777',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 86_400_000).toISOString(),
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    for (const bill of created.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    const order = await api.post<Order>(`/app/orders/${created.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    const broken = order.items.find((i) => i.equipmentId === gear[0]!.id)!;
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let closed = false;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReturnPanel order={order} visible onClose={() => (closed = true)} />
      </QueryClientProvider>,
    );

    await screen.findByText('已选 0 / 2 件');
    // No photo or note is asked of an item that came back fine.
    expect(screen.queryByText('拍照或选择照片')).toBeNull();
    const line = screen.getByText(broken.equipmentName).closest<HTMLElement>('.adm-list-item')!;
    await user.click(within(line).getByText('损坏'));
    await user.upload(within(line).getByTestId('door-photo-input'), photoFile('damage.png'));
    expect(await within(line).findByRole('img', { name: '拍照或选择照片' })).toBeTruthy();
    await user.type(
      within(line).getByLabelText(`损坏说明（选填） ${broken.equipmentName}`),
      '杖尖断裂',
    );
    expect(
      within(line).getByLabelText<HTMLTextAreaElement>(`损坏说明（选填） ${broken.equipmentName}`)
        .value,
    ).toBe('杖尖断裂');
    for (const fine of screen.getAllByText('完好').slice(1)) await user.click(fine);
    await user.click(screen.getByRole('button', { name: '确认验收' }));
    const confirm = await openedDialog('确认将所选设备标记为损坏或丢失？赔偿金额将从押金中扣除。');
    await user.click(within(confirm).getByRole('button', { name: '确认验收' }));
    await waitFor(() => expect(closed).toBe(true));

    const after = await api.get<Order>(`/app/orders/${order.id}`);
    const item = after.items.find((i) => i.id === broken.id)!;
    expect(item).toMatchObject({ returnState: 'damaged', returnRemarks: '杖尖断裂' });
    expect(item.returnPhotoId).toEqual(expect.any(String));
    const history = await api.get<PagedResult<OperationHistory>>(
      `/app/equipment/equipment-operation-history/${gear[0]!.id}`,
    );
    expect(history.items[0]).toMatchObject({
      operation: 'orderReturn',
      photoId: item.returnPhotoId,
    });
  });
});
