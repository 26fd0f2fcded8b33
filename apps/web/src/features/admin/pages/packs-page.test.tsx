import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { H5Config, RentalPackList } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import AdminHomePage from './admin-home-page';
import PacksPage from './packs-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

function renderAt(path: string) {
  const client = createQueryClient();
  const wrap = (element: React.ReactNode) => (
    <QueryClientProvider client={client}>{element}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/admin', element: wrap(<AdminHomePage />) },
      { path: '/store/admin/packs', element: wrap(<PacksPage />) },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

async function signIn(user: 'admin' | 'manager') {
  await loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  useConfigStore.setState({ config, source: config, status: 'ready' });
}

/** The packs these tests make are named 测试…: the shared server loses them again. */
const TEST = `测试套餐${Date.now() % 1_000_000}`;
async function removeTestPacks() {
  await signIn('admin');
  const config = useConfigStore.getState().config!;
  for (const storeId of [undefined, ...Object.values(config.storeConfigs).map((s) => s.storeId)]) {
    const list = await api.get<RentalPackList>('/app/rental-packs', {
      params: storeId ? { storeId } : {},
    });
    for (const pack of list.items.filter((p) => p.name.startsWith(TEST) && !p.inherited)) {
      await api.delete(`/app/rental-packs/${pack.id}`);
    }
  }
}

const rowOf = (text: HTMLElement) => text.closest('li') as HTMLElement;

describe('packs (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(removeTestPacks);

  it('offers a manager the packs beside the rate cards, and shows the business’s packs to read only', async () => {
    await signIn('manager');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/store/admin');
    expect(
      await screen.findByText('各项运动的套餐档次：包含哪些装备、图片和介绍，是否在售'),
    ).toBeTruthy();

    renderAt('/store/admin/packs');
    const full = rowOf(await screen.findByRole('button', { name: '查看套餐“双板全套”' }));
    expect(within(full).getByText('总部')).toBeTruthy();
    expect(within(full).getByText('在售')).toBeTruthy();
    expect(within(full).getByText(/^包含：双板滑雪板、双板滑雪鞋、雪杖、头盔$/)).toBeTruthy();
    await user.click(within(full).getByRole('button', { name: '查看套餐“双板全套”' }));
    const sheet = await screen.findByRole('form', { name: '双板全套' });
    expect(
      within(sheet).getByText('这是总部的套餐，只有系统管理员可以修改；本店可以另建自己的套餐。'),
    ).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: '保存' })).toBeNull();
    expect(within(sheet).getByLabelText<HTMLInputElement>(/^名称/).readOnly).toBe(true);
  });

  it('makes a store’s pack: its parts in the order tapped, refused next to the field first, then on sale and off', async () => {
    await signIn('manager');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/store/admin/packs');
    await screen.findByRole('button', { name: '查看套餐“双板全套”' });
    await user.click(screen.getByRole('button', { name: /新建/ }));
    const sheet = await screen.findByRole('form', { name: '新建套餐' });
    await user.type(within(sheet).getByLabelText(/^名称/), '双板全套');
    await user.click(within(sheet).getByRole('button', { name: '头盔' }));
    await user.type(within(sheet).getByLabelText(/^日租金/), '40');
    await user.type(within(sheet).getByLabelText(/^押金/), '200');

    // One kind is not a pack: said under the parts before anything is sent.
    await user.click(within(sheet).getByRole('button', { name: '保存' }));
    expect(await within(sheet).findByText('套餐至少包含 2 类、至多 8 类装备')).toBeTruthy();

    // Two kinds, goggles tapped after the helmet; the name the business's pack has: the server's 409.
    await user.click(within(sheet).getByRole('button', { name: '雪镜' }));
    expect(within(sheet).getByRole('button', { name: '雪镜' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(sheet).getByText('已选 2 类')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '保存' }));
    expect(await within(sheet).findByText('已有名为“双板全套”的套餐')).toBeTruthy();
    expect(within(sheet).getByLabelText(/^名称/).getAttribute('aria-invalid')).toBe('true');

    const name = within(sheet).getByLabelText(/^名称/);
    await user.clear(name);
    await user.type(name, `${TEST}头盔雪镜`);
    await user.click(within(sheet).getByRole('button', { name: '保存' }));
    const row = rowOf(await screen.findByRole('button', { name: `修改套餐“${TEST}头盔雪镜”` }));
    expect(within(row).getByText('包含：头盔、雪镜')).toBeTruthy();
    expect(within(row).getByText('日租金 ¥40.00 · 押金 ¥200.00')).toBeTruthy();
    expect(within(row).getByText('没有价目表，按日租金 × 天数计价')).toBeTruthy();
    expect(within(row).queryByText('总部')).toBeNull();

    // Off sale: the switch, saved.
    await user.click(within(row).getByRole('button', { name: `修改套餐“${TEST}头盔雪镜”` }));
    const again = await screen.findByRole('form', { name: `${TEST}头盔雪镜` });
    await user.click(within(again).getByRole('switch'));
    await user.click(within(again).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(within(rowOf(screen.getByText(`${TEST}头盔雪镜`))).getByText('停售')).toBeTruthy(),
    );
    const saved = await api.get<RentalPackList>('/app/rental-packs');
    expect(saved.items.find((p) => p.name === `${TEST}头盔雪镜`)).toMatchObject({
      isActive: false,
      dailyPrice: 40,
      deposit: 200,
      inherited: false,
    });

    // Deleted after a confirmation.
    await user.click(
      within(rowOf(screen.getByText(`${TEST}头盔雪镜`))).getByRole('button', {
        name: `修改套餐“${TEST}头盔雪镜”`,
      }),
    );
    const last = await screen.findByRole('form', { name: `${TEST}头盔雪镜` });
    await user.click(within(last).getByRole('button', { name: '删除' }));
    const dialog = await openedDialog(`删除套餐“${TEST}头盔雪镜”？`);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText(`${TEST}头盔雪镜`)).toBeNull());
  });

  it('names the packs in English for an English reader, in the list and in the sheet', async () => {
    await signIn('manager');
    await changeLanguage('en-US');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderAt('/store/admin/packs');
    const full = rowOf(await screen.findByRole('button', { name: 'View the pack “Full ski set”' }));
    // The parts' names arrive with the gear kinds, which may answer after the packs.
    expect(
      await within(full).findByText('Holds: Skis, Ski boots, Ski poles, Helmets'),
    ).toBeTruthy();
    await user.click(within(full).getByRole('button', { name: 'View the pack “Full ski set”' }));
    expect(await screen.findByRole('form', { name: 'Full ski set' })).toBeTruthy();
  });
});
