import type { BrowserContext } from 'playwright-core';

/** What a person did on a phone: taps, and fields typed into (each field once). */
export interface Effort {
  taps: number;
  typed: number;
}

/**
 * Counts, on every page of the phone from now on (the payment provider's pages too), each tap
 * and each field a person types into, as the page itself sees them: a touch that ends is a tap,
 * a field's first input is a typed field. A gun scan is neither.
 */
export async function countEffort(context: BrowserContext): Promise<Effort> {
  const effort: Effort = { taps: 0, typed: 0 };
  await context.exposeBinding('__effort', (_source, kind: keyof Effort) => {
    effort[kind] += 1;
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __effort: (kind: string) => void }).__effort;
    const typedInto = new WeakSet<EventTarget>();
    document.addEventListener('touchend', () => void report('taps'), true);
    document.addEventListener(
      'input',
      (event) => {
        const field = event.target;
        // A choice (a radio, a checkbox) is a tap, not typing.
        const typing =
          field instanceof HTMLTextAreaElement ||
          (field instanceof HTMLInputElement && !['radio', 'checkbox'].includes(field.type));
        if (!typing || typedInto.has(field)) return;
        typedInto.add(field);
        void report('typed');
      },
      true,
    );
  });
  return effort;
}
