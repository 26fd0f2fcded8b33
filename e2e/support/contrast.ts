import type { Locator } from 'playwright-core';

/** What the page shows inside a part of it, with the contrast each piece has against its ground. */
export interface ContrastReading {
  /** 'text' (4.5:1 needed) or 'control' (icons, switches: 3:1). */
  kind: 'text' | 'control';
  what: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * WCAG contrast of every visible text and control inside `root`, in the browser: each text's
 * computed colour (its own and its ancestors' opacity applied) against its effective background,
 * found by walking up to the first opaque background and laying every see-through one between
 * on top of it. Disabled controls are left out, as WCAG leaves them out.
 */
export function readContrast(root: Locator): Promise<ContrastReading[]> {
  return root.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /** The colour behind an element: see-through layers on the first opaque one (white if none). */
    const ground = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let base: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };
    const opacity = (el: Element) => {
      let value = 1;
      for (
        let node: Element | null = el;
        node && node !== element.parentElement;
        node = node.parentElement
      ) {
        value *= Number(getComputedStyle(node).opacity);
      }
      return value;
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const disabled = (el: Element) =>
      !!el.closest(
        '[disabled], [aria-disabled="true"], .adm-button-disabled, .adm-switch-disabled',
      );
    /** The element, the control it belongs to (its classes and name) and its text. */
    const describe = (el: Element) => {
      const control = el.closest('button, label, [role], output, li');
      const owner = control
        ? ` in ${control.tagName.toLowerCase()}.${[...control.classList].join('.')}` +
          (control.getAttribute('aria-label') ? ` [${control.getAttribute('aria-label')}]` : '')
        : '';
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${owner} "${text}"`;
    };
    const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')})`;

    const readings: {
      kind: 'text' | 'control';
      what: string;
      ratio: number;
      color: string;
      background: string;
    }[] = [];
    const measure = (el: Element, kind: 'text' | 'control', colour: Rgba, behind: Element) => {
      const bg = ground(behind);
      const fg = over([colour[0], colour[1], colour[2], colour[3] * opacity(el)], bg);
      readings.push({
        kind,
        what: describe(el),
        ratio: ratio(fg, bg),
        color: css(fg),
        background: css(bg),
      });
    };
    for (const el of [element, ...element.querySelectorAll('*')]) {
      if (!visible(el) || disabled(el)) continue;
      const style = getComputedStyle(el);
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (ownText) measure(el, 'text', parse(style.color), el);
      // Icons draw in their text colour; a switch's track stands on the dialog.
      if (el instanceof SVGSVGElement) measure(el, 'control', parse(style.color), el);
      if (el.classList.contains('adm-switch-checkbox')) {
        measure(el, 'control', parse(style.backgroundColor), el.parentElement ?? el);
      }
    }
    return readings;
  });
}

/** The readings below what WCAG AA asks: 4.5:1 for text, 3:1 for icons and controls. */
export function tooFaint(readings: ContrastReading[]): string[] {
  return readings
    .filter((r) => r.ratio < (r.kind === 'text' ? 4.5 : 3))
    .map((r) => `${r.what}: ${r.color} on ${r.background} = ${r.ratio.toFixed(2)}:1`);
}
