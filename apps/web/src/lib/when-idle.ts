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
