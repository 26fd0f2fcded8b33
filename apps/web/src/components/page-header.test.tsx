import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { PageHeader } from './page-header';

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>start page</p> },
      { path: '/here', element },
    ],
    { initialEntries: ['/start', '/here'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PageHeader', () => {
  it('has a back button a keyboard and a screen reader can use, and a heading', async () => {
    await changeLanguage('zh-CN');
    const router = renderAt(<PageHeader title="订单详情" backTo="/start" />);
    expect(screen.getByRole('heading', { level: 1, name: '订单详情' })).toBeTruthy();
    const back = screen.getByRole('button', { name: '返回' });
    expect(back.tagName).toBe('BUTTON');
    // Nothing in the bar claims to be a button without being one (antd-mobile's NavBar did).
    expect(document.querySelectorAll('[role="button"]')).toHaveLength(0);
    fireEvent.click(back);
    expect(router.state.location.pathname).toBe('/start');
  });

  it('shows no back control on a tab page, and speaks English', async () => {
    await changeLanguage('en-US');
    renderAt(<PageHeader noBack title="My orders" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'My orders' })).toBeTruthy();
    await changeLanguage('zh-CN');
  });
});
