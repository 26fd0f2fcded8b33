import { useState, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey,
  type Equipment,
  type H5Config,
  type Order,
} from '@snowgear/contracts';
import { StoreQuickActions } from '@/app/smart-scan/store-quick-actions';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { customerSignsOnPage } from '@/test/counter-order';
import { gunScan } from '@/test/gun';
import { stubPhotoDom } from '@/test/photo';
import OrderCreatePage from './order-create-page';

// jsdom draws nothing: its canvas hands over a real (1×1) PNG as the pad's drawing.
stubPhotoDom();

const SLOW = { timeout: 8000 };

/** The store requires the customer's signature (as a business that leaves it unset does). */
async function signatureRequired() {
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  useConfigStore.setState({
    status: 'ready',
    config: {
      ...config,
      globalBusinessParameters: [
        ...config.globalBusinessParameters.filter(
          (p) => p.key !== BusinessParameterKey.CounterSignatureRequired,
        ),
        { key: BusinessParameterKey.CounterSignatureRequired, value: 'true' },
      ],
    },
  });
}

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

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/orders/create',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <WithActionBar>
              <OrderCreatePage />
            </WithActionBar>
            <StoreQuickActions />
          </QueryClientProvider>
        ),
      },
      { path: '/store/orders/detail/:id', element: <p>detail</p> },
    ],
    { initialEntries: ['/store/orders/create'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the counter order page and the customer’s signature (real server)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    localStorage.clear();
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it('is not sent before the customer signs where the store requires it; signed, the order keeps the signature', async () => {
    await signatureRequired();
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: {
        storeId,
        status: 0,
        availableFrom: new Date().toISOString(),
        availableTo: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        maxResultCount: 30,
      },
    });
    const gear = items[12]!;
    const router = renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: '客户姓名' }), {
      target: { value: '周九' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '手机号' }), {
      target: { value: '13700009999' },
    });
    gunScan(gear.barcodeNumber);
    await screen.findByText('设备（1）', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: /^创建订单/ }));
    expect((await screen.findAllByText('请让客户阅读租赁协议并签名')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/store/orders/create');

    await customerSignsOnPage();

    fireEvent.click(screen.getByRole('button', { name: /^创建订单/ }));
    await waitFor(() => {
      const problem = document.querySelector('.order-create__form-error')?.textContent;
      expect(problem ?? '').toBe('');
      expect(router.state.location.pathname).toMatch(/^\/store\/orders\/detail\//);
    }, SLOW);
    const id = router.state.location.pathname.split('/').pop()!;
    const order = await api.get<Order>(`/app/orders/${id}`);
    expect(order.agreementVersion).toBe(
      useConfigStore.getState().config!.systemInfo.rentalAgreementVersion,
    );
    expect(order.agreementSignatureId).toBeTruthy();
  });
});
