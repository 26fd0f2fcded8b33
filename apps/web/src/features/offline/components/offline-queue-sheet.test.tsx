import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import {
  clearOrderDraft,
  EMPTY_DRAFT,
  loadOrderDraft,
} from '@/features/orders/utils/order-create-form';
import { changeLanguage } from '@/lib/i18n';
import { offlineDb, resetOfflineDbForTests, type QueuedRequest } from '../offline-db';
import { useQueueStore } from '../stores/queue-store';
import OfflineQueueSheet from './offline-queue-sheet';
import { emptyIndexedDb } from '@/test/indexed-db';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

describe('the offline queue sheet', () => {
  it('shows a new order the server refused in its words, and opens its draft again', async () => {
    emptyIndexedDb();
    resetOfflineDbForTests();
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const userId = useSession.getState().user!.id;
    clearOrderDraft(userId);
    const refused: QueuedRequest = {
      key: 'refused-order',
      userId,
      method: 'POST',
      url: '/app/orders',
      body: {},
      kind: 'orderCreate',
      label: '新订单 张三 · 2 件',
      createdAt: Date.now(),
      state: 'conflict',
      problem: '设备 P-1 在该时段已被占用',
      context: { draft: { ...EMPTY_DRAFT, customerName: '张三', customerPhone: '13900001111' } },
    };
    await (await offlineDb()).put('requests', refused);
    useQueueStore.setState({ entries: [refused], syncing: false });
    const router = createMemoryRouter(
      [
        { path: '/store/dashboard', element: <OfflineQueueSheet onClose={() => undefined} /> },
        { path: '/store/orders/create', element: <p>new order page</p> },
      ],
      { initialEntries: ['/store/dashboard'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByText('新订单 张三 · 2 件')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('设备 P-1 在该时段已被占用');
    await userEvent.click(screen.getByRole('button', { name: '重新打开草稿' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/orders/create'));
    expect(loadOrderDraft(userId)).toMatchObject({
      customerName: '张三',
      customerPhone: '13900001111',
    });
    expect(await (await offlineDb()).get('requests', 'refused-order')).toBeUndefined();
    clearOrderDraft(userId);
  });
});
