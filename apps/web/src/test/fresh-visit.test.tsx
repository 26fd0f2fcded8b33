import { render, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { emptyIndexedDb } from './indexed-db';
import { beginAsAFreshVisit } from './fresh-visit';

// The page tests of a worker share one page: what one file leaves must not reach the next.
describe('each test file begins as a first visit', () => {
  it('opens a dialog to the end while a test has the timers faked', async () => {
    // First in this file: no animation is running, so none has started jsdom's frames already.
    const { setTimeout: realTimeout } = globalThis;
    vi.useFakeTimers();
    void Dialog.confirm({ content: 'opened on real time' });
    const opening = () =>
      (
        screen.queryByText('opened on real time')?.closest('[role="dialog"]')
          ?.firstElementChild as HTMLElement | null
      )?.style.pointerEvents;
    // Waited for on the real clock, up to ten seconds, and never moved on by the fake one.
    for (let waited = 0; opening() !== 'unset' && waited < 10_000; waited += 20) {
      await new Promise((resolve) => realTimeout(resolve, 20));
    }
    expect(opening()).toBe('unset');
    vi.useRealTimers();
    Dialog.clear();
  });

  it('brings animation frames back after one was asked for under fake timers', async () => {
    // A library keeps the browser's function from before the fake timers (antd-mobile's
    // animations do): jsdom starts its frame interval on the fake clock, which then goes.
    const browsersFrame = window.requestAnimationFrame.bind(window);
    vi.useFakeTimers();
    browsersFrame(() => undefined);
    vi.useRealTimers();
    const frameWithin = (ms: number) =>
      new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), ms);
        requestAnimationFrame(() => resolve(true));
      });
    expect(await frameWithin(300)).toBe(false);

    await beginAsAFreshVisit();

    // A frame comes again (at once; the bound only spares a busy machine).
    expect(await frameWithin(10_000)).toBe(true);
  });

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

    await beginAsAFreshVisit();

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
