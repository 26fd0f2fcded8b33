import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { AppProviders } from '../app';
import { bootstrap, connectApi } from '../bootstrap';
import { buildRouteObjects } from '../router';

/** The app at `path`, against the real server. */
async function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  connectApi(
    (to, options) => router.navigate(to, options),
    () => router.state.location,
  );
  await bootstrap();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, container: view.container };
}

/** The header's switch: named for what it does, showing the other language by its own name. */
const switchTo = (name: 'English' | '中文') =>
  screen.findByRole('button', {
    name: name === 'English' ? '切换语言：English' : 'Switch language: 中文',
  });

describe('the language switch in the customer pages’ header', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    window.localStorage.clear();
    useConfigStore.setState({ config: null, status: 'idle', error: null, stale: false });
    useCurrentStore.setState({ currentStoreId: null, warning: null });
  });
  afterEach(() => changeLanguage('zh-CN'));

  it('switches the booking in place, keeping the store chosen, and remembers the choice', async () => {
    const { container } = await renderAt('/customer/order-create');
    const [, second] = await screen.findAllByRole('radio');
    fireEvent.click(second!);
    const chosen = second!.dataset.storeId;

    const hero = container.querySelector('.booking__hero') as HTMLElement;
    const toEnglish = await switchTo('English');
    expect(hero.contains(toEnglish)).toBe(true);
    expect(within(toEnglish).getByText('English').getAttribute('lang')).toBe('en-US');
    expect(toEnglish.className).toContain('language-switch');

    fireEvent.click(toEnglish);
    expect(await screen.findByRole('heading', { name: 'Book gear' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(window.localStorage.getItem('language')).toBe('en-US');
    // The same page, not a new one: the store chosen is still chosen.
    const radio = screen
      .getAllByRole('radio')
      .find((card) => card.dataset.storeId === chosen) as HTMLElement;
    expect(radio.getAttribute('aria-checked')).toBe('true');

    // And back, from the same place.
    fireEvent.click(await switchTo('中文'));
    expect(await screen.findByRole('heading', { name: '雪具预订' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('zh-CN');
  });

  it('is in the header of the customer home and of a page with a title bar', async () => {
    const { router, container } = await renderAt('/customer/dashboard');
    const toEnglish = await switchTo('English');
    expect(container.querySelector('.customer-home__hello')?.contains(toEnglish)).toBe(true);

    await act(() => router.navigate('/customer/payment'));
    const bar = await waitFor(() => {
      const header = container.querySelector('header.page-header');
      if (!header) throw new Error('no title bar yet');
      return header as HTMLElement;
    });
    fireEvent.click(within(bar).getByRole('button', { name: '切换语言：English' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    expect(within(bar).getByRole('button', { name: 'Switch language: 中文' })).toBeTruthy();
  });

  it('is at the top of the customer sign-in and the equipment inquiry, which draw their own header', async () => {
    const { router, container } = await renderAt('/customer/login');
    const toEnglish = await switchTo('English');
    expect(container.querySelector('.auth-page__hero')?.contains(toEnglish)).toBe(true);
    fireEvent.click(toEnglish);
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));

    await act(() => router.navigate('/customer/equipment-inquiry'));
    await waitFor(() => expect(container.querySelector('.inquiry-page')).not.toBeNull());
    const toChinese = await switchTo('中文');
    expect(container.querySelector('.page-hero')?.contains(toChinese)).toBe(true);
  });

  it('is not in the staff pages’ header (their profile has it)', async () => {
    await renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /切换语言/ })).toBeNull();
  });
});
