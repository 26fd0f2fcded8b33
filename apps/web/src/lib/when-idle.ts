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

/** Where the work waiting for idle time has got to (`whenIdleInTurn`). */
let turn: Promise<void> = Promise.resolve();
/**
 * The longest a piece of idle work keeps the next waiting: long enough for its code to arrive and
 * run, not for a slow network to hold everything behind it.
 */
const TURN_MS = 500;

/**
 * Runs `work` when the browser is idle, once the work queued before it is done (the promise it
 * returned has settled, or TURN_MS has passed): each piece in an idle period of its own. What
 * waits for the first screen (the offline sync, the service worker, code for later) was let go
 * at one moment, and its modules ran and its styles applied in a burst of long tasks just after
 * the page drew, where a tap waited. Returns a cancel; a cancelled piece holds up nothing.
 */
export function whenIdleInTurn(work: () => unknown): () => void {
  let cancelled = false;
  let waiting: { cancelIdle: () => void; release: () => void } | undefined;
  turn = turn.then(
    () =>
      new Promise<void>((release) => {
        if (cancelled) return release();
        const cancelIdle = whenIdle(() => {
          waiting = undefined;
          const timer = setTimeout(release, TURN_MS);
          const done = () => {
            clearTimeout(timer);
            release();
          };
          try {
            // A failure is the work's own to report (as before it waited here): the queue moves on.
            void Promise.resolve(work()).finally(done);
          } catch (error) {
            done();
            throw error;
          }
        });
        waiting = { cancelIdle, release };
      }),
  );
  return () => {
    cancelled = true;
    waiting?.cancelIdle();
    waiting?.release();
    waiting = undefined;
  };
}

/** How long a page is given to draw the data it has received. */
const DRAWING_MS = 300;

/**
 * Runs `work` once what is on its way to the screen has been drawn: the frames that draw it
 * first (a page renders in steps), then idle time after them, in turn with other such work
 * (`whenIdleInTurn`). Returns a cancel.
 */
export function whenDrawn(work: () => unknown): () => void {
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      cancelIdle = whenIdleInTurn(work);
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
  work: () => unknown,
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
    return work();
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
