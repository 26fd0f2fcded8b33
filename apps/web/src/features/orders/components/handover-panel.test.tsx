import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Order } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ScannerHost } from '@/features/scanner/components/scanner-host';
import { useScannerStore } from '@/features/scanner/stores/scanner-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newGear } from '@/test/gear';
import { counterOrder } from '@/test/counter-order';
import { HandoverPanel, matchLine } from './handover-panel';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

const line = (id: string, equipmentId: string | null, categoryId: string) =>
  ({ id, equipmentId, categoryId }) as never;

describe('handover matching', () => {
  const order = {
    items: [line('l1', 'ski-1', 'skis'), line('l2', null, 'helmets'), line('l3', null, 'helmets')],
  };

  it('puts an item on its own line, else on a free line of its category', () => {
    const scanned = new Map();
    expect(matchLine(order, scanned, { id: 'ski-1', categoryId: 'skis' })).toBe('l1');
    expect(matchLine(order, scanned, { id: 'helmet-9', categoryId: 'helmets' })).toBe('l2');
    scanned.set('l2', { id: 'helmet-9', categoryId: 'helmets', barcodeNumber: 'H9' });
    expect(matchLine(order, scanned, { id: 'helmet-7', categoryId: 'helmets' })).toBe('l3');
    scanned.set('l3', { id: 'helmet-7', categoryId: 'helmets', barcodeNumber: 'H7' });
    expect(matchLine(order, scanned, { id: 'helmet-5', categoryId: 'helmets' })).toBeNull();
  });

  it('has no line for gear of another kind or another specific item', () => {
    expect(matchLine(order, new Map(), { id: 'ski-2', categoryId: 'skis' })).toBeNull();
    expect(matchLine(order, new Map(), { id: 'goggles-1', categoryId: 'goggles' })).toBeNull();
  });
});

describe('handover in batch mode (real server)', () => {
  it('keeps the scanner open from item to item, ticking lines, then hands over with one confirmation', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const gear = await newGear(storeId, '雪杖', '交付测试雪杖', 'HO');
    const start = Date.now() + 200 * 86_400_000;
    let order = await counterOrder({
      storeId,
      customerName: '交付测试',
      customerPhone: '13900004444',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + 86_400_000).toISOString(),
      items: gear.map((g) => ({ equipmentId: g.id })),
    });
    for (const bill of order.bills) {
      await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
    }
    order = await api.get<Order>(`/app/orders/${order.id}`);

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let closed = false;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HandoverPanel order={order} visible onClose={() => (closed = true)} />
        <ScannerHost />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /扫码/ }));
    const scanner = await screen.findByRole('dialog', { name: '扫描要交付的设备' });
    const type = async (code: string) => {
      await user.click(within(scanner).getByRole('button', { name: /手动输入/ }));
      await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), `${code}{Enter}`);
    };
    await type(gear[0]!.barcodeNumber);
    await within(scanner).findByText(`${gear[0]!.barcodeNumber} · 已扫 1/2 件`);
    await type(gear[0]!.barcodeNumber);
    await within(scanner).findByText(`设备 ${gear[0]!.barcodeNumber} 已扫描`);
    await type(gear[1]!.barcodeNumber);
    await within(scanner).findByText(`${gear[1]!.barcodeNumber} · 已扫 2/2 件`);
    // Still open after three codes; Done leaves it, and the panel has both lines ticked.
    expect(within(scanner).getByText('已扫 2 件 · 1 件未通过')).toBeTruthy();
    await user.click(within(scanner).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(useScannerStore.getState().pending).toBeNull());
    expect(await screen.findByText('已扫描 2/2 件，请逐件扫描要交给客户的设备')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '确认交付' }));
    await waitFor(() => expect(closed).toBe(true));
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after.status).toBe(5);
  });
});
