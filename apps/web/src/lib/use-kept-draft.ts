import { useState } from 'react';
import { drafts } from './drafts';

/**
 * A form's draft (lib/drafts.ts) while the form is open: what an earlier visit left (null if
 * nothing, or no `key`), whether the notice that says so still shows, and `keep` for each change.
 * A form put back as it was (`initial`) keeps nothing, so an untouched form offers no draft.
 */
export function useKeptDraft<T>(key: string | undefined, initial: T) {
  const [restored] = useState(() => (key ? (drafts.load<T>(key)?.values ?? null) : null));
  const [noticeShown, setNoticeShown] = useState(restored !== null);
  return {
    restored,
    noticeShown,
    dismissNotice: () => setNoticeShown(false),
    keep(values: T) {
      if (!key) return;
      if (JSON.stringify(values) === JSON.stringify(initial)) drafts.clear(key);
      else drafts.save(key, values);
    },
    /** Sent, or started over: nothing is kept, and the notice goes. */
    forget() {
      if (key) drafts.clear(key);
      setNoticeShown(false);
    },
  };
}
