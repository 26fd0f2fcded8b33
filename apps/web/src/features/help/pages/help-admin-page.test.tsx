import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import HelpAdminPage from './help-admin-page';
import HelpArticleEditPage from './help-article-edit-page';
import { HelpDriverPage } from './help-audience-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

/** The editor's pages and the public help centre's driver list, on one cache as in the app. */
function renderApp(path: string) {
  const client = createQueryClient();
  const wrap = (element: React.ReactNode) => (
    <QueryClientProvider client={client}>{element}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/admin/help', element: wrap(<HelpAdminPage />) },
      { path: '/store/admin/help/:id', element: wrap(<HelpArticleEditPage />) },
      { path: '/help/driver', element: wrap(<HelpDriverPage />) },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('help articles: the editor (real server)', () => {
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
    'publishes a help article that the public help centre shows',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      const stamp = Date.now() % 100000;
      const title = `雪天开车上山${stamp}`;
      const router = renderApp('/store/admin/help/new');

      await user.type(await screen.findByLabelText(/标题/), title);
      // A slug that breaks the rule is named next to its field, before anything is sent.
      await user.type(screen.getByLabelText(/标识/), 'Snow Road');
      await user.click(screen.getByRole('button', { name: '保存草稿' }));
      expect(await screen.findByText('标识只能用小写字母、数字和连字符，3–60 个字符')).toBeTruthy();
      // One the language has already is refused by the server, next to the same field.
      await user.clear(screen.getByLabelText(/标识/));
      await user.type(screen.getByLabelText(/标识/), 'customer-how-to-book');
      await user.type(screen.getByLabelText(/正文/), '草稿');
      await user.click(screen.getByRole('button', { name: '保存草稿' }));
      const taken = await screen.findByText('中文文章中已有标识为“customer-how-to-book”的一篇');
      expect(taken.id).toBe(screen.getByLabelText(/标识/).getAttribute('aria-describedby'));
      await user.clear(screen.getByLabelText(/正文/));
      await user.clear(screen.getByLabelText(/标识/));
      await user.type(screen.getByLabelText(/标识/), `driver-snow-road-${stamp}`);
      await user.click(screen.getByRole('button', { name: '司机' }));
      await user.type(screen.getByLabelText(/摘要/), '上山前检查轮胎和防滑链。');
      await user.type(
        screen.getByLabelText(/正文/),
        '出发前请检查车辆。{enter}{enter}## 出发前{enter}{enter}1. 检查防滑链{enter}2. 带好铲子{enter}{enter}<b>不显示的标签</b>',
      );

      // The preview renders as the help centre does: headings and steps, never raw HTML.
      await user.click(screen.getByRole('tab', { name: '预览' }));
      const preview = screen.getByRole('tabpanel', { name: '预览' });
      expect(within(preview).getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(within(preview).getByRole('heading', { level: 2, name: '出发前' })).toBeTruthy();
      expect(
        within(preview)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['检查防滑链', '带好铲子']);
      expect(preview.querySelector('b')).toBeNull();

      // Saved as a draft: the help centre does not show it.
      await user.click(screen.getByRole('tab', { name: '编辑' }));
      await user.click(screen.getByRole('button', { name: '保存草稿' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toMatch(/^\/store\/admin\/help\/[0-9a-f-]{36}$/),
      );
      const editPath = router.state.location.pathname;
      expect(await screen.findByText('草稿：读者看不到这篇文章。')).toBeTruthy();

      await router.navigate('/help/driver');
      await screen.findByRole('heading', { name: '司机帮助' });
      await screen.findAllByRole('link');
      expect(screen.queryByText(title)).toBeNull();

      // Published: there it is, first among the drivers' articles.
      await router.navigate(editPath);
      await user.click(await screen.findByRole('button', { name: '保存并发布' }));
      expect(await screen.findByText('已发布：保存后读者立即看到修改。')).toBeTruthy();
      expect(screen.getByRole('button', { name: '取消发布' })).toBeTruthy();

      await router.navigate('/help/driver');
      const link = await screen.findByRole('link', { name: new RegExp(title) });
      expect(link.textContent).toContain('上山前检查轮胎和防滑链。');

      // Its English version is started with the same slug and readers.
      await router.navigate(editPath);
      await user.click(await screen.findByRole('link', { name: '写英文版' }));
      expect(await screen.findByRole('heading', { name: '写文章' })).toBeTruthy();
      expect(screen.getByLabelText(/标识/)).toHaveProperty('value', `driver-snow-road-${stamp}`);
      expect(screen.getByRole('button', { name: '司机' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(screen.getByRole('button', { name: '英文' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    },
  );

  it('keeps an article being written through a reload, and nothing once it is saved', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const stamp = Date.now() % 100000;
    const drafts = () =>
      Object.keys(window.localStorage).filter((k) => k.startsWith('draft:help-article:'));
    renderApp('/store/admin/help/new');
    await user.type(await screen.findByLabelText(/标题/), `雪道开放时间${stamp}`);
    await user.type(screen.getByLabelText(/正文/), '每天 8:30 开放。');
    expect(drafts()).toHaveLength(1);
    cleanup();

    const router = renderApp('/store/admin/help/new');
    expect(await screen.findByText('已恢复上次未提交的内容')).toBeTruthy();
    expect(screen.getByLabelText(/标题/)).toHaveProperty('value', `雪道开放时间${stamp}`);
    expect(screen.getByLabelText(/正文/)).toHaveProperty('value', '每天 8:30 开放。');
    await user.type(screen.getByLabelText(/标识/), `slope-hours-${stamp}`);
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/store\/admin\/help\/[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('草稿：读者看不到这篇文章。')).toBeTruthy();
    expect(drafts()).toEqual([]);
    expect(screen.queryByText('已恢复上次未提交的内容')).toBeNull();
  });

  it('filters the list, and links an article to its version in the other language', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderApp('/store/admin/help');
    // Every demo article is published and has both languages.
    await user.click(await screen.findByRole('button', { name: '英文' }));
    await user.click(screen.getByRole('button', { name: '店员' }));
    const first = (await screen.findAllByRole('link'))[0]!;
    expect(first.textContent).toContain('已发布');
    expect(first.textContent).toContain('英文');
    expect(first.textContent).not.toContain('缺少');
    await user.click(first);

    const englishPath = router.state.location.pathname;
    const toChinese = await screen.findByRole('link', { name: /^中文版：/ });
    await user.click(toChinese);
    // The Chinese version, which links back.
    const back = await screen.findByRole('link', { name: /^英文版：/ });
    expect(router.state.location.pathname).not.toBe(englishPath);
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe(englishPath));
  });
});
