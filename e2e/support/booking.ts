import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/** What the booking journeys do on the booking page's sheets, as a customer would. */

/**
 * A sheet once it has finished opening: antd-mobile's popups take no taps while they slide in (a
 * person is not that quick; a journey is).
 */
export async function opened(sheet: Locator) {
  await sheet.waitFor();
  await expect
    .poll(() =>
      sheet.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          if (getComputedStyle(node).pointerEvents === 'none') return false;
        }
        return true;
      }),
    )
    .toBe(true);
}

/**
 * In the gear popup: the rider, then in every size group the size suggested for the rider when it
 * is still free, else the first size still free; where the sheet then warns that the size does not
 * fit the rider, the fitting size it offers (as a customer would).
 */
export async function chooseSizes(popup: Locator, rider: string) {
  await popup.getByRole('radio', { name: rider, exact: true }).tap();
  for (const group of await popup.locator('.kind-picker').all()) {
    const free = group.locator('[role="radio"]:not([disabled])');
    const suggested = free.filter({ has: popup.page().locator('.kind-picker__suggested') });
    await ((await suggested.count()) > 0 ? suggested : free).first().tap();
  }
  for (let i = 0; i < 6; i++) {
    const take = popup.locator('.size-fit__take').first();
    if ((await take.count()) === 0) break;
    await take.tap();
  }
}
