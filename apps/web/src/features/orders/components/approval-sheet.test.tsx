import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OrderType,
  type Equipment,
  type MoneyApproval,
  type MoneyApprovalDraft,
  type PagedResult,
} from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import { ApprovalsTabBadge, ApprovalsWaiting } from './approvals-waiting';
import MoneyApprovalsPage from '../pages/money-approvals-page';
import { computeOrderFees, staffDiscountLimit } from '../utils/order-create-fees';
import { ApprovalSheet, type ApprovalWay } from './approval-sheet';
import { OrderCreateFees } from './order-create-fees';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

afterEach(cleanup);

const skis = { dailyPrice: 100, deposit: 800 };

function Fees({ discount, limited = true }: { discount: string; limited?: boolean }) {
  const fees = computeOrderFees({
    lines: [skis],
    days: 3,
    orderType: OrderType.Normal,
    deliveryFee: 0,
    pickupFee: 0,
    discount: Number(discount) || 0,
  });
  return (
    <OrderCreateFees
      fees={fees}
      orderType={OrderType.Normal}
      discount={discount}
      limit={limited ? staffDiscountLimit(fees.rent, '20') : null}
      discountReason=""
      onDiscountChange={() => undefined}
      onDiscountReasonChange={() => undefined}
    />
  );
}

describe('the discount field', () => {
  it('says the clerk’s limit, warns beyond it, and refuses more than the rent next to the field', async () => {
    await changeLanguage('zh-CN');
    const { rerender } = render(<Fees discount="50" />);
    expect(screen.getByText(/店员最多优惠 ¥60\.00（租金的 20%）/)).toBeTruthy();
    // The total keeps the deposit whatever is typed.
    expect(screen.getByText('¥1050.00')).toBeTruthy();

    rerender(<Fees discount="90" />);
    expect(screen.getByText(/超出店员上限，提交时需店长批准/)).toBeTruthy();

    rerender(<Fees discount="5000" />);
    expect(screen.getByRole('alert').textContent).toBe('优惠只能抵扣租金，最多 ¥300.00');
    expect(screen.getByText('¥800.00', { selector: 'strong' })).toBeTruthy();

    // A manager is not limited: the rule names the rent instead.
    rerender(<Fees discount="90" limited={false} />);
    expect(screen.getByText(/最多优惠 ¥300\.00（租金）/)).toBeTruthy();

    await changeLanguage('en-US');
    rerender(<Fees discount="50" />);
    expect(screen.getByText(/A clerk gives at most ¥60\.00 \(20% of the rent\)/)).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});

const DAY = 86_400_000;
const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

/** An item of the signed-in clerk's store with this daily rent (the demo's skis: ¥120). */
async function itemAt(dailyRentPrice: number): Promise<Equipment> {
  const { items } = await api.get<PagedResult<Equipment>>('/app/equipment', {
    params: {
      storeId: useSession.getState().user!.primaryStoreId!,
      status: 0,
      maxResultCount: 100,
    },
  });
  return items.find((i) => i.dailyRentPrice === dailyRentPrice)!;
}

/** A new order at the counter as its draft stands: one item for three days, next month. */
function draftFor(item: Equipment, customerName: string): MoneyApprovalDraft {
  const start = new Date(Date.now() + 30 * DAY + Math.floor(Math.random() * 30) * DAY);
  return {
    customerName,
    rentalStartTime: start.toISOString(),
    rentalEndTime: new Date(start.getTime() + 3 * DAY).toISOString(),
    items: [{ equipmentId: item.id }],
  };
}

describe('the approval sheet (real server)', () => {
  const sheet = (onApproved: (way: ApprovalWay) => void, draft?: MoneyApprovalDraft) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ApprovalSheet
          visible
          storeId={useSession.getState().user!.primaryStoreId!}
          draft={draft}
          kind="discount"
          amount={150}
          base={360}
          limit={72}
          percent={20}
          onClose={() => undefined}
          onApproved={onApproved}
        />
      </QueryClientProvider>,
    );

  it('needs a reason and the manager’s credentials, and hands them on to the order', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const ways: ApprovalWay[] = [];
    sheet((way) => ways.push(way));
    expect(
      await screen.findByText('优惠 ¥150.00，超出店员上限 ¥72.00（租金 ¥360.00 的 20%）'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '批准并提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写原因');
    await user.type(screen.getByLabelText('原因'), '老客户');
    await user.click(screen.getByRole('button', { name: '批准并提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入店长账号和密码');
    await user.type(screen.getByLabelText('店长账号'), 'manager');
    await user.type(screen.getByLabelText('店长密码'), 'secret');
    await user.click(screen.getByRole('button', { name: '批准并提交' }));
    expect(ways).toEqual([
      { approval: { userName: 'manager', password: 'secret', reason: '老客户' } },
    ]);
  });

  it('asks the manager’s phone, waits for the answer, and hands on the approval', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const ways: ApprovalWay[] = [];
    const skis = await itemAt(120);
    sheet((way) => ways.push(way), draftFor(skis, '周九'));
    await user.click(await screen.findByText('店长在自己手机上批准'));
    await user.type(screen.getByLabelText('原因'), '团体客人');
    await user.click(screen.getByRole('button', { name: '发送申请' }));
    expect(await screen.findByText(/已发送，等待店长批准/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '撤回申请' })).toBeTruthy();

    // The manager answers on their phone (here: the same client, signed in as them).
    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const waiting = await api.get<MoneyApproval[]>('/app/money-approvals');
    const mine = waiting.find((a) => a.reason === '团体客人')!;
    // The draft went with the request: the server priced its rent and named its customer.
    expect(mine).toMatchObject({
      amount: 150,
      base: 360,
      customerName: '周九',
      requestedByName: '李店员',
    });
    await api.post(`/app/money-approvals/${mine.id}/decide`, { approve: true, reason: '' });

    const submit = await screen.findByRole('button', { name: '已批准，提交' }, { timeout: 10_000 });
    expect(screen.getByText('王店长 已批准')).toBeTruthy();
    await user.click(submit);
    await waitFor(() => expect(ways).toEqual([{ approvalId: mine.id }]));
  });
});

describe('the manager’s approvals page (real server)', () => {
  const renderPage = () => {
    const router = createMemoryRouter(
      [{ path: '/store/workspace/approvals', element: <MoneyApprovalsPage /> }],
      { initialEntries: ['/store/workspace/approvals'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };

  it('shows whom a discount is for, the gear, the rent and the discount as amounts', async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    await signIn('employee');
    const skis = await itemAt(120);
    // The clerk names a base of their own: the server prices the draft's lines instead.
    const asked = await api.post<MoneyApproval>('/app/money-approvals', {
      storeId: useSession.getState().user!.primaryStoreId!,
      kind: 'discount',
      amount: 90,
      base: 90_000,
      reason: '老客户',
      draft: draftFor(skis, '吴十'),
    });

    await signIn('manager');
    renderPage();
    const card = (await screen.findByText('客户：吴十')).closest<HTMLElement>('.adm-list-item')!;
    const gearLine = `${skis.name} ${skis.barcodeNumber} × 3`;
    expect(within(card).getByText(gearLine)).toBeTruthy();
    expect(within(card).getByText(/^租金 ¥360\.00，优惠 ¥90\.00/).textContent).toBe(
      '租金 ¥360.00，优惠 ¥90.00（租金的 25%）',
    );
    expect(within(card).getByText('优惠 ¥90.00')).toBeTruthy();
    // What the manager confirms names the customer and the rent too.
    fireEvent.click(within(card).getByRole('button', { name: '批准' }));
    const dialog = await openedDialog();
    expect(dialog.textContent).toContain('吴十');
    expect(dialog.textContent).toContain('租金 ¥360.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await changeLanguage('en-US');
    expect(await within(card).findByText('Customer: 吴十')).toBeTruthy();
    expect(within(card).getByText(/^Rent ¥360\.00, discount ¥90\.00/).textContent).toBe(
      'Rent ¥360.00, discount ¥90.00 (25% of the rent)',
    );
    expect(within(card).getByText('Gear:')).toBeTruthy();
    await changeLanguage('zh-CN');
    await api.post(`/app/money-approvals/${asked.id}/decide`, { approve: false, reason: '测试' });
  });

  it('tells the manager on the dashboard and the home tab that a request waits, and not once answered', async () => {
    await changeLanguage('zh-CN');
    await signIn('employee');
    const skis = await itemAt(120);
    const asked = await api.post<MoneyApproval>('/app/money-approvals', {
      storeId: useSession.getState().user!.primaryStoreId!,
      kind: 'discount',
      amount: 50,
      base: 50_000,
      reason: '团购',
      draft: draftFor(skis, '郑十一'),
    });
    await signIn('manager');
    const waiting = async () => (await api.get<MoneyApproval[]>('/app/money-approvals')).length;
    const count = await waiting();
    expect(count).toBeGreaterThan(0);
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/',
                element: (
                  <>
                    <ApprovalsWaiting />
                    <ApprovalsTabBadge />
                  </>
                ),
              },
            ],
            { initialEntries: ['/'] },
          )}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`${count} 个申请等你批准`)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去批准' }).getAttribute('href')).toBe(
      '/store/workspace/approvals',
    );
    expect(screen.getByLabelText(`待批准的申请：${count}`)).toBeTruthy();
    unmount();
    await api.post(`/app/money-approvals/${asked.id}/decide`, { approve: false, reason: '测试' });
    // A clerk sees nothing of it.
    await signIn('employee');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/', element: <ApprovalsWaiting /> }], {
            initialEntries: ['/'],
          })}
        />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/个申请等你批准/)).toBeNull();
  });
});
