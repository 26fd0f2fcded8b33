/**
 * Drafts of forms, kept on this phone for 24 hours (spec §9 asks it of the stock form): what was
 * entered survives a reload, a dropped network or a later visit, and is no longer offered once a
 * day old. The forms that take more than a moment to fill keep one: the booking, the self-return,
 * the counter's new order and return check-in, the stock operations, new stock and an item's
 * edit, and help articles (lib/use-kept-draft.ts for a form's part). One-field prompts and short
 * popups do not, and nothing with a password does. Storage that is full, disabled or holds
 * something unreadable only means there is no draft. What comes back is as stored: callers fill
 * in what it lacks.
 */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/** Every draft's key starts with this, so drafts left behind can be found and removed. */
const PREFIX = 'draft:';

export interface Draft<T> {
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  values: T;
}

function read<T>(key: string, now: number): Draft<T> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    try {
      const draft = JSON.parse(raw) as Partial<Draft<T>> | null;
      if (typeof draft?.savedAt === 'number' && draft.values != null) {
        if (now - draft.savedAt <= DRAFT_TTL_MS) return draft as Draft<T>;
      }
    } catch {
      // unreadable: removed below
    }
    window.localStorage.removeItem(key);
  } catch {
    // storage disabled
  }
  return null;
}

let sweptThisLoad = false;

export const drafts = {
  /** A draft's key: the form, then what it is for (a signed-in user, an order, a piece of gear). */
  key: (form: string, ...of: string[]): string => [PREFIX + form, ...of].join(':'),

  load<T>(key: string, now = Date.now()): Draft<T> | null {
    if (!sweptThisLoad) {
      sweptThisLoad = true;
      drafts.sweep(now);
    }
    return read<T>(key, now);
  },

  save(key: string, values: unknown, now = Date.now()): void {
    try {
      window.localStorage.setItem(key, JSON.stringify({ savedAt: now, values }));
    } catch {
      // Storage full or disabled: the draft lives only as long as the page.
    }
  },

  clear(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },

  /** Removes every draft older than a day (once a page load), not only those opened again. */
  sweep(now = Date.now()): void {
    try {
      const keys = Array.from({ length: window.localStorage.length }, (_, i) =>
        window.localStorage.key(i),
      );
      for (const key of keys) if (key?.startsWith(PREFIX)) read(key, now);
    } catch {
      // storage disabled
    }
  },
};
