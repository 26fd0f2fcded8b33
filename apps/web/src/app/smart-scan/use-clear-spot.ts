import { useEffect, useState, type RefObject } from 'react';

/** What a person may tap or type in (a stretched link's overlay is not its box, and not here). */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'label[for]',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');
/** Fields one types in: the keyboard is up and the button would sit on the form. */
const TYPING =
  'textarea, select, [contenteditable="true"], input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="file"])';
/** antd-mobile marks the page while any of its popups (sheet, dialog, picker) is open. */
const POPUP_OPEN = 'adm-overflow-hidden';
/** How far each try moves the button up from where it rests. */
const STEP = 64;
/** Tries on each side, up from the rest place (the lowest places are tried first). */
const TRIES = 5;

/** Where the button sits: raised by `lift` px on the right or left, or hidden (null). */
export interface Spot {
  side: 'right' | 'left';
  lift: number;
}
const REST: Spot = { side: 'right', lift: 0 };

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The place for the floating quick-action button where it covers nothing one may tap: its rest
 * place (bottom right), else a little higher, else on the left (where none is free, its rest
 * place); none (hidden) while a field is being typed in or a popup is open. Worked out again as the page scrolls,
 * changes size or content, and as focus moves; not while `paused` (its menu is open).
 */
export function useClearSpot(
  /** An unseen box where the button rests (bottom right), of its size. */
  rest: RefObject<HTMLElement | null>,
  paused: boolean,
): Spot | null {
  const [spot, setSpot] = useState<Spot | null>(REST);

  useEffect(() => {
    if (paused) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const anchor = rest.current;
      if (!anchor) return;
      const active = document.activeElement;
      if (
        document.body.classList.contains(POPUP_OPEN) ||
        (active instanceof HTMLElement && active.matches(TYPING))
      ) {
        setSpot(null);
        return;
      }
      const home = anchor.getBoundingClientRect();
      // Not laid out (no layout engine, or the page is printing): it rests where it is.
      if (home.width === 0) {
        setSpot((prev) => (prev === REST ? prev : REST));
        return;
      }
      const margin = window.innerWidth - home.right;
      const targets = [...document.querySelectorAll<HTMLElement>(INTERACTIVE)]
        .filter((el) => !el.closest('[data-quick-actions]'))
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0);
      for (const side of ['right', 'left'] as const) {
        for (let n = 0; n < TRIES; n++) {
          const lift = n * STEP;
          const left = side === 'right' ? home.left : margin;
          const place = new DOMRect(left, home.top - lift, home.width, home.height);
          if (!targets.some((r) => overlaps(place, r))) {
            setSpot((prev) =>
              prev && prev.side === side && prev.lift === lift ? prev : { side, lift },
            );
            return;
          }
        }
      }
      // Nowhere free on screen (a grid of tiles): where it rests, and the page's end leaves room
      // below the last of them; hiding it would take the scan away from the page.
      setSpot((prev) => (prev === REST ? prev : REST));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    // Content arriving (a list, a line added), and popups opening or closing (the page's class).
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { subtree: true, childList: true });
    const popups = new MutationObserver(schedule);
    popups.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
      changes.disconnect();
      popups.disconnect();
    };
  }, [rest, paused]);

  // Paused (its menu open), it stays where it was tapped.
  return spot;
}
