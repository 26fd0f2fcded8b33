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

/**
 * Runs `work` once the page opened has drawn with its data: after the load event, when no query
 * is being fetched, then when the browser is idle; at the latest `maxWaitMs` after the call.
 * Work nobody on the screen waits for (the service worker and its downloads, the offline queue's
 * sending) so leaves a weak network and a slow phone to the page's own requests. Returns a cancel.
 */
export function whenPageSettled(
  queryClient: QueryClient,
  work: () => void,
  maxWaitMs = 5000,
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
  const afterLoad = () => {
    if (done) return;
    if (queryClient.isFetching() === 0) {
      cleanups.push(whenIdle(run));
      return;
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      cleanups.push(whenIdle(run));
    });
    cleanups.push(unsubscribe);
  };
  const timer = setTimeout(run, maxWaitMs);
  cleanups.push(() => clearTimeout(timer));
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cleanups.push(() => window.removeEventListener('load', afterLoad));
  }
  return cancel;
}
