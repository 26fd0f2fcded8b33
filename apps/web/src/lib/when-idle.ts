import type { QueryClient } from '@tanstack/react-query';

/**
 * Runs `work` once the browser has nothing more pressing (drawing the page, answering a tap),
 * or `fallbackMs` later where there is no idle callback (Safari). Returns a cancel.
 */
export function whenIdle(work: () => void, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(work, fallbackMs);
    return () => clearTimeout(timer);
  }
  const request = window.requestIdleCallback(work, { timeout: 2000 });
  return () => window.cancelIdleCallback(request);
}

/** How long a page is given to draw the data it has received. */
const DRAWING_MS = 300;

/**
 * Runs `work` once what is on its way to the screen has been drawn: the frames that draw it
 * first (a page renders in steps), then idle time after them. Returns a cancel.
 */
export function whenDrawn(work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(work);
    }, DRAWING_MS);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/**
 * Runs `work` once the page opened has drawn with its data: after the load event and `after`
 * (the app's start-up, which reads the configuration), when no query is being fetched, then after
 * the next frames once the browser is idle; at the latest `maxWaitMs` after the call. Work nobody
 * on the screen waits for (the service worker and its downloads, the offline queue's sending) so
 * leaves a weak network and a slow phone to the page's own requests. Returns a cancel.
 */
export function whenPageSettled(
  queryClient: QueryClient,
  work: () => void,
  {
    after = Promise.resolve(),
    maxWaitMs = 5000,
  }: { after?: Promise<unknown>; maxWaitMs?: number } = {},
): () => void {
  let done = false;
  const cleanups: (() => void)[] = [];
  const cancel = () => {
    done = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const afterNextFrame = () => cleanups.push(whenDrawn(run));
  const whenQueriesDone = () => {
    if (done) return;
    if (queryClient.isFetching() === 0) return afterNextFrame();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      afterNextFrame();
    });
    cleanups.push(unsubscribe);
  };
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          window.addEventListener('load', () => resolve(), { once: true });
        });
  void Promise.all([loaded, after.catch(() => undefined)]).then(whenQueriesDone);
  const timer = setTimeout(run, maxWaitMs);
  cleanups.push(() => clearTimeout(timer));
  return cancel;
}

/**
 * Resolves in a task of its own: the work before and after it are two tasks, between which the
 * phone can draw and answer a tap, instead of one long one (`scheduler.yield` where there is one,
 * whose continuation goes before other waiting tasks).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
