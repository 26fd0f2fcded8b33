import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** A gloved thumb needs at least this much in each direction. */
const MIN_TARGET = 44;

/** Every visible element `targets` finds is at least 44 × 44 px; returns how many were measured. */
export async function expectGloveSized(targets: Locator): Promise<number> {
  const boxes = await targets.evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0) // shown (fixed elements too)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          text: (el.textContent ?? el.getAttribute('aria-label') ?? '').trim(),
          w: r.width,
          h: r.height,
        };
      }),
  );
  const small = boxes.filter((b) => b.w < MIN_TARGET - 0.5 || b.h < MIN_TARGET - 0.5);
  expect(small).toEqual([]);
  return boxes.length;
}
