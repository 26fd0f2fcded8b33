import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = (file: string) => fileURLToPath(new URL(`../src/lib/${file}`, import.meta.url));

/** antd-mobile's modules that the app replaces, and with what (each file says why). */
const SHIMS: [RegExp, string][] = [
  // Renders imperative toasts and dialogs with React 19's roots, without rc-util's legacy render.
  [/[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render(\.js)?$/, shim('antd-render.ts')],
  // Keeps the spring animation library out of every page that shows a spinner.
  [
    /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]reduce-and-restore-motion(\.js)?$/,
    shim('antd-motion.ts'),
  ],
  // Dots that fade on the compositor instead of an SVG animation redrawn at every frame.
  [
    /[\\/]antd-mobile[\\/]es[\\/]components[\\/]dot-loading[\\/](index|dot-loading)(\.js)?$/,
    shim('antd-dot-loading.tsx'),
  ],
];

/**
 * antd-mobile's picker wheel names its buttons for screen readers in Chinese whatever the
 * language ('当前选择的是：09'): each text is replaced by the app's (lib/antd-wheel-texts.ts).
 */
const WHEEL = /[\\/]antd-mobile[\\/]es[\\/]components[\\/]picker-view[\\/]wheel\.js$/;
const WHEEL_TEXTS: [string, string][] = [
  ['`当前选择的是：${current.label}`', "__wheelText('current', current.label)"],
  ["'当前未选择'", "__wheelText('none')"],
  ["'没有上一项'", "__wheelText('noPrevious')"],
  ['`选择上一项：${previous.label}`', "__wheelText('previous', previous.label)"],
  ["'没有下一项'", "__wheelText('noNext')"],
  ['`选择下一项：${next.label}`', "__wheelText('next', next.label)"],
];

/** wheel.js with the app's texts; a text the library no longer has fails the build. */
export function localizedWheel(code: string): string {
  let out = code;
  for (const [from, to] of WHEEL_TEXTS) {
    if (!out.includes(from)) {
      throw new Error(`antd-mobile's wheel.js no longer has ${from}: see build/antd-shims.ts`);
    }
    out = out.replace(from, to);
  }
  const texts = JSON.stringify(shim('antd-wheel-texts.ts'));
  return `import { wheelText as __wheelText } from ${texts};\n${out}`;
}

/**
 * antd-mobile's avatar placeholder (a grey figure) is titled with its design file's layer name,
 * '编组 3', which screen readers and English readers got as the picture's name: it is a drawing
 * of nobody, so it says nothing.
 */
const AVATAR_FALLBACK = /[\\/]antd-mobile[\\/]es[\\/]components[\\/]avatar[\\/]fallback\.js$/;

/** fallback.js without its title and hidden from screen readers; a changed library fails the build. */
export function silentAvatar(code: string): string {
  const title = /React\.createElement\("title", null, "[^"]*"\),\s*/;
  const svg = "className: 'adm-avatar-fallback',";
  if (!title.test(code) || !code.includes(svg)) {
    throw new Error("antd-mobile's avatar fallback changed: see build/antd-shims.ts");
  }
  return code.replace(title, '').replace(svg, `${svg}\n  'aria-hidden': true,`);
}

/**
 * Gives antd-mobile the app's own versions of three of its internal modules, wherever antd-mobile
 * imports them in the app (the build and the dev server; the tests set the same renderer), the
 * app's texts to its picker wheel, and a silent avatar placeholder.
 */
export function antdShims(): Plugin {
  return {
    name: 'snowgear:antd-shims',
    enforce: 'pre',
    transform(code, id) {
      if (WHEEL.test(id)) return { code: localizedWheel(code), map: null };
      if (AVATAR_FALLBACK.test(id)) return { code: silentAvatar(code), map: null };
      return null;
    },
    async resolveId(source, importer, options) {
      if (
        !importer?.includes('antd-mobile') ||
        !/unstable-render|reduce-and-restore-motion|dot-loading/.test(source)
      ) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const replacement = SHIMS.find(([original]) => original.test(resolved.id))?.[1];
      return replacement ?? resolved;
    },
  };
}
