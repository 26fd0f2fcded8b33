import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ITEMS_MAX, type Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { StoreQuickActions } from '@/app/smart-scan/store-quick-actions';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { gunScan } from '@/test/gun';
import type { OrderCreateLine } from '../utils/order-create-form';
import { OrderCreateGear, type LineRefusal } from './order-create-gear';

const line = (n: number): OrderCreateLine => ({
  equipmentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `学员板 ${n}`,
  barcodeNumber: `GROUP-${n}`,
  categoryName: '双板滑雪板',
  dailyPrice: 100,
  deposit: 500,
});

function renderGear(
  count: number,
  onAdd: (gear: Equipment) => void = () => undefined,
  refused = new Map<string, LineRefusal>(),
) {
  const storeId =
    useSession.getState().user?.primaryStoreId ?? '00000000-0000-4000-8000-000000000001';
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <OrderCreateGear
            storeId={storeId}
            items={Array.from({ length: count }, (_, i) => line(i + 1))}
            availableFrom={new Date().toISOString()}
            availableTo={new Date(Date.now() + 86_400_000).toISOString()}
            conflict={null}
            refused={refused}
            handOver={null}
            onAdd={onAdd}
            onRemove={() => undefined}
          />
          {/* The store pages' gun listener. */}
          <StoreQuickActions />
        </QueryClientProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('a group order’s gear by scan (real server)', () => {
  let barcode: string;
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: { storeId, status: 0, maxResultCount: 1 },
    });
    barcode = items[0]!.barcodeNumber;
  });

  it(`takes the ${ORDER_ITEMS_MAX}th item`, async () => {
    const onAdd = vi.fn();
    renderGear(ORDER_ITEMS_MAX - 1, onAdd);
    gunScan(barcode);
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1), { timeout: 8000 });
  });

  it(`refuses a ${ORDER_ITEMS_MAX + 1}st with the reason`, async () => {
    const onAdd = vi.fn();
    renderGear(ORDER_ITEMS_MAX, onAdd);
    gunScan(barcode);
    expect(
      await screen.findByText(`一个订单最多 ${ORDER_ITEMS_MAX} 件设备`, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });
});

/** The lines listed, by name. */
const shown = () =>
  [...document.querySelectorAll('.order-create-line')].map(
    (el) => /学员板 \d+/.exec(el.textContent ?? '')?.[0],
  );

describe('a group’s long gear list', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('lists every line of a small order, with nothing to fold', async () => {
    await changeLanguage('zh-CN');
    renderGear(7);
    expect(shown()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /显示全部/ })).toBeNull();
  });

  it('folds from 8 lines to the latest scanned and those the clerk must see, and unfolds', async () => {
    await changeLanguage('zh-CN');
    const refused = new Map([
      [
        line(2).equipmentId,
        { message: 'GROUP-2 已被订单 1 预订', orderId: null, orderNumber: null },
      ],
    ]);
    renderGear(10, undefined, refused);
    expect(shown()).toEqual(['学员板 2', '学员板 8', '学员板 9', '学员板 10']);
    expect(screen.getByText('GROUP-2 已被订单 1 预订')).toBeTruthy();
    const all = screen.getByRole('button', { name: '显示全部 10 件' });
    expect(all.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(all);
    expect(shown()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: '收起，只看最近扫的 3 件' }));
    expect(shown()).toHaveLength(4);
  });

  it('says so in English', async () => {
    await changeLanguage('en-US');
    renderGear(12);
    expect(shown()).toEqual(['学员板 10', '学员板 11', '学员板 12']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 items' }));
    expect(screen.getByRole('button', { name: 'Fold: only the latest 3 scanned' })).toBeTruthy();
  });
});
