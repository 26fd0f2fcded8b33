import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import zhCN, { type Messages } from '@/locales/zh-CN';
import enUS from '@/locales/en-US';
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

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: savedLanguage(),
  fallbackLng: SupportedLanguage.zhCN,
  supportedLngs: [SupportedLanguage.zhCN, SupportedLanguage.enUS],
  resources: {
    [SupportedLanguage.zhCN]: { translation: zhCN },
    [SupportedLanguage.enUS]: { translation: enUS },
  },
  interpolation: { escapeValue: false },
  returnObjects: true,
  initAsync: false,
});

export function currentLanguage(): SupportedLanguage {
  return i18n.language === SupportedLanguage.enUS ? SupportedLanguage.enUS : SupportedLanguage.zhCN;
}

export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  storage.set(StorageKey.language, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
