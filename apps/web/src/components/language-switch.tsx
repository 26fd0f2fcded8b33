import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import { changeLanguage, LANGUAGE_NAMES } from '@/lib/i18n';

/**
 * The header's language switch: names the other language by its own name (a reader finds it
 * whichever language shows) and shows it on a tap, in place (what
 * was typed stays; the choice is kept on the phone, lib/i18n.ts).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const other =
    i18n.language === SupportedLanguage.enUS ? SupportedLanguage.zhCN : SupportedLanguage.enUS;
  const name = LANGUAGE_NAMES[other];
  return (
    <button
      type="button"
      className={`language-switch ${className}`.trim()}
      aria-label={t('app.switchLanguage', { name })}
      onClick={() => void changeLanguage(other)}
    >
      <GlobalOutline aria-hidden />
      <span lang={other}>{name}</span>
    </button>
  );
}
