import { Activity, useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LayoutKind } from '@/config/route-meta';
import { ActionBar } from '@/components/layouts/action-bar';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { PageLayout } from '../layouts/page-layout';
import { StoreQuickActions } from './store-quick-actions';

const STORE_PAGES = ['/store/dashboard', '/store/orders/list', '/store/inventory/list'];

/** A store page in its layout, and the shell's quick actions beside it, as the app has them. */
function renderStorePage(path: string, kind: LayoutKind = 'normal') {
  const router = createMemoryRouter(
    STORE_PAGES.map((p) => ({
      path: p,
      element: (
        <>
          <PageLayout kind={kind} quickActions>
            <p>页面内容</p>
            {kind === 'actionButton' && (
              <ActionBar>
                <button type="button">提交订单</button>
              </ActionBar>
            )}
          </PageLayout>
          <StoreQuickActions />
        </>
      ),
    })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const quickActions = () => screen.findByRole('button', { name: '快捷操作' });

describe('the store quick-action button (real server)', () => {
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it.each(['tabBar', 'actionButton', 'normal'] as const)(
    'sits in a cell of its own at the end of the bottom bar, never over the page (%s layout)',
    async (kind) => {
      renderStorePage('/store/dashboard', kind);
      const button = await quickActions();
      const bar = button.closest('.page-layout__bar');
      expect(bar).not.toBeNull();
      expect(bar!.lastElementChild!.contains(button)).toBe(true);
      expect(screen.getByRole('main').contains(button)).toBe(false);
      if (kind === 'tabBar') {
        const tabs = screen.getByRole('navigation', { name: '底部导航' });
        await within(tabs).findByRole('link', { name: '订单' });
        expect(bar!.contains(tabs)).toBe(true);
        expect(tabs.contains(button)).toBe(false);
      }
      if (kind === 'actionButton') {
        // The page's own actions share the bar, beside the button's cell.
        const submit = screen.getByRole('button', { name: '提交订单' });
        expect(bar!.contains(submit)).toBe(true);
        expect(submit.closest('.page-layout__quick-actions')).toBeNull();
      }
    },
  );

  it('opens its three actions, and Escape closes them and gives the focus back', async () => {
    renderStorePage('/store/dashboard', 'tabBar');
    const button = await quickActions();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: '快捷操作' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['返回首页', '创建订单', '智能扫码']);
    // The scan, what the button is mostly for, takes the focus.
    expect(document.activeElement).toBe(within(menu).getByRole('button', { name: '智能扫码' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: '快捷操作' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a tap beside its menu, and when another page opens', async () => {
    const router = renderStorePage('/store/dashboard', 'tabBar');
    fireEvent.click(await quickActions());
    const mask = document.querySelector('.quick-actions__mask--open');
    expect(mask).not.toBeNull();
    fireEvent.click(mask!);
    expect(screen.queryByRole('navigation', { name: '快捷操作' })).toBeNull();

    fireEvent.click(await quickActions());
    expect(screen.getByRole('navigation', { name: '快捷操作' })).toBeTruthy();
    // A tab tapped while the menu is open: the next page starts with it closed.
    await act(() => router.navigate('/store/orders/list'));
    expect(screen.queryByRole('navigation', { name: '快捷操作' })).toBeNull();
    expect((await quickActions()).getAttribute('aria-expanded')).toBe('false');
  });

  it("offers 'add stock' instead of a new order on the inventory list", async () => {
    renderStorePage('/store/inventory/list', 'tabBar');
    fireEvent.click(await quickActions());
    const menu = screen.getByRole('navigation', { name: '快捷操作' });
    expect(within(menu).getByRole('button', { name: '新设备入库' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: '创建订单' })).toBeNull();
  });

  it('goes with the page shown: a kept page hidden gives its cell back', async () => {
    function KeptPages() {
      const [shown, setShown] = useState<'a' | 'b'>('a');
      return (
        <>
          <button type="button" onClick={() => setShown(shown === 'a' ? 'b' : 'a')}>
            换页
          </button>
          {(['a', 'b'] as const).map((name) => (
            <Activity key={name} mode={shown === name ? 'visible' : 'hidden'}>
              <div data-page={name}>
                <PageLayout kind="tabBar" quickActions>
                  <p>页面 {name}</p>
                </PageLayout>
              </div>
            </Activity>
          ))}
          <StoreQuickActions />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/store/dashboard', element: <KeptPages /> }], {
      initialEntries: ['/store/dashboard'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const page = async () =>
      (await quickActions()).closest('[data-page]')?.getAttribute('data-page');
    expect(await page()).toBe('a');
    fireEvent.click(screen.getByRole('button', { name: '换页' }));
    await waitFor(async () => expect(await page()).toBe('b'));
    fireEvent.click(screen.getByRole('button', { name: '换页' }));
    await waitFor(async () => expect(await page()).toBe('a'));
    expect(screen.getAllByRole('button', { name: '快捷操作', hidden: true })).toHaveLength(1);
  });

  it('shows no button where no store page is shown', async () => {
    const router = createMemoryRouter(
      [{ path: '/store/dashboard', element: <StoreQuickActions /> }],
      {
        initialEntries: ['/store/dashboard'],
      },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: '快捷操作', hidden: true })).toBeNull();
  });
});
