import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { StoreQuickActions } from './store-quick-actions';

function renderWithField() {
  const router = createMemoryRouter(
    [
      {
        path: '/store/orders/create',
        element: (
          <>
            <input aria-label="客户姓名" />
            <StoreQuickActions />
          </>
        ),
      },
    ],
    { initialEntries: ['/store/orders/create'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const button = () => screen.queryByRole('button', { name: '快捷操作' });

describe('the quick-action button steps aside (real server)', () => {
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  it('while a field is typed in, and comes back after', async () => {
    renderWithField();
    expect(await screen.findByRole('button', { name: '快捷操作' })).toBeTruthy();
    act(() => screen.getByLabelText('客户姓名').focus());
    await waitFor(() => expect(button()).toBeNull());
    act(() => screen.getByLabelText('客户姓名').blur());
    await waitFor(() => expect(button()).toBeTruthy());
  });

  it('while a popup is open, and comes back once it closes', async () => {
    renderWithField();
    expect(await screen.findByRole('button', { name: '快捷操作' })).toBeTruthy();
    // What antd-mobile does to the page while its sheets, dialogs and pickers are open.
    act(() => document.body.classList.add('adm-overflow-hidden'));
    await waitFor(() => expect(button()).toBeNull());
    act(() => document.body.classList.remove('adm-overflow-hidden'));
    await waitFor(() => expect(button()).toBeTruthy());
    fireEvent.click(button()!);
    expect(screen.getByRole('navigation', { name: '快捷操作' })).toBeTruthy();
  });
});
