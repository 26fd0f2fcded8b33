import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { startEntryAfterBoot, startScript } from './start-after-boot';

/** What Vite writes into index.html for the entry and its static imports. */
const BUILT = [
  '<head>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-def.js">',
  '<link rel="modulepreload" crossorigin href="/assets/shell-ghi.js">',
  '<link rel="stylesheet" crossorigin href="/assets/shell-jkl.css">',
  '</head>',
].join('\n');

describe('the entry starts after the boot screen is painted', () => {
  it('preloads the entry and the shell at low priority instead of running them', () => {
    const html = startEntryAfterBoot(BUILT);
    expect(html).not.toContain('<script type="module"');
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-abc.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/rolldown-runtime-def.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shell-ghi.js">',
    ]);
    expect(html).toContain(`<script>${startScript('/assets/index-abc.js')}</script>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-jkl.css">');
  });

  it('refuses a page with no entry script, or several', () => {
    expect(() => startEntryAfterBoot('<head></head>')).toThrow(/0 entry scripts/);
    const two = BUILT.replace('</head>', '<script type="module" crossorigin src="/b.js"></script>');
    expect(() => startEntryAfterBoot(two)).toThrow(/2 entry scripts/);
  });

  it('appends the entry once, in the task after the first frame, or a tenth of a second later', () => {
    const run = () => {
      const appended: Record<string, string>[] = [];
      const frames: (() => void)[] = [];
      const timers: { fn: () => void; ms: number }[] = [];
      runInNewContext(startScript('/assets/index-abc.js'), {
        requestAnimationFrame: (fn: () => void) => frames.push(fn),
        setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
        document: {
          createElement: () => ({}),
          head: { appendChild: (element: Record<string, string>) => appended.push(element) },
        },
      });
      return { appended, frames, timers };
    };

    // A frame comes: the task queued after it starts the entry, and the fallback does nothing.
    const painted = run();
    expect(painted.appended).toEqual([]);
    painted.frames.shift()!();
    expect(painted.appended).toEqual([]);
    const afterFrame = painted.timers.find((t) => t.ms === 0)!;
    afterFrame.fn();
    expect(painted.appended).toEqual([
      { type: 'module', crossOrigin: 'anonymous', src: '/assets/index-abc.js' },
    ]);
    painted.timers.find((t) => t.ms === 100)!.fn();
    expect(painted.appended).toHaveLength(1);

    // No frame (a tab in the background): the fallback starts it.
    const hidden = run();
    hidden.timers.find((t) => t.ms === 100)!.fn();
    expect(hidden.appended).toHaveLength(1);
  });
});
