import { Globals } from '@react-spring/web';
import { Dialog, Modal, Toast } from 'antd-mobile';
import { vi } from 'vitest';

/**
 * The page tests of a worker share one jsdom page and the libraries loaded into it (React,
 * antd-mobile, i18next: evaluating them again for every file was most of the suite's time). Each
 * file still begins as a first visit: called first thing for every file (setup.ts), this undoes
 * what the files before left behind, and the app's own modules load anew after it.
 */
export async function beginAsAFreshVisit(): Promise<void> {
  // What a file stubbed or spied on, or a clock it stopped.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreBuiltIns();
  await framesComeAgain();
  animateOnRealTime();
  // Dialogs and toasts opened by a call rather than rendered, still open or closing.
  Dialog.clear();
  Modal.clear();
  Toast.clear();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) {
      if (element !== document.documentElement || name !== 'lang') element.removeAttribute(name);
    }
  }
  document.title = '';
  // Signed out, nothing remembered, at the site's root.
  jsdom.cookieJar.removeAllCookiesSync();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // The app's modules (stores, caches, the API client's token) load anew; libraries stay.
  vi.resetModules();
}

/**
 * jsdom runs animation frames on one interval, started when a frame is asked for while none is
 * waiting. A frame asked for under a file's fake timers, through the browser's own function kept
 * from before they were installed, started that interval on the fake clock, which went with
 * them: no frame would come again in this worker. Those frames are dropped, and the next one asked
 * for starts the interval anew.
 */
async function framesComeAgain(): Promise<void> {
  const came = await new Promise<boolean>((resolve) => {
    const late = setTimeout(() => resolve(false), 250);
    requestAnimationFrame(() => {
      clearTimeout(late);
      resolve(true);
    });
  });
  if (came) return;
  const last = requestAnimationFrame(() => undefined);
  for (let frame = 1; frame <= last; frame += 1) cancelAnimationFrame(frame);
}

/**
 * antd-mobile's animations (react-spring) keep the function they ask for frames with from when
 * they load. They are given one on the real clock, so that a test's fake timers neither hold an
 * opening dialog up nor leave the animations waiting for a frame that never comes.
 */
function animateOnRealTime(): void {
  const { setTimeout: realTimeout } = globalThis;
  Globals.assign({
    requestAnimationFrame: (frame) => void realTimeout(frame, 1000 / 60),
  });
}

declare const jsdom: { cookieJar: { removeAllCookiesSync(): void } };

/** The objects whose properties tests replace or add (navigator.onLine, a WeChat bridge…). */
const builtIns = (): object[] => [
  globalThis,
  navigator,
  document,
  Element.prototype,
  HTMLElement.prototype,
  HTMLCanvasElement.prototype,
  HTMLMediaElement.prototype,
];

type Snapshot = Map<object, Record<string, PropertyDescriptor>>;
const snapshotKey = Symbol.for('snowgear.pristine-built-ins');

/**
 * Puts back the built-ins as the worker's first file found them: a property a file defined is
 * removed and one it replaced is restored. Names only, and none that begins with an underscore:
 * the test runner and React keep their own marks there (symbols, `__vitest_…`, `_reactListening…`).
 */
function restoreBuiltIns(): void {
  const store = globalThis as unknown as Record<symbol, Snapshot | undefined>;
  const pristine = store[snapshotKey];
  if (!pristine) {
    store[snapshotKey] = new Map(
      builtIns().map((target) => [target, Object.getOwnPropertyDescriptors(target)]),
    );
    return;
  }
  for (const [target, descriptors] of pristine) {
    for (const name of Object.getOwnPropertyNames(target)) {
      if (name.startsWith('_')) continue;
      const before = descriptors[name];
      const now = Object.getOwnPropertyDescriptor(target, name)!;
      if (before && sameDescriptor(before, now)) continue;
      if (!now.configurable) continue;
      console.warn(
        'restore',
        target === globalThis
          ? 'global'
          : (target as { constructor: { name: string } }).constructor.name,
        name,
        before ? 'changed' : 'added',
      );
      if (before) Object.defineProperty(target, name, before);
      else Reflect.deleteProperty(target, name);
    }
  }
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set;
