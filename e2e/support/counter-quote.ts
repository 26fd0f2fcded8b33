import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { CounterQuote } from '@snowgear/contracts';

/**
 * The rent the counter's page shows, as the server quoted it (rate cards, the season of the day:
 * docs/pricing.md), rather than daily price × days, which holds only outside a season. Call before
 * the page asks; the returned function waits for the quote of an order of `lines` lines.
 */
export function watchCounterQuotes(page: Page): (lines: number) => Promise<CounterQuote> {
  let last: CounterQuote | null = null;
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/app/orders/quote') || !response.ok()) return;
    // A page that has moved on no longer holds the body: that answer is not the last.
    response.json().then(
      (quote: CounterQuote) => (last = quote),
      () => undefined,
    );
  });
  return async (lines) => {
    await expect.poll(() => last?.lines.length ?? 0, { timeout: 30_000 }).toBe(lines);
    return last!;
  };
}
