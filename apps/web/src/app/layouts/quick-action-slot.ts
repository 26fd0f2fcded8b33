import { useSyncExternalStore } from 'react';

/**
 * The cell a store page's bottom bar keeps for the quick-action button, so that the button sits in
 * space of its own and no content ever scrolls under it. Each shown page offers its cell while it
 * is shown (a kept-alive page that is hidden gives its cell back), the latest offer last.
 */
let slots: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly HTMLElement[]) {
  slots = next;
  for (const listener of listeners) listener();
}

/** Offers `cell` to the quick-action button; the returned function takes it back. */
export function offerQuickActionSlot(cell: HTMLElement): () => void {
  changed([...slots, cell]);
  return () => changed(slots.filter((s) => s !== cell));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const current = () => slots[slots.length - 1] ?? null;

/** The cell of the page shown, where the quick-action button goes; null while there is none. */
export function useQuickActionSlot(): HTMLElement | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
