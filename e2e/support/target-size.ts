import type { Page } from 'playwright-core';

/** A gloved thumb needs at least this much in each direction (the product's rule, WCAG 2.5.5). */
export const MIN_TARGET_PX = 44;

export interface SmallTarget {
  /** What a person would call it: its accessible name or text, and its role. */
  name: string;
  role: string;
  width: number;
  height: number;
  /** Where it is: tag and classes of it and its parents, for finding it in the code. */
  path: string;
}

/**
 * Every interactive element a person can tap on the page as it is now, smaller than 44 × 44 px.
 *
 * What counts: links, buttons, form fields (for a checkbox, radio or switch inside its label, the
 * label, which is what a thumb taps), elements with an interactive role
 * (button, link, tab, option, radio, checkbox, switch, menuitem, slider, spinbutton…), and what
 * shows a pointer without any of those (antd-mobile's calendar days and the like); enabled
 * (not disabled, not aria-disabled), not under aria-hidden or inert, shown (it has a box, is not
 * hidden, not transparent), and tappable: scrolled into view, it lies in the viewport and the
 * point at its centre reaches it (not covered by a sheet, a mask or a fixed bar).
 *
 * The one exception is WCAG 2.5.8's inline one: a link inside a sentence, whose height is set by
 * the line of text around it (a text node beside it in the same block says so). Nothing else is
 * exempt: WCAG's spacing exception is not taken, gloves need the size itself.
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  const count = await page.evaluate(() => {
    const INTERACTIVE = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="option"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="slider"]',
      '[role="spinbutton"]',
      '[role="combobox"]',
      '[role="searchbox"]',
      '[role="textbox"]',
      '[contenteditable="true"]',
    ].join(',');
    const seen = new Set<Element>();
    const found: Element[] = [];
    for (const el of document.querySelectorAll(INTERACTIVE)) {
      // A checkbox, radio or switch inside its label: the label is what is tapped (antd-mobile
      // hides the native input altogether).
      const target =
        el instanceof HTMLInputElement &&
        ['checkbox', 'radio'].includes(el.type) &&
        el.closest('label')
          ? el.closest('label')
          : el;
      if (target && !seen.has(target)) {
        seen.add(target);
        found.push(target);
      }
    }
    // What antd-mobile makes tappable without a role (a calendar's days, a list row's arrow…):
    // the outermost element that shows a pointer (the cursor is inherited by what is inside).
    for (const el of document.body.querySelectorAll('*')) {
      if (seen.has(el) || getComputedStyle(el).cursor !== 'pointer') continue;
      const parent = el.parentElement;
      if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
      if (el.closest(INTERACTIVE) || el.querySelector(INTERACTIVE)) continue;
      seen.add(el);
      found.push(el);
    }
    (window as unknown as { __targets: Element[] }).__targets = found;
    return found.length;
  });

  const small: SmallTarget[] = [];
  for (let i = 0; i < count; i++) {
    const result = await page.evaluate(
      ({ i, min }) => {
        const el = (window as unknown as { __targets: Element[] }).__targets[i]!;
        if (!el.isConnected) return null;
        // Enabled, and meant for people.
        if (el.matches(':disabled') || el.closest('[aria-disabled="true"]')) return null;
        if (el.closest('[aria-hidden="true"], [inert]')) return null;
        const style = getComputedStyle(el);
        if (el.getClientRects().length === 0 || style.visibility === 'hidden') return null;
        for (let n: Element | null = el; n; n = n.parentElement) {
          if (Number(getComputedStyle(n).opacity) === 0) return null;
        }
        // WCAG 2.5.8's inline exception: a link in a sentence.
        if (el.matches('a') && style.display === 'inline') {
          const block = el.parentElement;
          const text = block
            ? [...block.childNodes].some(
                (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
              )
            : false;
          if (text) return null;
        }
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const r = el.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        if (cx < 0 || cy < 0 || cx > innerWidth || cy > innerHeight) return null;
        const hit = document.elementFromPoint(cx, cy);
        if (!hit || !(el.contains(hit) || hit.contains(el))) return null;
        if (r.width >= min - 0.5 && r.height >= min - 0.5) return null;
        const name =
          el.getAttribute('aria-label') ||
          (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
            ? el.placeholder ||
              el.labels?.[0]?.textContent ||
              el.parentElement?.closest('[aria-label]')?.getAttribute('aria-label') ||
              el.name ||
              el.type
            : '') ||
          (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) ||
          el.getAttribute('title') ||
          '';
        const path: string[] = [];
        for (let n: Element | null = el; n && path.length < 3; n = n.parentElement) {
          const classes = [...n.classList].slice(0, 2).join('.');
          path.unshift(`${n.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`);
        }
        return {
          name,
          role: el.getAttribute('role') || el.tagName.toLowerCase(),
          width: Math.round(r.width),
          height: Math.round(r.height),
          path: path.join(' > '),
        };
      },
      { i, min: MIN_TARGET_PX },
    );
    if (result) small.push(result);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return small;
}
