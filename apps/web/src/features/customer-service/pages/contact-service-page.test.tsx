import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import ContactServicePage from './contact-service-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/contact-service',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <ContactServicePage />
          </QueryClientProvider>
        ),
      },
      { path: '/help/search', element: <p>search page</p> },
      { path: '/help/article/:id', element: <p>article page</p> },
    ],
    { initialEntries: ['/customer/contact-service'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Against the real server's demo stores and help articles (src/test/global-setup.ts). */
describe('contact service page', () => {
  beforeAll(async () => {
    await useConfigStore.getState().load({ force: true });
  });

  it('lists the chosen store first with its phone and directions, then the customer help', async () => {
    await changeLanguage('zh-CN');
    const stores = Object.values(useConfigStore.getState().config!.storeConfigs);
    const taiwu = stores.find((s) => s.storeName === '太舞小镇店')!;
    useCurrentStore.getState().setCurrentStoreId(taiwu.storeId);
    const user = userEvent.setup();
    const router = renderPage();

    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '太舞小镇店',
      ...stores.filter((s) => s !== taiwu).map((s) => s.storeName),
    ]);
    const first = cards[0]!;
    expect(within(first).getByText('当前门店')).toBeTruthy();
    expect(within(first).getByText(/营业时间 08:00-17:30/)).toBeTruthy();
    expect(within(first).getByText(/营业中|已打烊|今日休息/)).toBeTruthy();
    const call = within(first).getByRole('link', { name: '致电 太舞小镇店 0313-4799002' });
    expect(call.getAttribute('href')).toBe('tel:03134799002');
    expect(within(first).getByRole('button', { name: '到店导航：太舞小镇店' })).toBeTruthy();

    // The customers' articles come from the help centre.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('link')
          .filter((a) => a.getAttribute('href')?.startsWith('/help/article/')).length,
      ).toBeGreaterThan(0),
    );
    expect(screen.getByRole('link', { name: '查看全部顾客帮助' }).getAttribute('href')).toBe(
      '/help/customer',
    );

    await user.type(screen.getByRole('searchbox'), '押金{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/search'));
    expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('押金')}`);
    useCurrentStore.getState().setCurrentStoreId(null);
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    renderPage();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Store phones and addresses' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Navigate to Wanlong Resort Store' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'All customer help' })).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
