import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';

/** A business text (kept in Chinese, and in English once translated) as `language` reads it. */
export function inLanguage(language: string, zh: string, en: string | null | undefined): string {
  return language === SupportedLanguage.enUS && en ? en : zh;
}

/**
 * A business name where it is edited: in the reader's language first (`wrap` makes it a link or
 * bold), then the other language's, smaller and marked with its `lang` so a screen reader reads
 * it in its own voice. An English reader of a name nobody translated reads the Chinese, marked.
 */
export function TwoLanguages({
  zh,
  en,
  wrap = (name) => name,
}: {
  zh: string;
  en: string | null | undefined;
  wrap?: (name: ReactNode) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const english = i18n.language === SupportedLanguage.enUS;
  if (english && !en) return wrap(<span lang="zh-CN">{zh}</span>);
  const [first, other, otherLang] = english ? [en!, zh, 'zh-CN'] : [zh, en, 'en'];
  return (
    <>
      {wrap(first)}
      {other && (
        <>
          {' '}
          <span lang={otherLang} className="other-language">
            {other}
          </span>
        </>
      )}
    </>
  );
}
