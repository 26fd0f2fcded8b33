import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Permissions, RoleName, type UserProfile } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { loginWithPassword, useSession } from './session-store';
import { watchGrants } from './watch-grants';

const PASSWORD = '1q2w3E*';

/** A button only staff who handle the store's orders get, as the order screens gate theirs. */
function OrdersButton() {
  const can = useSession((s) => s.permissions.includes(Permissions.StoreManagement.Orders));
  return can ? <button type="button">处理订单</button> : null;
}

/** Requests for the application configuration. */
function countConfigurationCalls() {
  const get = vi.spyOn(api, 'get');
  return {
    count: () => get.mock.calls.filter(([url]) => url === '/abp/application-configuration').length,
    stop: () => get.mockRestore(),
  };
}

describe('granted permissions kept fresh (real server)', () => {
  let adminToken: string;
  let employee: UserProfile;
  let userName: string;
  let stop: () => void;

  /** The administrator gives the employee these roles (their own session stays signed in). */
  const setRoles = (roles: string[]) =>
    api.put(
      `/app/employees/${employee.id}`,
      { name: employee.name, roles, primaryStoreId: employee.primaryStoreId },
      { skipAuth: true, headers: { Authorization: `Bearer ${adminToken}` } },
    );

  beforeAll(async () => {
    await loginWithPassword({ userNameOrEmailAddress: 'admin', password: PASSWORD });
    adminToken = useSession.getState().accessToken!;
    const storeId = (await api.get<{ items: { id: string }[] }>('/app/admin/stores')).items[0]!.id;
    userName = `grants-${Date.now()}`;
    await api.post('/app/employees', {
      name: '权限测试',
      userName,
      password: PASSWORD,
      roles: [RoleName.StoreEmployee],
      primaryStoreId: storeId,
    });
    employee = await loginWithPassword({ userNameOrEmailAddress: userName, password: PASSWORD });
    stop = watchGrants();
  });
  afterAll(() => stop());

  it('takes a revoked permission’s buttons away when the app is back in view, at most every 30 s', async () => {
    render(<OrdersButton />);
    expect(screen.getByRole('button', { name: '处理订单' })).toBeTruthy();

    await setRoles([RoleName.Driver]);
    // Still shown: nothing has asked yet.
    expect(screen.getByRole('button', { name: '处理订单' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '处理订单' })).toBeNull());
    expect(useSession.getState().roles).toEqual([RoleName.Driver]);

    // Back again within 30 s (the tab shown, focus): not asked again.
    await setRoles([RoleName.StoreEmployee]);
    const calls = countConfigurationCalls();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = calls.count();
    calls.stop();
    expect(asked).toBe(0);
    expect(screen.queryByRole('button', { name: '处理订单' })).toBeNull();
  });

  it('refreshes once after a burst of 403s, and the revoked permission’s buttons go', async () => {
    // Signed in again (each test starts with empty storage), with the employee role given back.
    await loginWithPassword({ userNameOrEmailAddress: userName, password: PASSWORD });
    render(<OrdersButton />);
    expect(screen.getByRole('button', { name: '处理订单' })).toBeTruthy();

    await setRoles([RoleName.Driver]);
    const calls = countConfigurationCalls();
    const refused = await Promise.all(
      [1, 2, 3].map(() =>
        api.get('/app/employees', { silent: true }).then(
          () => 200,
          (e: { status?: number }) => e.status,
        ),
      ),
    );
    expect(refused).toEqual([403, 403, 403]);
    await waitFor(() => expect(screen.queryByRole('button', { name: '处理订单' })).toBeNull());
    const asked = calls.count();
    calls.stop();
    expect(asked).toBe(1);
  });
});
