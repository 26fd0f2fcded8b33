import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OrderStatus,
  type BookingCatalog,
  type Order,
  type PaymentAttempt,
} from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
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
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { photoBlob } from '@/test/photo';
import { uploadCompressed } from '@/lib/upload-file';
import CustomerDashboardPage from './customer-dashboard-page';
import MyOrderDetailPage from './my-order-detail-page';
import MyOrdersPage from './my-orders-page';
import { storeMorning } from '@/test/store-time';
import { counterOrder, currentAgreementVersion } from '@/test/counter-order';

/** A customer of this test's own (a new phone number makes a new account). */
const PHONE = '13655550505';
const DAY = 86_400_000;

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

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/customer/dashboard', element: <CustomerDashboardPage /> },
      { path: '/customer/orders', element: <MyOrdersPage /> },
      {
        path: '/customer/orders/:id',
        element: (
          <WithActionBar>
            <MyOrderDetailPage />
          </WithActionBar>
        ),
      },
      { path: '/customer/payment/:orderId', element: <p>payment page</p> },
      { path: '/customer/order-qr/:orderNumber', element: <p>qr page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GlobalMessages />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("the customer's orders: dashboard, list and detail (real server)", () => {
  let order: Order;
  let session: ReturnType<typeof useSession.getState>;
  let tokens: [string | null, string | null];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const storeId = Object.keys(useConfigStore.getState().config!.storeConfigs)[0]!;
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '订单测试', code: sandboxCode! });
    session = useSession.getState();
    tokens = [storage.get(StorageKey.accessToken), storage.get(StorageKey.refreshToken)];
    const start = storeMorning(30);
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start, days: 2 },
    });
    const kind = catalog.categories.find((c) => c.kinds.length > 0 && c.kinds[0]!.free > 0)!;
    order = await api.post<Order>('/app/booking/orders', {
      cart: {
        storeId,
        rentalStartTime: start,
        days: 2,
        lines: [{ type: 'item', categoryId: kind.id, size: kind.kinds[0]!.size, riderKey: null }],
      },
      agreementVersion: await currentAgreementVersion(),
    });
  });

  beforeEach(() => {
    // The test setup clears storage after each test: sign the customer back in.
    storage.set(StorageKey.accessToken, tokens[0]!);
    storage.set(StorageKey.refreshToken, tokens[1]!);
    useSession.setState(session);
  });

  it('shows the booking on the dashboard with what is due and the way to pay', async () => {
    renderAt('/customer/dashboard');
    expect(await screen.findByText('订单测试，你好')).toBeTruthy();
    const card = await screen.findByRole('region', { name: '当前租赁' });
    expect(within(card).getByText(new RegExp(order.orderNumber))).toBeTruthy();
    expect(within(card).getByText('待支付')).toBeTruthy();
    expect(await within(card).findByText(/后开始$/)).toBeTruthy();
    const pay = await within(card).findByRole('button', {
      name: `去支付 ¥${order.totalAmount.toFixed(2)}`,
    });
    // Money due first; a booking not yet paid is cancelled on the order page, not here.
    expect(within(card).queryByRole('button', { name: '取消订单' })).toBeNull();
    fireEvent.click(pay);
    expect(await screen.findByText('payment page')).toBeTruthy();
  });

  it('lists it under its status, not under another', async () => {
    renderAt('/customer/orders?filter=toPay');
    expect(await screen.findByRole('link', { name: order.orderNumber })).toBeTruthy();
    fireEvent.click(screen.getByText('已完成'));
    expect(await screen.findByText('这个状态下没有订单')).toBeTruthy();
  });

  it('cancels the unpaid booking after asking, and offers nothing more', async () => {
    renderAt(`/customer/orders/${order.id}`);
    expect(await screen.findByText(order.orderNumber)).toBeTruthy();
    // An unpaid booking cannot be extended: no button promises it.
    expect(screen.queryByRole('button', { name: /^续租/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    // Tapped once it has opened, as a person can: else it may never close (test/dialog.ts).
    const dialog = await openedDialog('订单还没有付款，取消后预留的雪具会释放。');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^去支付/ })).toBeNull();
    expect((await api.get<Order>(`/app/orders/${order.id}`)).status).toBe(10);
  });

  /** Books gear for the customer from `days` ahead (delivered when given an address), and pays. */
  async function bookAndPay(days: number, deliveryAddress?: string) {
    const config = useConfigStore.getState().config!;
    const storeId = Object.values(config.storeConfigs).find(
      (s) => s.storeName === '万龙雪场店',
    )!.storeId;
    const start = storeMorning(days);
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start, days: 2 },
    });
    const kind = catalog.categories.find((c) => c.kinds.some((k) => k.free > 0))!;
    const booked = await api.post<Order>('/app/booking/orders', {
      cart: {
        storeId,
        rentalStartTime: start,
        days: 2,
        ...(deliveryAddress ? { deliveryMethod: 'Delivery', deliveryAddress } : {}),
        lines: [
          {
            type: 'item',
            categoryId: kind.id,
            size: kind.kinds.find((k) => k.free > 0)!.size,
            riderKey: null,
          },
        ],
      },
      agreementVersion: await currentAgreementVersion(),
    });
    // Paid online: the sandbox cashier's 'pay', as the customer's phone presses it.
    const attempt = await api.post<PaymentAttempt>('/app/payments', {
      billId: booked.bills[0]!.id,
      method: 'wechat',
      channel: 'h5',
      returnPath: `/customer/payment/${booked.id}`,
    });
    const cashier = new URL((attempt.action as { url: string }).url, window.location.origin);
    await fetch(`${cashier.origin}${cashier.pathname}/pay${cashier.search}`, {
      method: 'POST',
      redirect: 'manual',
    });
    return api.get<Order>(`/app/orders/${booked.id}`);
  }

  it('takes the paid banner away once the order is cancelled', async () => {
    const paid = await bookAndPay(40);
    expect(paid.status).toBe(11);
    renderAt(`/customer/orders/${paid.id}?paid=1`);
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByText('到店时出示取件码即可取雪具；订单状态和提醒都在这里。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '出示取件码' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    const dialog = await openedDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.getAllByText('已取消').length).toBeGreaterThan(0));
    expect(screen.queryByText('支付成功')).toBeNull();
    expect(screen.queryByRole('button', { name: '出示取件码' })).toBeNull();
  });

  it('tells a delivery that the driver brings the gear, with no pickup code to show', async () => {
    const address = '崇礼万龙酒店 1208';
    const delivery = await bookAndPay(50, address);
    expect(delivery.status).toBe(2);
    renderAt(`/customer/orders/${delivery.id}?paid=1`);
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(
      screen.getByText('送货员会把雪具送到你填写的地址，不用到店；订单状态和提醒都在这里。'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('出示取件码');
    const summary = screen.getByRole('region', { name: '订单明细' });
    expect(within(summary).getByText(`送货地址：${address}`)).toBeTruthy();
    expect(summary.textContent).not.toContain('取件地址');
    expect(within(summary).getByText('送货员出发之前可以随时取消订单。')).toBeTruthy();

    // On the dashboard too: what comes next, and no code to show at the store.
    cleanup();
    renderAt('/customer/dashboard');
    const card = await screen.findByRole('region', { name: '当前租赁' });
    expect(within(card).getByText(new RegExp(delivery.orderNumber))).toBeTruthy();
    expect(
      await within(card).findByText(
        '送货员会把雪具送到你填写的地址，不用到店；订单状态和提醒都在这里。',
      ),
    ).toBeTruthy();
    expect(within(card).queryByRole('link', { name: '出示取件码' })).toBeNull();
    expect(within(card).queryByText('到店取雪具时出示此码，点开可放大')).toBeNull();
  });

  /**
   * As the store would, signed in as its clerk: a pole of the test's own on the customer's order,
   * paid in cash and handed over.
   */
  async function handedOver(name: string, prefix: string) {
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const [pole] = await newGear(storeId, '雪杖', name, prefix, { count: 1 });
    const created = await counterOrder({
      storeId,
      customerName: '订单测试',
      customerPhone: PHONE,
      rentalStartTime: new Date(Date.now() - 60_000).toISOString(),
      rentalEndTime: new Date(Date.now() + DAY).toISOString(),
      items: [{ equipmentId: pole!.id }],
    });
    for (const bill of created.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    await api.post(`/app/orders/${created.id}/handover`, { barcodes: [pole!.barcodeNumber] });
    return { created, pole: pole! };
  }

  it('shows gear returned damaged with the store’s note and photo, in both languages', async () => {
    // The store hands the customer's order over and checks one item back damaged, with a photo.
    const { created } = await handedOver('顾客损坏雪杖', 'CDM');
    const photo = await uploadCompressed(photoBlob(), 'damage.png', 'DamagePhoto');
    await api.post(`/app/orders/${created.id}/return`, {
      items: [
        {
          orderItemId: created.items[0]!.id,
          state: 'damaged',
          damageFee: 20,
          remarks: '杖尖断裂',
          photoFileId: photo.id,
        },
      ],
    });
    storage.set(StorageKey.accessToken, tokens[0]!);
    storage.set(StorageKey.refreshToken, tokens[1]!);
    useSession.setState(session);

    renderAt(`/customer/orders/${created.id}`);
    expect(await screen.findByText('损坏说明：杖尖断裂')).toBeTruthy();
    expect(screen.getByText('已归还（损坏）')).toBeTruthy();
    // The photo is the customer's to see: its link is given to them.
    const button = await screen.findByRole('button', { name: /^查看 顾客损坏雪杖.* 的损坏照片$/ });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    cleanup();
    await changeLanguage('en-US');
    renderAt(`/customer/orders/${created.id}`);
    expect(await screen.findByText('Damage noted: 杖尖断裂')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: /^View the damage photo of 顾客损坏雪杖/ }),
    ).toBeTruthy();
    await changeLanguage('zh-CN');
  });

  it('heads a completed order with what was kept and the deposit returned, not the total', async () => {
    const { created } = await handedOver('完成订单雪杖', 'CMP');
    const returned = await api.post<Order>(`/app/orders/${created.id}/return`, {
      items: [{ orderItemId: created.items[0]!.id, state: 'returned' }],
    });
    const refund = returned.bills.find((b) => b.kind === 'refund' && b.status === 'pending')!;
    await api.post(`/app/orders/confirm-cash-refunded?billId=${refund.id}`);
    const done = await api.get<Order>(`/app/orders/${created.id}`);
    expect(done.status).toBe(OrderStatus.Completed);
    storage.set(StorageKey.accessToken, tokens[0]!);
    storage.set(StorageKey.refreshToken, tokens[1]!);
    useSession.setState(session);

    renderAt(`/customer/orders/${created.id}`);
    const head = (await screen.findByText('实付')).closest<HTMLElement>('.my-order__total')!;
    expect(head.textContent).toContain(`¥${done.paidAmount.toFixed(2)}`);
    expect(head.textContent).toContain(`押金已退 ¥${refund.amount.toFixed(2)}`);
    expect(head.textContent).not.toContain('订单金额');
  });

  it('says where an online payment that came after the bill was paid in cash went, in both languages', async () => {
    // The customer opens the payment at the counter while the clerk takes cash; the online
    // payment lands on a bill already paid and goes straight back.
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const gear = await newGear(storeId, '雪杖', '两次付款雪杖', 'CPT', { count: 1 });
    const created = await counterOrder({
      storeId,
      customerName: '订单测试',
      customerPhone: PHONE,
      rentalStartTime: storeMorning(60),
      rentalEndTime: storeMorning(62),
      items: [{ equipmentId: gear[0]!.id }],
    });
    const bill = created.bills[0]!;
    const attempt = await api.post<PaymentAttempt>('/app/payments', {
      billId: bill.id,
      method: 'wechat',
      channel: 'h5',
      returnPath: `/customer/payment/${created.id}`,
    });
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    const cashier = new URL((attempt.action as { url: string }).url, window.location.origin);
    await fetch(`${cashier.origin}${cashier.pathname}/pay${cashier.search}`, {
      method: 'POST',
      redirect: 'manual',
    });
    storage.set(StorageKey.accessToken, tokens[0]!);
    storage.set(StorageKey.refreshToken, tokens[1]!);
    useSession.setState(session);

    renderAt(`/customer/orders/${created.id}`);
    const amount = `¥${bill.amount.toFixed(2)}`;
    const notice = await screen.findByText(
      new RegExp(`的微信付款 ${amount.replace('.', '\\.')} 到账时账单已结清，已原路退回$`),
    );
    expect(notice.closest('[role="status"]')).toBeTruthy();
    cleanup();
    await changeLanguage('en-US');
    renderAt(`/customer/orders/${created.id}`);
    expect(
      await screen.findByText(
        new RegExp(`^Your WeChat Pay payment of ${amount.replace('.', '\\.')} at .* went back$`),
      ),
    ).toBeTruthy();
    await changeLanguage('zh-CN');
  });

  it("shows an overdue order's late fee in plain words, growing with every day, in both languages", async () => {
    // The store hands the customer's counter order over; its two days ended 26 hours ago.
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const gear = await newGear(storeId, '雪杖', '顾客超时雪杖', 'CLF', { count: 1 });
    const end = Date.now() - 26 * 3_600_000;
    // Store staff cannot backdate an order: a super admin records the rental that already began.
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const created = await counterOrder({
      storeId,
      customerName: '订单测试',
      customerPhone: PHONE,
      rentalStartTime: new Date(end - 2 * DAY).toISOString(),
      rentalEndTime: new Date(end).toISOString(),
      items: [{ equipmentId: gear[0]!.id }],
    });
    for (const bill of created.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    await api.post(`/app/orders/${created.id}/handover`, { barcodes: [gear[0]!.barcodeNumber] });
    storage.set(StorageKey.accessToken, tokens[0]!);
    storage.set(StorageKey.refreshToken, tokens[1]!);
    useSession.setState(session);

    renderAt(`/customer/orders/${created.id}`);
    const notice = await screen.findByRole('region', { name: '超时归还' });
    expect(notice.textContent).toContain('（已超时 1 天 2 小时）');
    expect(notice.textContent).toContain(
      '按租赁协议超时按日租金计收：目前 2 天 × ¥10.00 = ¥20.00，每多一天加 ¥10.00，从押金中扣除。',
    );
    cleanup();
    await changeLanguage('en-US');
    renderAt(`/customer/orders/${created.id}`);
    const english = await screen.findByRole('region', { name: 'Late return' });
    expect(english.textContent).toContain('(1 d 2 h late)');
    expect(english.textContent).toContain(
      'so far 2 days × ¥10.00 = ¥20.00, ¥10.00 more each further day, taken from your deposit.',
    );
    await changeLanguage('zh-CN');
  });
});
