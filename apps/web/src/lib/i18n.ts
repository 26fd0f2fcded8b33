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

/** Chinese first: the saved choice, else zh-CN (English only when chosen). */
export function savedLanguage(): SupportedLanguage {
  return storage.get(StorageKey.language) === SupportedLanguage.enUS
    ? SupportedLanguage.enUS
    : SupportedLanguage.zhCN;
}

/**
 * Each language's texts are a chunk of their own: a page downloads the one it shows, and the
 * other only when someone switches.
 */
const LOADERS: Record<SupportedLanguage, () => Promise<{ default: Messages }>> = {
  [SupportedLanguage.zhCN]: () => import('@/locales/zh-CN'),
  [SupportedLanguage.enUS]: () => import('@/locales/en-US'),
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: savedLanguage(),
  // Both languages are complete (a test holds them to the same keys): no fallback to download.
  fallbackLng: false,
  supportedLngs: [SupportedLanguage.zhCN, SupportedLanguage.enUS],
  partialBundledLanguages: true,
  resources: {},
  interpolation: { escapeValue: false },
  returnObjects: true,
  initAsync: false,
});

/** Downloads a language's texts once; later calls return at once. */
export async function loadLanguage(language: SupportedLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: messages } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', messages);
}

export function currentLanguage(): SupportedLanguage {
  return i18n.language === SupportedLanguage.enUS ? SupportedLanguage.enUS : SupportedLanguage.zhCN;
}

export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  await loadLanguage(language);
  storage.set(StorageKey.language, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
