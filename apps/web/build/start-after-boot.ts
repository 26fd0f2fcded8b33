import type { Plugin } from 'vite';

/**
 * The app's code runs once the boot screen has been painted, never before it. index.html asks
 * for the entry and the shell at once (`modulepreload`: downloaded and compiled, not run), and a
 * few inline lines start the entry in the task after the first frame (at most a tenth of a second
 * later where no frame comes, as in a background tab).
 *
 * Where the code arrived before the first frame (a fast network, a warm cache), the shell's
 * modules ran first and the phone showed nothing until they had: the name, the spinner and
 * 正在加载… came when the app was nearly ready to draw anyway. On a slow network the code
 * arrives long after the first frame, so waiting for it costs nothing there.
 *
 * The preloads are asked for at low priority: nothing on the first screen waits for them, while
 * the page's texts and data (asked for beside them) are what the page draws first. Each file is
 * still needed before the app draws, so the app is ready no later for it. At high priority a
 * script that arrived before the first paint was counted as holding it up by Lighthouse's
 * simulation (it cannot tell when a module runs): the booking page's first paint was estimated
 * at 1.7–2.0 s in one run and 0.7–1.0 s in the next, for the same page.
 */
export function startAfterBoot(): Plugin {
  return {
    name: 'snowgear:start-after-boot',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: startEntryAfterBoot },
  };
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** index.html as Vite wrote it → the entry preloaded and started after the first frame. */
export function startEntryAfterBoot(html: string): string {
  const entries = [...html.matchAll(ENTRY)];
  if (entries.length !== 1) {
    throw new Error(`start-after-boot: index.html has ${entries.length} entry scripts, not 1`);
  }
  const [tag, src] = entries[0] as unknown as [string, string];
  return html
    .replace(PRELOAD, (_link, href: string) => lowPreload(href))
    .replace(tag, `${lowPreload(src)}\n<script>${startScript(src)}</script>`);
}

const lowPreload = (href: string) =>
  `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;

/**
 * Inline code that calls the function named `fn` (which runs once however often it is called) in
 * the task after the first frame, or a tenth of a second later where no frame comes (a tab in the
 * background). The entry's start and the page's file preloads (route-texts.ts) share it.
 */
export const afterFirstFrame = (fn: string) =>
  `requestAnimationFrame(function(){setTimeout(${fn},0)});setTimeout(${fn},100);`;

/** Appends the entry's module script once, in the task after the first frame. */
export const startScript = (src: string) =>
  [
    '(function(){var s=0;function go(){if(s)return;s=1;',
    "var e=document.createElement('script');e.type='module';e.crossOrigin='anonymous';",
    `e.src=${JSON.stringify(src)};document.head.appendChild(e)}`,
    afterFirstFrame('go'),
    '})()',
  ].join('');
