import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EquipmentInput } from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { EquipmentForm } from '@/features/inventory/components/equipment-form';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import CataloguePage from './catalogue-page';
import CategoryPage from './category-page';
import { openedDialog } from '@/test/dialog';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

/** The console's catalogue pages and the store's new-stock form, on one cache as in the app. */
function renderApp(path: string, onSubmit: (input: Omit<EquipmentInput, 'storeId'>) => void) {
  const client = createQueryClient();
  const wrap = (element: React.ReactNode) => (
    <QueryClientProvider client={client}>{element}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/admin/catalogue', element: wrap(<CataloguePage />) },
      { path: '/store/admin/catalogue/:id', element: wrap(<CategoryPage />) },
      {
        path: '/store/inventory/checkin',
        element: wrap(<EquipmentForm submitting={false} error={null} onSubmit={onSubmit} />),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('catalogue administration (real server)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
  });

  // Many steps on a shared machine: more time than one page's test.
  it(
    'adds a category with a select attribute, and new stock of it shows the field',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      const onSubmit = vi.fn();
      const name = `雪地靴${Date.now() % 100000}`;
      // The store's form is open first, so its categories are already cached.
      const router = renderApp('/store/inventory/checkin', onSubmit);
      expect(await screen.findByText('双板滑雪板')).toBeTruthy();

      await router.navigate('/store/admin/catalogue/new');
      await user.type(await screen.findByLabelText(/品类名称/), name);
      await user.click(screen.getByRole('button', { name: '小件' }));
      await user.click(screen.getByRole('button', { name: '创建品类' }));

      // The category's page, ready for attributes.
      expect(await screen.findByRole('heading', { name: '属性' })).toBeTruthy();
      expect(router.state.location.pathname).toMatch(/^\/store\/admin\/catalogue\/[0-9a-f-]{36}$/);
      expect(await screen.findByText('本品类还没有自己的属性')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: /添加属性/ }));
      const sheet = await screen.findByRole('form', { name: '添加属性' });
      await user.type(within(sheet).getByLabelText(/显示名称/), '尺码');
      // A single choice with no option is refused next to the options, before anything is sent.
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      expect(await within(sheet).findByText('单选和多选属性至少需要一个选项')).toBeTruthy();

      // Each option entered whole: typed key by key, a keystroke could land while the sheet
      // finished opening and be lost ('3' for '36'), which is not what this test is about.
      const option = within(sheet).getByLabelText(/选项/);
      for (const size of ['36', '38', '40']) {
        fireEvent.change(option, { target: { value: size } });
        await user.click(within(sheet).getByRole('button', { name: '添加' }));
      }
      // The same option twice is caught as it is added.
      fireEvent.change(option, { target: { value: '38' } });
      await user.click(within(sheet).getByRole('button', { name: '添加' }));
      expect(within(sheet).getByText('已有这个选项')).toBeTruthy();
      await user.click(within(sheet).getByRole('button', { name: '删除选项“40”' }));
      await user.click(within(sheet).getByRole('switch', { name: '必填' }));
      await user.click(within(sheet).getByRole('button', { name: '保存' }));

      // Listed as the category's own, with what it is.
      const own = await screen.findByText('尺码');
      const row = own.closest('button')!;
      expect(row.textContent).toContain('单选');
      expect(row.textContent).toContain('必填');
      expect(row.textContent).toContain('36 · 38');
      expect(row.textContent).toContain('尚无设备填写');

      // New stock: the category is offered and its field shows with the options, at once.
      await router.navigate('/store/inventory/checkin');
      await screen.findByText('分类');
      await user.click(await screen.findByText(name));
      expect(await screen.findByText('尺码')).toBeTruthy();
      const choices = screen.getAllByRole('option').map((o) => o.textContent);
      expect(choices).toEqual(expect.arrayContaining(['36', '38']));
      expect(choices).not.toContain('40');

      // Saving without the required size names it; with it, the size goes with the item.
      await user.type(screen.getByLabelText(/^\*?名称/, { selector: 'input' }), '测试雪地靴');
      await user.type(screen.getByLabelText(/条码/, { selector: 'input' }), 'CATALOGUE-WEB-1');
      await user.type(screen.getByLabelText(/日租金/, { selector: 'input' }), '20');
      await user.type(screen.getByLabelText(/押金/, { selector: 'input' }), '100');
      await user.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByText('请填写尺码')).toBeTruthy();
      await user.click(screen.getByRole('option', { name: '38' }));
      await user.click(screen.getByRole('button', { name: '保存' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0].attributes).toEqual([
        { attributeId: expect.any(String), value: '38' },
      ]);
    },
  );

  it('asks before deleting a category and says why one in use stays', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderApp('/store/admin/catalogue', vi.fn());
    await user.click(await screen.findByRole('link', { name: '双板滑雪板' }));
    expect(await screen.findByRole('heading', { name: '属性' })).toBeTruthy();
    // Its own attributes, then the shared ones.
    expect(await screen.findByText('长度 (cm)')).toBeTruthy();
    expect(screen.getByText('颜色')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '删除品类' }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('删除品类“双板滑雪板”？')).toBeTruthy();
    // Cancelled: nothing is sent, the page stays.
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: '删除品类' }));
    const again = await openedDialog();
    await user.click(within(again).getByRole('button', { name: '删除品类' }));
    expect(await screen.findByText(/件设备（含已报废的），不能删除/)).toBeTruthy();
    expect(router.state.location.pathname).not.toBe('/store/admin/catalogue');
  });

  it('moves a category up the list', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/store/admin/catalogue', vi.fn());
    const names = async () => (await screen.findAllByRole('link')).map((a) => a.textContent ?? '');
    const before = await names();
    const second = before[1]!;
    await user.click(screen.getByRole('button', { name: `上移“${second}”` }));
    await waitFor(async () => expect((await names())[0]).toBe(second));
    // Put back as it was.
    await user.click(screen.getByRole('button', { name: `下移“${second}”` }));
    await waitFor(async () => expect(await names()).toEqual(before));
  });

  it(
    'edits the English beside the Chinese and marks what still lacks English',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      const name = `雪圈${Date.now() % 100000}`;
      const router = renderApp('/store/admin/catalogue/new', vi.fn());
      // The two names side by side; the English one is optional.
      const chinese = await screen.findByLabelText(/品类名称/);
      const english = screen.getByLabelText(/英文名称/);
      expect(english.closest('.form-field')?.textContent).toContain('留空时英文界面显示中文');
      await user.type(chinese, name);
      await user.click(screen.getByRole('button', { name: '创建品类' }));
      expect(await screen.findByRole('heading', { name: '属性' })).toBeTruthy();
      const categoryPath = router.state.location.pathname;

      // The list marks it, and counts what lacks English.
      await router.navigate('/store/admin/catalogue');
      const row = (await screen.findByRole('link', { name })).closest('.adm-list-item')!;
      expect(within(row as HTMLElement).getByText('缺英文')).toBeTruthy();
      expect(screen.getByText(/^\d+ 项缺英文$/)).toBeTruthy();

      // Given its English name, it is no longer marked.
      await router.navigate(categoryPath);
      await user.type(await screen.findByLabelText(/英文名称/), 'Snow tubes');
      await user.click(screen.getByRole('button', { name: '保存品类' }));
      await router.navigate('/store/admin/catalogue');
      await waitFor(
        () => {
          const named = screen.getByRole('link', { name }).closest('.adm-list-item')!;
          expect(named.textContent).toContain('Snow tubes');
          expect(named.textContent).not.toContain('缺英文');
        },
        { timeout: 10_000 },
      );

      // An attribute's options in both languages, by option.
      await router.navigate(categoryPath);
      await user.click(await screen.findByRole('button', { name: /添加属性/ }));
      const sheet = await screen.findByRole('form', { name: '添加属性' });
      await user.type(within(sheet).getByLabelText(/^显示名称/), '适合人群');
      await user.type(within(sheet).getByLabelText(/英文显示名/), 'Rider');
      const option = within(sheet).getByLabelText(/^选项/);
      for (const value of ['成人', '儿童']) {
        fireEvent.change(option, { target: { value } });
        await user.click(within(sheet).getByRole('button', { name: '添加' }));
      }
      await user.type(within(sheet).getByLabelText('“成人”的英文', { selector: 'input' }), 'Adult');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      const attribute = (await screen.findByText('适合人群')).closest('button')!;
      expect(attribute.textContent).toContain('Rider');
      // Each option with its English beside it, marked as English.
      expect(attribute.textContent).toContain('成人 Adult · 儿童');
      expect(within(attribute).getByText('Adult').getAttribute('lang')).toBe('en');
      // 儿童 has no English yet.
      expect(attribute.textContent).toContain('缺英文');
    },
  );
});
