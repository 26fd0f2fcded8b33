import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey as K,
  type AdminParameters,
  type H5Config,
  type StoreAdmin,
  type SystemInfoAdmin,
} from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import AdminHomePage from './admin-home-page';
import ParametersPage from './parameters-page';
import StoreEditPage from './store-edit-page';
import StoresPage from './stores-page';
import SystemInfoPage from './system-info-page';
import { openedDialog } from '@/test/dialog';

function renderAt(path: string) {
  const client = createQueryClient();
  const wrap = (element: React.ReactNode) => (
    <QueryClientProvider client={client}>{element}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/admin', element: wrap(<AdminHomePage />) },
      { path: '/store/admin/stores', element: wrap(<StoresPage />) },
      { path: '/store/admin/stores/:id', element: wrap(<StoreEditPage />) },
      { path: '/store/admin/parameters', element: wrap(<ParametersPage />) },
      { path: '/store/admin/system', element: wrap(<SystemInfoPage />) },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function signIn(user: string) {
  await loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  useConfigStore.setState({ config, source: config, status: 'ready' });
}

describe('the administration console (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('offers each person the sections their permissions open', async () => {
    await signIn('manager');
    renderAt('/store/admin');
    expect(await screen.findByText('业务参数')).toBeTruthy();
    for (const shown of ['员工管理', '角色权限', '操作日志', '交班对账']) {
      expect(screen.getByText(shown)).toBeTruthy();
    }
    for (const hidden of ['门店管理', '系统信息与备案', '品类与属性', '帮助文章']) {
      expect(screen.queryByText(hidden)).toBeNull();
    }
  });

  it('opens a store: mistakes are named next to their fields, then the store is saved with its hours', async () => {
    await signIn('admin');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderAt('/store/admin/stores/new');
    await user.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入门店名称')).toBeTruthy();
    expect(screen.getByLabelText(/门店名称/).getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('2–20 位字母、数字或短横线', { selector: '.field-error' }),
    ).toBeTruthy();

    const code = `T${Date.now().toString(36).toUpperCase()}`;
    // The English name sits beside the Chinese, marked while it is missing.
    expect(screen.getAllByText('缺英文')).toHaveLength(2);
    await user.type(screen.getByLabelText(/英文名称/), 'Songhua Lake Test Store');
    // Drawn in the render after the typing, which a busy machine may hold back a moment.
    await waitFor(() => expect(screen.getAllByText('缺英文')).toHaveLength(1));
    await user.type(screen.getByLabelText(/门店名称/), '松花湖测试店');
    await user.type(screen.getByLabelText(/门店编码/), code);
    fireEvent.change(screen.getByLabelText('关门'), { target: { value: '18:30' } });
    await user.click(screen.getByText('周二'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/admin/stores'));
    const stores = await api.get<{ items: StoreAdmin[] }>('/app/admin/stores');
    expect(stores.items.find((s) => s.code === code)).toMatchObject({
      name: '松花湖测试店',
      nameEn: 'Songhua Lake Test Store',
      addressEn: '',
      openTime: '08:00',
      closeTime: '18:30',
      restDays: [2],
      isActive: true,
    });
    const row = (await screen.findByText('松花湖测试店')).closest('a') as HTMLElement;
    // The badge says which English is missing: here the address.
    expect(within(row).getByText('缺英文地址')).toBeTruthy();
    expect(within(row).getByText('Songhua Lake Test Store').getAttribute('lang')).toBe('en');
    // An English reader reads the English name first, the Chinese beside it marked as Chinese.
    await changeLanguage('en-US');
    const english = (await screen.findByText('No English address')).closest('a') as HTMLElement;
    expect(english.textContent).toMatch(/^Songhua Lake Test Store 松花湖测试店/);
    expect(within(english).getByText('松花湖测试店').getAttribute('lang')).toBe('zh-CN');
    // The web tests share one server: the store closes again, leaving the demo's three.
    const created = stores.items.find((s) => s.code === code)!;
    await api.put(`/app/admin/stores/${created.id}`, { ...created, isActive: false });
  });

  it('lets a manager set their store’s delivery fee, and follow the business again', async () => {
    await signIn('manager');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/store/admin/parameters');
    const field = (await screen.findByText('送货上门费')).closest('.parameter') as HTMLElement;
    const follow = within(field).getByRole('checkbox');
    if ((follow as HTMLInputElement).checked) await user.click(follow);
    const input = within(field).getByRole('textbox');
    await user.clear(input);
    await user.type(input, '66.5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => {
      const saved = await api.get<AdminParameters>('/app/admin/business-parameters');
      expect(saved.items.find((i) => i.key === K.DeliveryFee)).toMatchObject({
        store: '66.5',
        source: 'store',
      });
    });
    // The page shows what is now in force, and only the store's value: not the business's too.
    expect(await within(field).findByText(/生效：¥66.50/)).toBeTruthy();
    expect(within(field).getByRole('checkbox').closest('.parameter__inherit')!.textContent).toBe(
      '跟随全局',
    );
    // A value the parameter cannot take is named next to it.
    await user.clear(within(field).getByRole('textbox'));
    await user.type(within(field).getByRole('textbox'), '1.234');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(field).findByText('请输入正确的数字')).toBeTruthy();
    // Back to the business's value.
    await user.click(within(field).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () => {
      const now = await api.get<AdminParameters>('/app/admin/business-parameters');
      expect(now.items.find((i) => i.key === K.DeliveryFee)?.source).not.toBe('store');
    });
  });

  it('changes the system name and publishes a new rental agreement, in English', async () => {
    await signIn('admin');
    await changeLanguage('en-US');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/store/admin/system');
    const name = await screen.findByLabelText(/System name/);
    const before = (name as HTMLInputElement).value;
    await user.clear(name);
    await user.type(name, 'Chongli Ski Rental');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await api.get<H5Config>('/app/config-distribution/h5')).systemInfo.systemName).toBe(
        'Chongli Ski Rental',
      ),
    );
    // The web tests share one server: the name goes back as it was.
    const info = await api.get<SystemInfoAdmin>('/app/admin/system-info');
    await api.put('/app/admin/system-info', { ...info, systemName: before });

    // Chinese and English side by side; both are published as one version.
    const agreement = screen.getByLabelText('Agreement text (Chinese)');
    await user.type(agreement, '\n9. 儿童头盔免费。');
    const english = screen.getByLabelText(/Agreement text \(English\)/);
    await user.type(english, '\n9. Helmets are free for children.');
    await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
    const dialog = await openedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Publish a new version' }));
    await waitFor(async () => {
      const config = await api.get<H5Config>('/app/config-distribution/h5');
      expect(config.systemInfo.rentalAgreement).toContain('9. 儿童头盔免费。');
      expect(config.systemInfo.rentalAgreementEn).toContain('9. Helmets are free for children.');
    });
    // The new version heads the list, marked current; the one before stays beside it.
    await waitFor(() => expect(screen.getAllByText(/ · Show$/).length).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText('Current')).toHaveLength(1);
  });
});
