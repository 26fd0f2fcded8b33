import { cleanup, configure } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { afterEach, beforeEach, vi } from 'vitest';
import { beginAsAFreshVisit } from './fresh-visit';

// What the worker's files before this one left behind goes; the app's modules load after it.
await beginAsAFreshVisit();
const { renderWithRoot } = await import('@/lib/antd-render');
const { i18n, loadLanguage } = await import('@/lib/i18n');
// The route table hands its routes to config/route-meta.ts as it loads, as when the app starts
// (main.tsx): features' links and figures ask it who may open a path.
await import('@/app/routes');

// The tests load antd-mobile as it is published, not through the app's build (which puts
// lib/antd-render.ts in place of its renderer module): give it the same renderer.
unstableSetRender(renderWithRoot);
// The app loads a language's texts when it is shown; tests switch freely between both.
await Promise.all([loadLanguage('zh-CN'), loadLanguage('en-US')]);
// jsdom's browser asks for en-US; the tests read the app as a phone set to Chinese does, unless
// they say otherwise (a first visit follows the browser's languages: lib/i18n.ts).
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN'], configurable: true });
Object.defineProperty(window.navigator, 'language', { value: 'zh-CN', configurable: true });
await i18n.changeLanguage('zh-CN');

// With both languages complete, a text asked for and not found would show its key on screen:
// the test that asked for it fails.
const missingTexts: string[] = [];
i18n.options.missingKeyHandler = (languages, _namespace, key) => {
  missingTexts.push(`${languages.join('/')}: ${key}`);
};
afterEach(() => {
  const missing = missingTexts.splice(0);
  if (missing.length > 0) {
    throw new Error(
      `texts missing, the screen shows their keys: ${[...new Set(missing)].join(', ')}`,
    );
  }
});

// Pages load lazily and talk to a real server: on a busy shared machine the first render can
// take seconds. `findBy…` and `waitFor` wait for what a user would eventually see, so give them
// time; a page that never shows it still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no IntersectionObserver; lazy thumbnails ask for one (every picture counts as seen).
class SeenAtOnce {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, intersectionRatio: 1, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
// Before every test: a test that takes its own observer away again leaves none for the next.
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', SeenAtOnce);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
