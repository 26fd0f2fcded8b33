import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, FileInfo, Order } from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import {
  loginWithPassword,
  loginWithPhone,
  useSession,
} from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { storage, StorageKey } from '@/lib/storage';
import { saveSelfReturnDraft } from '../utils/self-return-draft';
import SelfReturnPage from './self-return-page';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';
import { photoBlob } from '@/test/photo';

/** A customer of this test's own (a new phone number makes a new account). */
const PHONE = '13655550808';
const DAY = 86_400_000;
const NOTICE = '已恢复上次未提交的内容';

/** The fixed bottom bar an action-button page puts its actions in. */
function WithActionBar({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <ActionBarContext value={slot}>{children}</ActionBarContext>
      <div ref={setSlot} />
    </>
  );
}

function renderAt(orderId: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/self-return/:id',
        element: (
          <WithActionBar>
            <SelfReturnPage />
          </WithActionBar>
        ),
      },
      { path: '/customer/orders/:id', element: <p>order page</p> },
    ],
    { initialEntries: [`/customer/self-return/${orderId}`] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the self-return kept as a draft per order for 24 hours (real server)', () => {
  let order: Order;
  let gear: Equipment[];
  let customer: ReturnType<typeof useSession.getState>;
  let tokens: [string, string];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    // The store hands two pairs of poles to the customer, paid in cash.
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    gear = await newGear(storeId, '雪杖', '自助归还雪杖', 'SR');
    const start = Date.now() + 220 * DAY;
    order = await counterOrder({
      storeId,
      customerName: '归还测试',
      customerPhone: PHONE,
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    for (const bill of order.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    await api.post(`/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    // The customer signs in with the phone the order was made for: it is theirs.
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '归还测试', code: sandboxCode! });
    customer = useSession.getState();
    tokens = [storage.get(StorageKey.accessToken)!, storage.get(StorageKey.refreshToken)!];
    order = await api.get<Order>(`/app/orders/${order.id}`);
  });

  beforeEach(() => {
    // The test setup clears storage after each test: sign the customer back in.
    storage.set(StorageKey.accessToken, tokens[0]);
    storage.set(StorageKey.refreshToken, tokens[1]);
    useSession.setState(customer);
  });

  const uploadPhoto = async () => {
    const form = new FormData();
    form.append('businessType', 'SelfReturnPhoto');
    form.append('isTemporary', 'true');
    form.append('expirationHours', '24');
    form.append('file', photoBlob(), 'gear.png');
    return api.post<FileInfo>('/files/upload', form, {
      headers: { 'Content-Type': 'multipart/form-data' },
    });
  };

  it('brings back what was done after leaving the page, and starts over when asked', async () => {
    const first = renderAt(order.id);
    const [one] = gear;
    fireEvent.click(await screen.findByRole('button', { name: `手动确认 ${one!.name}` }));
    fireEvent.click(screen.getByRole('radio', { name: /上门取件/ }));
    fireEvent.change(screen.getByPlaceholderText('酒店名称和房间号'), {
      target: { value: '万龙酒店 1208' },
    });
    expect(screen.queryByText(NOTICE)).toBeNull();
    first.unmount();

    renderAt(order.id);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.getByText('已手动确认')).toBeTruthy();
    expect(screen.getByPlaceholderText<HTMLInputElement>('酒店名称和房间号').value).toBe(
      '万龙酒店 1208',
    );

    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    const dialog = await openedDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByText('已手动确认')).toBeNull());
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(window.localStorage.getItem(`draft:self-return:${customer.user!.id}:${order.id}`)).toBe(
      null,
    );
  });

  it('says what is missing, and takes each message back as soon as it is done', async () => {
    const photos = [await uploadPhoto(), await uploadPhoto()];
    // Both photographed before, neither confirmed yet.
    saveSelfReturnDraft(customer.user!.id, order.id, {
      items: Object.fromEntries(
        order.items.map((item, i) => [
          item.id,
          {
            check: null,
            barcode: '',
            photo: { id: photos[i]!.id, expiresAt: photos[i]!.expiresAt },
          },
        ]),
      ),
      method: 'SelfReturn',
      address: '',
    });
    renderAt(order.id);
    fireEvent.click(await screen.findByRole('button', { name: '提交归还' }));
    expect(await screen.findByText('还有雪具没有确认或拍照')).toBeTruthy();
    expect(screen.getAllByText('请扫码或手动确认这件雪具')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: `手动确认 ${gear[0]!.name}` }));
    await waitFor(() => expect(screen.getAllByText('请扫码或手动确认这件雪具')).toHaveLength(1));
    // The form's message goes with the change; the item still missing says so beside it.
    expect(screen.queryByText('还有雪具没有确认或拍照')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交归还' }));
    expect(await screen.findByText('还有雪具没有确认或拍照')).toBeTruthy();

    // Every item confirmed and photographed: nothing is wrong any more, and nothing says so.
    fireEvent.click(screen.getByRole('button', { name: `手动确认 ${gear[1]!.name}` }));
    expect(await screen.findByText('已完成 2 / 2 件')).toBeTruthy();
    expect(screen.queryByText('请扫码或手动确认这件雪具')).toBeNull();
    expect(screen.queryByText('还有雪具没有确认或拍照')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // A pickup without an address is refused until one is typed.
    fireEvent.click(screen.getByRole('radio', { name: /上门取件/ }));
    fireEvent.click(screen.getByRole('button', { name: '提交归还' }));
    expect(await screen.findByText('请填写取件地址')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('酒店名称和房间号'), {
      target: { value: '万龙酒店 1208' },
    });
    await waitFor(() => expect(screen.queryByText('请填写取件地址')).toBeNull());
    expect(screen.queryByText('还有雪具没有确认或拍照')).toBeNull();
  });

  it('shows a photo kept from before by its upload, and is cleared once handed in', async () => {
    const photos = [await uploadPhoto(), await uploadPhoto()];
    saveSelfReturnDraft(customer.user!.id, order.id, {
      items: Object.fromEntries(
        order.items.map((item, i) => [
          item.id,
          {
            check: 'ticked',
            barcode: '',
            photo: { id: photos[i]!.id, expiresAt: photos[i]!.expiresAt },
          },
        ]),
      ),
      method: 'SelfReturn',
      address: '',
    });
    renderAt(order.id);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.getByText('已完成 2 / 2 件')).toBeTruthy();
    expect(screen.getByRole('button', { name: `查看 ${gear[0]!.name} 的照片` })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交归还' }));
    const dialog = await openedDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交归还' }));
    expect(await screen.findByText('order page')).toBeTruthy();
    expect(window.localStorage.getItem(`draft:self-return:${customer.user!.id}:${order.id}`)).toBe(
      null,
    );
    expect(await api.get<Order>(`/app/orders/${order.id}`)).toMatchObject({ status: 7 });
  });
});
