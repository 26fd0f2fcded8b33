import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SelfCheckin } from '@snowgear/contracts';
import {
  clearSession,
  loginWithPassword,
  loginWithPhone,
  useSession,
} from '@/features/auth/stores/session-store';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import SelfCheckinPage from './self-checkin-page';

/** A field's input by its label (typing without pointer events, which jsdom lacks). */
const field = (label: string) =>
  screen.getByText(label).closest('.adm-form-item')!.querySelector('input')!;
const type = (label: string, text: string) =>
  fireEvent.change(field(label), { target: { value: text } });

function renderAt(token: string) {
  const router = createMemoryRouter(
    [{ path: '/customer/checkin/:token', element: <SelfCheckinPage /> }],
    { initialEntries: [`/customer/checkin/${token}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GlobalMessages />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a family member checks in from their own phone (real server)', () => {
  let checkin: SelfCheckin;
  let token: string;
  beforeAll(async () => {
    // The clerk opens the check-in; the family's phones are signed out.
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    checkin = await api.post<SelfCheckin>('/app/self-checkins', { storeId });
    token = checkin.path.split('/').pop()!;
  });
  afterEach(() => changeLanguage('zh-CN'));

  it('sends their details without an account, then another member from the same phone', async () => {
    clearSession();
    await changeLanguage('zh-CN');
    renderAt(token);
    expect(await screen.findByText(/万龙雪场店的店员请您登记滑雪者资料/)).toBeTruthy();
    type('姓名', '钱妈妈');
    type('身高（厘米）', '165');
    type('体重（公斤）', '55');
    fireEvent.click(screen.getByRole('button', { name: '提交给店员' }));
    expect(await screen.findByText('已提交：钱妈妈')).toBeTruthy();
    // A bad value is said next to its field, and nothing is sent.
    fireEvent.click(await screen.findByRole('button', { name: '再登记一位' }));
    await waitFor(() => expect(field('姓名').value).toBe(''));
    type('姓名', '钱小妹');
    type('身高（厘米）', '999');
    fireEvent.click(screen.getByRole('button', { name: '提交给店员' }));
    expect(await screen.findByText('身高应为 80–230 厘米的整数')).toBeTruthy();
    type('身高（厘米）', '120');
    fireEvent.click(screen.getByRole('button', { name: '提交给店员' }));
    expect(await screen.findByText('已提交：钱妈妈、钱小妹')).toBeTruthy();

    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const read = await api.get<SelfCheckin>(`/app/self-checkins/${checkin.id}`);
    expect(read.riders.map((r) => [r.name, r.heightCm])).toEqual([
      ['钱妈妈', 165],
      ['钱小妹', 120],
    ]);
  });

  it("sends a signed-in customer's saved skier with one tap, and offers a visitor to sign in", async () => {
    clearSession();
    await changeLanguage('zh-CN');
    renderAt(token);
    const signIn = await screen.findByRole('link', { name: '登录后可直接选用已保存的滑雪者' });
    expect(signIn.getAttribute('href')).toBe(
      `/customer/login?redirect=${encodeURIComponent(`/customer/checkin/${token}`)}`,
    );
    cleanup();

    // A customer of this test's own, with a saved skier.
    const { sandboxCode } = await sendSmsCode('13655550177');
    await loginWithPhone({ phoneNumber: '13655550177', realName: '孙爸爸', code: sandboxCode! });
    await api.post('/app/riders', { name: '孙小宝', heightCm: 118, age: 7, isSelf: false });
    renderAt(token);
    fireEvent.click(await screen.findByRole('button', { name: '提交 孙小宝' }));
    expect(await screen.findByRole('button', { name: '孙小宝 已提交' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '孙小宝 已提交' }).disabled).toBe(
      true,
    );

    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const read = await api.get<SelfCheckin>(`/app/self-checkins/${checkin.id}`);
    expect(read.riders.find((r) => r.name === '孙小宝')).toMatchObject({ heightCm: 118, age: 7 });
  });

  it('speaks English, with the store’s English name', async () => {
    clearSession();
    await changeLanguage('en-US');
    renderAt(token);
    expect(await screen.findByText(/^The staff of Wanlong Resort Store ask/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to the staff' })).toBeTruthy();
  });

  it('says so when the code has expired or never was', async () => {
    clearSession();
    renderAt('AAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByText('这个登记码已过期')).toBeTruthy();
    expect(screen.getByText('请让店员重新出示二维码再扫一次。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交给店员' })).toBeNull();
  });
});
