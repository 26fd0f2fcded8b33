import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { PullToRefresh } from './pull-to-refresh';

function pull(target: Element, distance: number) {
  fireEvent.touchStart(target, { touches: [{ clientX: 100, clientY: 100 }] });
  for (let y = 100; y <= 100 + distance; y += 20) {
    fireEvent.touchMove(target, { touches: [{ clientX: 100, clientY: y }] });
  }
}

describe('pull to refresh', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    window.scrollY = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('says what letting go will do, then refreshes once and says so', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((ok) => (finish = ok)));
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>订单列表</p>
      </PullToRefresh>,
    );
    const list = screen.getByText('订单列表');
    pull(list, 60);
    expect(screen.getByRole('status').textContent).toBe('下拉刷新');
    pull(list, 200);
    expect(screen.getByRole('status').textContent).toBe('释放立即刷新');
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('刷新中…');
    // A second pull while it refreshes does nothing.
    pull(list, 200);
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledOnce();
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('已刷新');
  });

  it('lets a short pull go without refreshing, and ignores pulls below the top', () => {
    const onRefresh = vi.fn(async () => undefined);
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>订单列表</p>
      </PullToRefresh>,
    );
    const list = screen.getByText('订单列表');
    pull(list, 80);
    fireEvent.touchEnd(list);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');

    window.scrollY = 300;
    pull(list, 300);
    fireEvent.touchEnd(list);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    render(
      <PullToRefresh onRefresh={async () => undefined}>
        <p>Orders</p>
      </PullToRefresh>,
    );
    pull(screen.getByText('Orders'), 200);
    expect(screen.getByRole('status').textContent).toBe('Release to refresh');
  });
});
