import { render, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { emptyIndexedDb } from './indexed-db';
import { beginAsAFreshVisit } from './fresh-visit';

// The page tests of a worker share one page: what one file leaves must not reach the next.
describe('each test file begins as a first visit', () => {
  it('undoes what a file before it did to the page', async () => {
    const sessionModule = await import('@/features/auth/stores/session-store');
    render(<p>left on screen</p>);
    void Dialog.confirm({ content: 'a dialog left open' });
    expect(await screen.findByText('a dialog left open')).toBeTruthy();
    document.cookie = 'left=1; path=/';
    localStorage.setItem('left', '1');
    sessionStorage.setItem('left', '1');
    window.history.replaceState(null, '', '/store/orders?tab=2');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    Object.defineProperty(window, 'WeixinJSBridge', { value: {}, configurable: true });
    emptyIndexedDb();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    vi.useFakeTimers();

    beginAsAFreshVisit();

    expect(document.body.textContent).toBe('');
    expect(document.cookie).toBe('');
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(navigator.onLine).toBe(true);
    expect('WeixinJSBridge' in window).toBe(false);
    expect('indexedDB' in window).toBe(false);
    const focusNow: unknown = Object.getOwnPropertyDescriptor(
      HTMLElement.prototype,
      'focus',
    )?.value;
    expect(vi.isMockFunction(focusNow)).toBe(false);
    expect(focusNow).not.toBe(focus);
    expect(vi.isFakeTimers()).toBe(false);
    // The app's own modules (and the state they keep) load anew.
    expect(await import('@/features/auth/stores/session-store')).not.toBe(sessionModule);
  });
});
