import type { Plugin } from 'vite';

/**
 * The shell's stylesheet does not hold up the first paint: index.html's boot screen (the name, a
 * spinner, 正在加载…) has its own few inline styles and shows as soon as the page arrives, while
 * the stylesheet downloads beside the code (`media="print"` fetches without blocking). main.tsx
 * switches it on and waits for it before the app draws, so the app never shows unstyled.
 */
export function stylesAfterBoot(): Plugin {
  return {
    name: 'snowgear:styles-after-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const out = html.replace(
          /<link rel="stylesheet"([^>]*?)>/g,
          (_tag, attrs: string) => `<link rel="stylesheet"${attrs} media="print" data-app-styles>`,
        );
        if (out === html) throw new Error('styles-after-boot: index.html links no stylesheet');
        return out;
      },
    },
  };
}
