import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from 'history';
import {
  Route,
  Routes,
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
} from 'react-router';
import { HistoryContext } from '@/lib/history';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Permissions, type RoleMatrix } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import RolesPage from './roles-page';
import { openedDialog } from '@/test/dialog';

const signIn = (userName: string) =>
  loginWithPassword({ userNameOrEmailAddress: userName, password: '1q2w3E*', rememberMe: false });

function renderPage(path = '/store/admin/roles') {
  // As the app runs it: on a history that pages with unsaved changes can block.
  const history = createMemoryHistory({ initialEntries: [path] });
  render(
    <HistoryRouter history={history as unknown as HistoryRouterProps['history']}>
      <HistoryContext value={history}>
        <Routes>
          <Route
            path="/store/admin/roles"
            element={
              <QueryClientProvider client={createQueryClient()}>
                <RolesPage />
              </QueryClientProvider>
            }
          />
          <Route path="/store/admin" element={<p>console</p>} />
        </Routes>
      </HistoryContext>
    </HistoryRouter>,
  );
  return history;
}

const agentPermissions = async () => {
  const matrix = await api.get<RoleMatrix>('/app/roles/matrix');
  return matrix.roles.find((r) => r.name === 'Agent')!.permissions;
};

describe('roles and permissions page (real server)', () => {
  let original: string[] | null = null;

  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });
  // The demo agent keeps what it had, whatever happened above.
  afterAll(async () => {
    if (!original) return;
    await signIn('admin');
    await api.put('/app/roles/Agent/permissions', { permissions: original });
  });

  it('shows a manager the matrix read-only, one role at a time', async () => {
    await signIn('manager');
    const history = renderPage();
    expect(screen.getByRole('heading', { name: '角色权限' })).toBeTruthy();
    expect(
      await screen.findByText('只有超级管理员可以修改角色权限，您可以在这里查看。'),
    ).toBeTruthy();
    // Opens on the first role that can change: the store manager.
    const picker = screen.getByRole('group', { name: '选择角色' });
    const manager = within(picker).getByRole('button', { name: /^店长，/ });
    expect(manager.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(picker).getByRole('button', { name: /^店员，/ }));
    await waitFor(() => expect(history.location.search).toBe('?role=StoreEmployee'));
    const finance = screen.getByRole('switch', { name: '财务' });
    expect(finance.getAttribute('aria-checked')).toBe('false');
    expect(finance.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('switch', { name: '创建订单' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Read-only: a tap changes nothing, and there is nothing to save.
    fireEvent.click(finance);
    expect(finance.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('button', { name: '保存修改' })).toBeNull();
    for (const group of ['系统管理', '门店管理', '门店业务', '配送', '代理业务', '顾客']) {
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    }
  });

  it('lets the super admin change a role, confirming what is added and removed, and the server keeps it', async () => {
    await signIn('admin');
    original = await agentPermissions();
    renderPage('/store/admin/roles?role=Agent');
    const viewOrders = await screen.findByRole('switch', { name: '查看订单' });
    expect(viewOrders.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(/只有超级管理员/)).toBeNull();
    const save = screen.getByRole('button', { name: '保存修改' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(viewOrders);
    expect(viewOrders.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('有 1 项修改未保存')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('修改“代理商”的权限？')).toBeTruthy();
    expect(within(dialog).getByText('新增：查看订单')).toBeTruthy();
    expect(within(dialog).queryByText(/移除/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认保存' }));
    // The app's toast says so (its shell shows the store's message).
    await waitFor(() => expect(useAppStore.getState().success.text).toBe('已保存“代理商”的权限'));
    expect(await agentPermissions()).toContain(Permissions.CustomerOperations.ViewOrders);
    await waitFor(() => expect(screen.queryByText('有 1 项修改未保存')).toBeNull());

    // And back: removing it is confirmed as a removal.
    fireEvent.click(screen.getByRole('switch', { name: '查看订单' }));
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    const again = await openedDialog();
    expect(within(again).getByText('移除：查看订单')).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: '确认保存' }));
    await waitFor(async () => expect(await agentPermissions()).toEqual(original));
  });

  it('asks before leaving a role with changes not saved, and never offers to change the super admin', async () => {
    await signIn('admin');
    const history = renderPage('/store/admin/roles?role=Driver');
    fireEvent.click(await screen.findByRole('switch', { name: '业绩' }));
    fireEvent.click(screen.getByRole('button', { name: /^店员，/ }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('“司机”的修改还没有保存，要放弃吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(history.location.search).toBe('?role=Driver');
    expect(screen.getByRole('switch', { name: '业绩' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '撤销修改' }));
    expect(screen.getByRole('switch', { name: '业绩' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /^超级管理员，/ }));
    await waitFor(() => expect(history.location.search).toBe('?role=SuperAdmin'));
    expect(await screen.findByText('超级管理员始终拥有全部权限，不能修改。')).toBeTruthy();
    const system = screen.getByRole('switch', { name: '系统设置' });
    expect(system.getAttribute('aria-checked')).toBe('true');
    expect(system.getAttribute('aria-disabled')).toBe('true');
  });

  it('reads in English too', async () => {
    await changeLanguage('en-US');
    await signIn('manager');
    renderPage('/store/admin/roles?role=StoreEmployee');
    expect(screen.getByRole('heading', { name: 'Roles and permissions' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Store staff, \d+ of 21$/ })).toBeTruthy();
    const stock = screen.getByRole('switch', { name: 'Manage stock' });
    expect(stock.getAttribute('aria-checked')).toBe('true');
    expect(within(stock).getByText('Check gear out and in; small equipment stock')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Store work' })).toBeTruthy();
  });
});
