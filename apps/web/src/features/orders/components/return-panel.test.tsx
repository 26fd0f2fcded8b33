import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Order } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';
import { ReturnPanel } from './return-panel';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

/** Two poles out with a customer, on an order of the demo employee's store. */
async function orderOut(): Promise<Order> {
  const storeId = useSession.getState().user!.primaryStoreId!;
  const gear = await newGear(storeId, '雪杖', '归还测试雪杖', 'RT');
  // Started a few minutes ago (an order is never backdated further).
  const start = Date.now() - 10 * 60_000;
  const order = await counterOrder({
    storeId,
    customerName: '归还测试',
    customerPhone: '13900005555',
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + 86_400_000).toISOString(),
    items: gear.map((g) => ({ equipmentId: g.id })),
  });
  for (const bill of order.bills) {
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
  }
  await api.post(`/app/orders/${order.id}/handover`, {
    barcodes: gear.map((g) => g.barcodeNumber),
  });
  return api.get<Order>(`/app/orders/${order.id}`);
}

describe('return check-in (real server)', () => {
  it('keeps what was ticked through a reload, and nothing once it is sent', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const order = await orderOut();
    const kept = () =>
      Object.keys(window.localStorage).filter((k) => k.startsWith('draft:return-check:'));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let closed = false;
    const panel = (of: Order) =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <ReturnPanel order={of} visible onClose={() => (closed = true)} />
        </QueryClientProvider>,
      );

    panel(order);
    expect(await screen.findByText('已选 0 / 2 件')).toBeTruthy();
    expect(kept()).toEqual([]);
    await user.click(screen.getAllByText('完好')[0]!);
    expect(await screen.findByText('已选 1 / 2 件')).toBeTruthy();
    expect(kept()).toHaveLength(1);
    cleanup();

    // The page reloaded: the tick is back, and the panel says so.
    panel(order);
    expect(await screen.findByText('已恢复上次未提交的内容')).toBeTruthy();
    expect(screen.getByText('已选 1 / 2 件')).toBeTruthy();
    // Started over after asking: nothing ticked, nothing kept.
    await user.click(screen.getByRole('button', { name: '清空' }));
    const confirm = await openedDialog('清空上次填写的内容，重新开始？');
    await user.click(within(confirm).getByRole('button', { name: '清空' }));
    expect(await screen.findByText('已选 0 / 2 件')).toBeTruthy();
    expect(kept()).toEqual([]);

    for (const fine of screen.getAllByText('完好')) await user.click(fine);
    expect(await screen.findByText('已选 2 / 2 件')).toBeTruthy();
    expect(kept()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '确认验收' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(kept()).toEqual([]);
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after.items.every((i) => i.returnState)).toBe(true);
  });

  it('shows the late fee as its own line and what goes back after it; only a manager may waive it', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    // Two poles (¥10 a day, ¥100 deposit each) that were due back 1 day 23 hours ago.
    const storeId = useSession.getState().user!.primaryStoreId!;
    const gear = await newGear(storeId, '雪杖', '超时测试雪杖', 'LF');
    const end = Date.now() - 47 * 3_600_000;
    // Store staff cannot backdate an order: a super admin records the rental that already began.
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const created = await counterOrder({
      storeId,
      customerName: '超时测试',
      customerPhone: '13900006666',
      rentalStartTime: new Date(end - 2 * 86_400_000).toISOString(),
      rentalEndTime: new Date(end).toISOString(),
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    for (const bill of created.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    await api.post(`/app/orders/${created.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    // The clerk at the counter checks it in.
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const order = await api.get<Order>(`/app/orders/${created.id}`);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const panel = () =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <ReturnPanel order={order} visible onClose={() => undefined} />
        </QueryClientProvider>,
      );

    panel();
    // 2 started days × ¥20 a day, charged when the last item comes in.
    expect(await screen.findByText('超时费（超时 2 天）')).toBeTruthy();
    expect(screen.getByText('¥40.00')).toBeTruthy();
    expect(screen.getByText('最后一件设备验收时计收超时费')).toBeTruthy();
    for (const fine of screen.getAllByText('完好')) await user.click(fine);
    // The deposits (¥200) less the late fee.
    expect(await screen.findByText('验收后退还客户 ¥160.00')).toBeTruthy();
    // A clerk is not offered the waiver (the server refuses one too).
    expect(screen.queryByRole('button', { name: '免除超时费' })).toBeNull();
    cleanup();

    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    panel();
    await user.click(await screen.findByRole('button', { name: '免除超时费' }));
    const dialog = await screen.findByRole('dialog', { name: '免除超时费' });
    await user.click(within(dialog).getByRole('button', { name: '确认免除' }));
    expect(await within(dialog).findByText('请填写免除原因')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '暴雪封路');
    await user.click(within(dialog).getByRole('button', { name: '确认免除' }));
    await waitFor(async () =>
      expect((await api.get<Order>(`/app/orders/${order.id}`)).lateFee?.waiver).toMatchObject({
        reason: '暴雪封路',
      }),
    );
  });
});
