import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import type { Messages } from '@/locales/zh-CN';
import { storage, StorageKey } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    returnNull: false;
  }
}

/**
 * The language a page opens in: the person's own choice once made (kept on the phone); before
 * that, the first of the browser's languages that is ours (any zh → zh-CN, any en → en-US). A
 * browser that asks only for languages we do not have (de, fr, ja, ko…) is a visitor from abroad,
 * who reads English sooner than Chinese; one that names no language at all gets Chinese, the
 * business's first language. build/route-texts.ts `INLINE_LANGUAGE` answers the same before the
 * app's code arrives (route-texts.test.ts holds the two together).
 */
export function languageFor(
  saved: string | null,
  browserLanguages: readonly string[],
): SupportedLanguage {
  if (saved === SupportedLanguage.enUS || saved === SupportedLanguage.zhCN) return saved;
  for (const tag of browserLanguages) {
    if (/^zh(-|$)/i.test(tag)) return SupportedLanguage.zhCN;
    if (/^en(-|$)/i.test(tag)) return SupportedLanguage.enUS;
  }
  return browserLanguages.some(Boolean) ? SupportedLanguage.enUS : SupportedLanguage.zhCN;
}

/** The browser's languages, most wanted first (older browsers name one). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language this phone shows: the saved choice, else the browser's (`languageFor`). */
export function savedLanguage(): SupportedLanguage {
  return languageFor(storage.get(StorageKey.language), browserLanguages());
}

/**
 * Each language's texts are a chunk of their own: a page downloads the one it shows, and the
 * other only when someone switches.
 */
const LOADERS: Record<SupportedLanguage, () => Promise<{ default: Messages }>> = {
  [SupportedLanguage.zhCN]: () => import('@/locales/zh-CN'),
  [SupportedLanguage.enUS]: () => import('@/locales/en-US'),
};

/** Languages whose full texts are here (not only some pages' share of them). */
const complete = new Set<SupportedLanguage>();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: savedLanguage(),
  // Both languages are complete (a test holds them to the same keys): no fallback to download.
  fallbackLng: false,
  supportedLngs: [SupportedLanguage.zhCN, SupportedLanguage.enUS],
  partialBundledLanguages: true,
  resources: {},
  interpolation: { escapeValue: false },
  // Some texts are empty on purpose (a unit the English leaves out): shown as empty, not as their key.
  returnEmptyString: true,
  returnObjects: true,
  initAsync: false,
  // A page's texts are those its code was seen to read (build/route-texts.ts). Should a key be
  // missing all the same, the full texts load and the page shows them when they arrive.
  saveMissing: true,
  missingKeyHandler: (languages, _namespace, key) => {
    const language =
      languages[0] === SupportedLanguage.enUS ? languages[0] : SupportedLanguage.zhCN;
    if (complete.has(language)) return;
    console.error(`texts: "${key}" is not among this page's texts; loading them all`);
    void loadLanguage(language);
  },
  react: { bindI18nStore: 'added' },
});
// Screen readers and the browser's own texts follow the page's language from the first frame.
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Downloads a language's full texts once; later calls return at once. */
export async function loadLanguage(language: SupportedLanguage): Promise<void> {
  if (complete.has(language)) return;
  const { default: messages } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', messages, true, true);
  complete.add(language);
}

/**
 * Fetches a language's full texts into the module cache without adding them yet: adding them
 * renders every page that shows text again, which is for when they are needed (offline, say).
 */
export function prefetchLanguage(
  language: SupportedLanguage = currentLanguage(),
): Promise<unknown> {
  return complete.has(language) ? Promise.resolve() : LOADERS[language]();
}

/** The texts files of the build, per route (build/route-texts.ts), listed in index.html. */
interface RouteTextsManifest {
  files: string[];
  shell: [number, number];
  routes: [string, number, number][];
}
let manifest: RouteTextsManifest | null | undefined;
/** Each share of the texts asked for, once: a page and a part of the shell may ask together. */
const textFiles = new Map<string, Promise<void>>();

function routeTextsManifest(): RouteTextsManifest | null {
  if (manifest === undefined) {
    const data = document.getElementById('route-texts')?.textContent;
    manifest = data ? (JSON.parse(data) as RouteTextsManifest) : null;
  }
  return manifest;
}

/**
 * The texts a page needs (its route's path; none: the shell's alone), in a language: the share
 * the build wrote for that route, which index.html already asked for on the first page; all of
 * them where the build wrote none (the dev server, tests).
 */
export async function loadRouteTexts(
  routePath: string | undefined,
  language: SupportedLanguage = currentLanguage(),
): Promise<void> {
  if (complete.has(language)) return;
  const list = routeTextsManifest();
  if (!list) return loadLanguage(language);
  const entry = list.routes.find(([path]) => path === routePath);
  const [zh, en] = entry ? [entry[1], entry[2]] : list.shell;
  const file = list.files[language === SupportedLanguage.enUS ? en : zh];
  if (!file) return loadLanguage(language);
  let loading = textFiles.get(file);
  if (!loading) {
    loading = loadTextFile(file, language);
    textFiles.set(file, loading);
  }
  return loading;
}

async function loadTextFile(file: string, language: SupportedLanguage): Promise<void> {
  let texts: unknown;
  try {
    const response = await fetch(`/${file}`);
    if (!response.ok) throw new Error(`${file} answered ${response.status}`);
    texts = await response.json();
  } catch {
    // Offline, the installed app has the full texts (a page's share is not precached).
    textFiles.delete(file);
    return loadLanguage(language);
  }
  i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/**
 * For code the shell loads later on any page (the scanner, the store's quick actions): it reads
 * texts of every part of the app, so it waits for the full texts of the language shown.
 */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLanguage(currentLanguage())]).then(([module]) => module);
}

/** Each language by its own name, so it is found whichever language is showing. */
export const LANGUAGE_NAMES: Record<SupportedLanguage, string> = {
  [SupportedLanguage.zhCN]: '中文',
  [SupportedLanguage.enUS]: 'English',
};

export function currentLanguage(): SupportedLanguage {
  return i18n.language === SupportedLanguage.enUS ? SupportedLanguage.enUS : SupportedLanguage.zhCN;
}

export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  await loadLanguage(language);
  storage.set(StorageKey.language, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
