import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newGear, pricedKind } from '@/test/gear';
import { stubPhotoDom } from '@/test/photo';
import { EMPTY_DRAFT, lineOf, saveOrderDraft } from '../utils/order-create-form';
import OrderCreatePage from './order-create-page';

stubPhotoDom();

function WithActionBar({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <ActionBarContext value={slot}>{children}</ActionBarContext>
      <div ref={setSlot} />
    </>
  );
}

const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

describe('the counter reads the price the server will charge (real server)', () => {
  it("shows a line's rent on the store's rate card, not its daily price × days, and explains it", async () => {
    await changeLanguage('zh-CN');
    // A kind of its own with a rate card for every store: ¥30 / ¥50 / ¥60 for 1 / 2 / 3 days,
    // holding an ¥80 deposit.
    await signIn('admin');
    const kind = `价目测试${Date.now() % 100_000}`;
    await pricedKind(kind, { lengths: [30, 50, 60], furtherDay: 10, deposit: 80 });

    await signIn('manager');
    await useConfigStore.getState().load({ force: true });
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    const [item] = await newGear(primaryStoreId!, kind, '价目杖', 'RC', {
      count: 1,
      dailyRentPrice: 25,
    });
    saveOrderDraft(userId, {
      ...EMPTY_DRAFT,
      start: new Date(Date.now() + 3_600_000).toISOString(),
      days: 3,
      items: [lineOf(item!)],
    });

    const router = createMemoryRouter(
      [
        {
          path: '/store/orders/create',
          element: (
            <QueryClientProvider client={createQueryClient()}>
              <WithActionBar>
                <OrderCreatePage />
              </WithActionBar>
            </QueryClientProvider>
          ),
        },
      ],
      { initialEntries: ['/store/orders/create'] },
    );
    render(<RouterProvider router={router} />);
    const fees = await screen.findByRole('region', { name: '费用' });
    // The server's ¥60 for three days, not ¥25 × 3 = ¥75, and how it came about.
    expect(
      await within(fees).findByText(`价目杖 1 ${item!.barcodeNumber} · 3 天 ¥60`),
    ).toBeTruthy();
    expect(within(fees).getByText('¥60.00')).toBeTruthy();
    expect(within(fees).queryByText('¥75.00')).toBeNull();
    // The card's own deposit, as the order will hold it, not the item's ¥100.
    expect(within(fees).getByText('¥80.00')).toBeTruthy();
    expect(within(fees).queryByText('¥100.00')).toBeNull();
    expect(within(fees).getByText('按门店规则预估，以创建后的订单为准')).toBeTruthy();
  });
});
