import type { Page } from 'playwright-core';

/** How long one scan's effect may take to show before the clerk scans again. */
const SEEN_WITHIN_MS = 15_000;

/**
 * A barcode gun: sends `code` and Enter to the page as key presses, until `seen` (given a time
 * limit) shows it was read (three scans at most, as a clerk would scan again).
 *
 * A gun types a whole code within a few milliseconds, so the keys are sent in one burst from
 * inside the page, to what has the focus, as the keyboard would. Typed one by one from here, a
 * loaded machine left gaps between keys that a person leaves: the page then rightly took the
 * code's end as a short scan of its own, and looked up a code nobody scanned.
 */
export async function gunScan(
  page: Page,
  code: string,
  seen: (options: { timeout: number }) => Promise<unknown>,
) {
  for (let attempt = 1; ; attempt += 1) {
    await page.evaluate(
      (keys) => {
        const target = document.activeElement ?? document.body;
        for (const key of keys) {
          for (const type of ['keydown', 'keyup']) {
            target.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }));
          }
        }
      },
      [...code, 'Enter'],
    );
    try {
      await seen({ timeout: SEEN_WITHIN_MS });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
