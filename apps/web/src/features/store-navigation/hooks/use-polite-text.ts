import { useEffect, useRef, useState } from 'react';

/**
 * `text` for an `aria-live="polite"` region, changed at most once per `intervalMs`: the arrow
 * moves with every sensor event, but a screen reader should hear "右前方 120 米" now and then,
 * not sixty times a second. The latest text is always delivered once the interval has passed.
 */
export function usePoliteText(text: string, intervalMs = 5_000): string {
  const [spoken, setSpoken] = useState(text);
  const lastSpokenAt = useRef(0);

  useEffect(() => {
    if (text === spoken) return;
    const wait = Math.max(0, lastSpokenAt.current + intervalMs - Date.now());
    const timer = window.setTimeout(() => {
      lastSpokenAt.current = Date.now();
      setSpoken(text);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [text, spoken, intervalMs]);

  return spoken;
}
