import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RentalPackDto } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newGear, pricedKind } from '@/test/gear';
import { api, http } from '@/lib/api-client';
import { stubPhotoDom } from '@/test/photo';
import {
  EMPTY_DRAFT,
  clearOrderDraft,
  lineOf,
  loadOrderDraft,
  saveOrderDraft,
} from '../utils/order-create-form';
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

/** The counter's new order page, as a clerk opens it. */
function renderCounter() {
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
}

/** The draft set up here is this customer's order: the clerk carries on with it. */
const carryOn = async () =>
  fireEvent.click(await screen.findByRole('button', { name: /^继续上一单/ }));

describe('an order never sent (real server)', () => {
  it('asks first whether it is the same customer’s, and a blank order leaves nothing of it', async () => {
    await changeLanguage('zh-CN');
    await signIn('manager');
    await useConfigStore.getState().load({ force: true });
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    const [a, b] = await newGear(primaryStoreId!, '雪杖', '上一单雪杖', 'PREV', { count: 2 });
    const previous = {
      ...EMPTY_DRAFT,
      customerName: '王先生',
      customerPhone: '13800001234',
      items: [lineOf(a!), lineOf(b!)],
    };
    saveOrderDraft(userId, previous);
    renderCounter();
    const choice = await screen.findByRole('alertdialog', { name: '上一单还没有提交' });
    // Nothing of the form, so nothing is added to the earlier customer's order meanwhile.
    expect(screen.queryByRole('button', { name: /^创建订单/ })).toBeNull();
    fireEvent.click(within(choice).getByRole('button', { name: '新建空白订单' }));
    expect(await screen.findByText('还没有添加设备')).toBeTruthy();
    expect(screen.queryByText('上一单雪杖 1')).toBeNull();
    expect(loadOrderDraft(userId)).toBeNull();
    cleanup();

    // The same customer after all: their order as it was.
    saveOrderDraft(userId, previous);
    renderCounter();
    fireEvent.click(await screen.findByRole('button', { name: '继续上一单（王先生，2 件）' }));
    expect(await screen.findByDisplayValue('王先生')).toBeTruthy();
    expect(screen.getAllByText(/上一单雪杖/).length).toBeGreaterThanOrEqual(2);
    clearOrderDraft(userId);
  });
});

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

    renderCounter();

    await carryOn();
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

  it('offers the afternoon only once the store prices a half day, and quotes the half day', async () => {
    await changeLanguage('zh-CN');
    await signIn('manager');
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    // A kind of its own whose card at the manager's store prices an afternoon at ¥20 (a day ¥30).
    await signIn('admin');
    const kind = `半天测试${Date.now() % 100_000}`;
    const { cardId } = await pricedKind(kind, {
      lengths: [30, 50],
      furtherDay: 10,
      halfDay: 20,
      storeId: primaryStoreId!,
    });
    await signIn('manager');
    await useConfigStore.getState().load({ force: true });
    // Other tests on this server book at the store: it rents by the half day only for this one.
    try {
      await afternoonAtTheCounter(userId, primaryStoreId!, kind);
    } finally {
      await api.delete(`/app/rate-cards/${cardId}`);
    }
  });

  async function afternoonAtTheCounter(userId: string, primaryStoreId: string, kind: string) {
    const [item] = await newGear(primaryStoreId, kind, '半天杖', 'HD', {
      count: 1,
      dailyRentPrice: 25,
    });
    // Tomorrow at 13:00 on the store's clock, for a day.
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    saveOrderDraft(userId, {
      ...EMPTY_DRAFT,
      start: new Date(`${tomorrow}T13:00:00+08:00`).toISOString(),
      days: 1,
      items: [lineOf(item!)],
    });
    renderCounter();
    await carryOn();
    const fees = await screen.findByRole('region', { name: '费用' });
    expect(
      await within(fees).findByText(`半天杖 1 ${item!.barcodeNumber} · 1 天 ¥30`),
    ).toBeTruthy();
    // The quote says the store prices half days: the chip is offered, and taken in one tap.
    const chip = await screen.findByRole('button', { name: '只租半天' });
    expect(screen.getByText('12:00 及以后起租，当天闭店前归还，按半天价')).toBeTruthy();
    fireEvent.click(chip);
    expect(
      await within(fees).findByText(`半天杖 1 ${item!.barcodeNumber} · 半天 ¥20`),
    ).toBeTruthy();
    expect(within(fees).getByText('¥20.00')).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: '租赁天数' })).toBeNull();
    expect(screen.getByText('半天')).toBeTruthy();
  }

  it("starts a delivery in the store's next delivery window, like a customer's booking", async () => {
    await changeLanguage('zh-CN');
    await signIn('employee');
    await useConfigStore.getState().load({ force: true });
    const { id: userId } = useSession.getState().user!;
    saveOrderDraft(userId, {
      ...EMPTY_DRAFT,
      customerName: '送货客户',
      deliveryMethod: 'Delivery',
    });
    renderCounter();
    await carryOn();
    // 万龙 opens 07:30–18:00: two-hour windows from 07:30, the last from 15:30.
    const start = await screen.findByRole('button', { name: /^送货时段 .*，点击修改$/ });
    const [, from, to] = /(\d{2}:\d{2})–(\d{2}:\d{2})$/.exec(start.textContent ?? '')!;
    expect(['07:30', '09:30', '11:30', '13:30', '15:30']).toContain(from);
    expect(Number(to!.slice(0, 2)) - Number(from!.slice(0, 2))).toBe(2);
    // Picked up at the store instead: a start time again.
    fireEvent.click(screen.getByText('到店自取'));
    expect(await screen.findByRole('button', { name: /^开始时间 .*，点击修改$/ })).toBeTruthy();
    clearOrderDraft(userId);
  });

  it('prices one person’s gear that makes up a pack as the pack, and says so on its lines', async () => {
    await changeLanguage('zh-CN');
    // Two kinds of their own, ¥40 and ¥30 a day with ¥100 deposits, and a pack of both at the
    // manager's store: ¥50 a day, ¥150 deposit.
    await signIn('admin');
    const stamp = Date.now() % 100_000;
    const board = await pricedKind(`套板${stamp}`, { lengths: [40], furtherDay: 40 });
    const boots = await pricedKind(`套鞋${stamp}`, { lengths: [30], furtherDay: 30 });
    await signIn('manager');
    await useConfigStore.getState().load({ force: true });
    const { id: userId, primaryStoreId } = useSession.getState().user!;
    const pack = await api.post<RentalPackDto>('/app/rental-packs', {
      storeId: primaryStoreId,
      name: `测试套餐${stamp}`,
      categoryIds: [board.categoryId, boots.categoryId],
      dailyPrice: 50,
      deposit: 150,
    });
    try {
      const [b] = await newGear(primaryStoreId!, `套板${stamp}`, '套板', 'PB', { count: 1 });
      const [s] = await newGear(primaryStoreId!, `套鞋${stamp}`, '套鞋', 'PS', { count: 1 });
      saveOrderDraft(userId, {
        ...EMPTY_DRAFT,
        start: new Date(Date.now() + 3_600_000).toISOString(),
        days: 1,
        items: [lineOf(b!), lineOf(s!)],
      });
      renderCounter();
      await carryOn();
      const fees = await screen.findByRole('region', { name: '费用' });
      // ¥50 for the pair against ¥70 apart, said once, and the pack's ¥150 deposit.
      expect(
        await within(fees).findByText(`测试套餐${stamp} · 1 天 ¥50（套餐价，比单租省 ¥20）`),
      ).toBeTruthy();
      expect(within(fees).getByText('¥50.00')).toBeTruthy();
      expect(within(fees).getByText('¥150.00')).toBeTruthy();
      // Each line names the pack it makes up, and holds its share of the pack's deposit.
      const lines = screen.getAllByText(`套餐：测试套餐${stamp}`);
      expect(lines).toHaveLength(2);
      const deposits = screen
        .getAllByText(/^押金 ¥/)
        .map((d) => Number(d.textContent.replace(/[^\d.]/g, '')));
      expect(deposits.reduce((n, d) => n + d, 0)).toBe(150);

      // Offline, a day added: the rent is the page's estimate (each item's ¥10 a day × 2, said to be),
      // the pack and its deposit still what the server said of this gear.
      const online = http.defaults.baseURL;
      http.defaults.baseURL = 'http://127.0.0.1:9/api';
      try {
        fireEvent.change(screen.getByRole('spinbutton', { name: '租赁天数' }), {
          target: { value: '2' },
        });
        expect(
          await within(fees).findByText(
            '暂按日租金 × 天数预估（价目表的价格联网后显示），以创建后的订单为准',
          ),
        ).toBeTruthy();
        expect(within(fees).getByText('¥40.00')).toBeTruthy();
        expect(within(fees).getByText('¥150.00')).toBeTruthy();
        expect(screen.getAllByText(`套餐：测试套餐${stamp}`)).toHaveLength(2);
      } finally {
        http.defaults.baseURL = online;
      }
    } finally {
      await api.delete(`/app/rental-packs/${pack.id}`);
    }
  });
});
