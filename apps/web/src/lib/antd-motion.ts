import { useSyncExternalStore } from 'react';

/**
 * Stands in for antd-mobile's utils/reduce-and-restore-motion (build/antd-motion.ts puts it in
 * its place). The original imports the spring animation library only to switch its animations
 * off in reduceMotion(), and as SpinLoading reads it, every page with a spinner downloaded that
 * library. Here the library is fetched only if someone does switch animations off.
 */
let reduced = false;
const subscribers = new Set<() => void>();

function set(value: boolean) {
  reduced = value;
  for (const subscriber of subscribers) subscriber();
  void import('@react-spring/web').then(({ Globals }) => Globals.assign({ skipAnimation: value }));
}

export function reduceMotion(): void {
  set(true);
}

export function restoreMotion(): void {
  set(false);
}

/**
 * Follows the phone's "reduce motion" setting (iOS, Android, desktop), now and as it changes:
 * antd-mobile's sheets, popups and dialogs then appear and leave at once instead of sliding, as
 * the app's own animations already stop (styles.css).
 */
export function followSystemMotion(): void {
  const query = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  if (!query) return;
  if (query.matches) reduceMotion();
  query.addEventListener('change', (event) => (event.matches ? reduceMotion() : restoreMotion()));
}

export function isMotionReduced(): boolean {
  return reduced;
}

function subscribe(onChange: () => void) {
  subscribers.add(onChange);
  return () => {
    subscribers.delete(onChange);
  };
}

export function useMotionReduced(): boolean {
  return useSyncExternalStore(subscribe, isMotionReduced, isMotionReduced);
}
