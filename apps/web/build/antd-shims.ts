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
];

/**
 * Gives antd-mobile the app's own versions of two of its internal modules, wherever antd-mobile
 * imports them in the app (the build and the dev server; the tests set the same renderer).
 */
export function antdShims(): Plugin {
  return {
    name: 'snowgear:antd-shims',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        !importer?.includes('antd-mobile') ||
        !/unstable-render|reduce-and-restore-motion/.test(source)
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
