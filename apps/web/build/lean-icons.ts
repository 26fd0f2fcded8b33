import type { Plugin } from 'vite';

const ICON = /[\\/]antd-mobile-icons[\\/]es[\\/]\w+\.js$/;

/** Coordinates to two decimals: 1/100 of a 48-unit icon is well under a pixel at any size. */
const roundPath = (d: string) =>
  d.replace(/\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));

/**
 * One antd-mobile icon module as it draws, without what never shows: the design tool's ids on
 * each element (an icon drawn twice repeats them, which HTML forbids and screen-reader checks
 * flag), the transparent 48×48 square each icon carries, and its coordinates' eighth decimal.
 * An icon that refers to one of its ids (`url(#…)`, `xlinkHref`) keeps them.
 */
export function leanIcon(code: string): string {
  let out = code
    .replace(
      /\/\*#__PURE__\*\/React\.createElement\("rect", \{[^}]*\bopacity: 0,[^}]*\}\),\s*/g,
      '',
    )
    .replace(/\bd: "([^"]*)"/g, (_, d: string) => `d: ${JSON.stringify(roundPath(d))}`);
  if (!/url\(#|xlinkHref/.test(out)) out = out.replace(/\bid: "[^"]*",?\s*/g, '');
  return out;
}

/** Applies `leanIcon` to every antd-mobile icon the app imports. */
export function leanIcons(): Plugin {
  return {
    name: 'snowgear:lean-icons',
    enforce: 'pre',
    transform(code, id) {
      return ICON.test(id) ? { code: leanIcon(code), map: null } : null;
    },
  };
}
