import type { Page } from 'playwright-core';

/** How long one scan's effect may take to show before the clerk scans again. */
const SEEN_WITHIN_MS = 10_000;

/**
 * A barcode gun: types `code` and Enter into the page, until `seen` (given a time limit) shows it
 * was read. A gun types fast; on a loaded machine a burst can come too slowly to read as one
 * scan, and the clerk simply scans again (three times at most).
 */
export async function gunScan(
  page: Page,
  code: string,
  seen: (options: { timeout: number }) => Promise<unknown>,
) {
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
    try {
      await seen({ timeout: SEEN_WITHIN_MS });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
