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
export function useKeyboardWedge(
  onScan: (text: string) => void,
  enabled = true,
  /** A scanner's burst that could not be read (what arrived of it): to be scanned again. */
  onUnreadable?: (partial: string) => void,
) {
  const emit = useEffectEvent(onScan);
  const unreadable = useEffectEvent((partial: string) => onUnreadable?.(partial));
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
        const taken = buffer.take(now);
        if (taken.code) {
          event.preventDefault();
          emit(taken.code);
        } else if (taken.unreadable) {
          event.preventDefault();
          unreadable(taken.unreadable);
        }
        return;
      }
      if (event.key.length !== 1) return;
      const cut = buffer.key(event.key, now);
      if (cut) unreadable(cut);
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
