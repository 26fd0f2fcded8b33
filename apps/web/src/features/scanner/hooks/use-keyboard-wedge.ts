import { useEffectEvent, useLayoutEffect } from 'react';
import { isEditableTarget, WedgeBuffer } from '../utils/keyboard-wedge';

/** Scanners that send no Enter: the code is taken after this much silence. */
const IDLE_FLUSH_MS = 150;
const IDLE_FLUSH_MIN_LENGTH = 6;

/**
 * Feeds codes from a keyboard-wedge scanner to `onScan` while `enabled`, unless a text field has
 * the focus (then the scanner types into the field, as users expect).
 *
 * It listens from the commit that draws the page, before the page is painted: pages draw their
 * data in a deferred render (QueryState, PagedList), whose ordinary effects run only after the
 * paint, and a scan fired as the page appeared was lost in between.
 */
export function useKeyboardWedge(onScan: (text: string) => void, enabled = true) {
  const emit = useEffectEvent(onScan);
  useLayoutEffect(() => {
    if (!enabled) return;
    const buffer = new WedgeBuffer();
    let idleTimer: ReturnType<typeof setTimeout> | undefined;

    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isEditableTarget(event.target)) return;
      const now = event.timeStamp || performance.now();
      clearTimeout(idleTimer);
      if (event.key === 'Enter' || event.key === 'Tab') {
        if (!buffer.pending) return;
        const text = buffer.flush(now);
        if (text) {
          event.preventDefault();
          emit(text);
        }
        return;
      }
      if (event.key.length !== 1) return;
      buffer.key(event.key, now);
      idleTimer = setTimeout(() => {
        const text = buffer.flush(performance.now());
        if (text && text.length >= IDLE_FLUSH_MIN_LENGTH) emit(text);
      }, IDLE_FLUSH_MS);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => {
      clearTimeout(idleTimer);
      window.removeEventListener('keydown', handleKeyDown);
    };
  }, [enabled]);
}
