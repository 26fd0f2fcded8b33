import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingCatalog, Order } from '@snowgear/contracts';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import {
  clearSession,
  loginWithPassword,
  loginWithPhone,
  useSession,
} from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { storage, StorageKey } from '@/lib/storage';
import { OpenOrder } from './open-order';
import { storeMorning } from '@/test/store-time';
import { currentAgreementVersion } from '@/test/counter-order';

const PHONE = '13655550303';

function renderWith(orderNumber: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/order-create',
        element: <OpenOrder orderNumber={orderNumber} onDone={() => undefined} />,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/customer/order-create?orderNumber=${orderNumber}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const at = (router: ReturnType<typeof renderWith>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('order create with an order number (the store variant, real server)', () => {
  let order: Order;
  let customer: ReturnType<typeof useSession.getState>;
  let tokens: [string, string];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const config = useConfigStore.getState().config!;
    const storeId = Object.keys(config.storeConfigs)[0]!;
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '扫码顾客', code: sandboxCode! });
    customer = useSession.getState();
    tokens = [storage.get(StorageKey.accessToken)!, storage.get(StorageKey.refreshToken)!];
    const start = storeMorning(40);
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start, days: 1 },
    });
    const kind = catalog.categories.find((c) => c.kinds.some((k) => k.free > 0))!;
    order = await api.post<Order>('/app/booking/orders', {
      cart: {
        storeId,
        rentalStartTime: start,
        days: 1,
        lines: [
          {
            type: 'item',
            categoryId: kind.id,
            size: kind.kinds.find((k) => k.free > 0)!.size,
          },
        ],
      },
      agreementVersion: await currentAgreementVersion(),
    });
  });

  // Each test starts with a clean local storage: the customer is signed in again from it.
  beforeEach(() => {
    storage.set(StorageKey.accessToken, tokens[0]);
    storage.set(StorageKey.refreshToken, tokens[1]);
    useSession.setState(customer);
  });

  it("takes the order's customer to pay for it while it waits for payment", async () => {
    const router = renderWith(order.orderNumber);
    await waitFor(() => expect(at(router)).toBe(`/customer/payment/${order.id}`));
  });

  it('says so when the number is not one of theirs', async () => {
    renderWith('209901010001');
    expect(await screen.findByText('订单 209901010001 不存在，或不是您的订单')).toBeTruthy();
  });

  it('sends store staff on to the store order create, and anyone else to sign in first', async () => {
    clearSession();
    let router = renderWith(order.orderNumber);
    const back = encodeURIComponent(`/customer/order-create?orderNumber=${order.orderNumber}`);
    await waitFor(() => expect(at(router)).toBe(`/customer/login?redirect=${back}`));

    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    router = renderWith(order.orderNumber);
    await waitFor(() =>
      expect(at(router)).toBe(`/store/orders/create?orderNumber=${order.orderNumber}`),
    );
  });
});
