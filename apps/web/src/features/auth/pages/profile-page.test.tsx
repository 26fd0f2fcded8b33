import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { sendSmsCode } from '../api/send-sms-code';
import { clearSession, loginWithPassword, loginWithPhone } from '../stores/session-store';
import { CustomerProfilePage, StoreProfilePage } from './profile-page';

function renderAt(path: string, page: ReactNode) {
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the personal centre (real server)', () => {
  afterEach(async () => {
    clearSession();
    useAppStore.getState().setTheme('light');
    await changeLanguage('zh-CN');
  });

  it("shows a phone customer's name, phone, plans, riders, addresses and settings, no password and no scanner sounds", async () => {
    await changeLanguage('zh-CN');
    const phoneNumber = '13655550406';
    const { sandboxCode } = await sendSmsCode(phoneNumber);
    await loginWithPhone({ phoneNumber, realName: '王五', code: sandboxCode! });
    renderAt('/customer/profile', <CustomerProfilePage />);

    const who = screen.getByText('姓名').closest('.adm-list-item')!;
    expect(within(who as HTMLElement).getByText('王五')).toBeTruthy();
    expect(screen.getByText(phoneNumber)).toBeTruthy();
    expect(screen.queryByText('用户名')).toBeNull();
    expect(screen.queryByText('修改密码')).toBeNull();
    expect(screen.getByText('我的方案')).toBeTruthy();
    expect(await screen.findByText('还没有保存滑雪者')).toBeTruthy();
    expect(await screen.findByText('还没有保存地址')).toBeTruthy();
    // The scanner's sounds are the counter's and the driver's settings, not a skier's.
    expect(screen.queryByText('提示音')).toBeNull();
    expect(screen.queryByText('扫码提示音风格')).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();

    // Dark mode in the settings; the language at the profile's top, as on every profile.
    fireEvent.click(screen.getByRole('switch', { name: '深色模式' }));
    expect(useAppStore.getState().theme).toBe('dark');
    expect(screen.queryByText('语言')).toBeNull();
    const toEnglish = screen.getByRole('button', { name: '切换语言：English' });
    expect(toEnglish.closest('.profile-card')).toBeTruthy();
    fireEvent.click(toEnglish);
    expect(await screen.findByText('My addresses')).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('en-US');
    expect(screen.getByRole('button', { name: 'Switch language: 中文' })).toBeTruthy();
  });

  it('offers staff, who sign in with a password, to change it', async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    renderAt('/store/profile', <StoreProfilePage />);
    expect(screen.getByText('用户名')).toBeTruthy();
    expect(screen.getByText('扫码提示音风格')).toBeTruthy();
    // Staff (and the administrator, who uses this profile) switch the language here too.
    expect(
      screen.getByRole('button', { name: '切换语言：English' }).closest('.profile-card'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('修改密码'));
    const sheet = await screen.findByText('当前密码');
    expect(sheet).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('我的地址')).toBeNull());
  });
});
