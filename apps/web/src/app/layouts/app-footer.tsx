import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';

/** Company name, filing numbers (each linking to its link or '#'), language and theme. */
export function AppFooter() {
  const { t } = useTranslation();
  const config = useConfigStore((s) => s.config);
  const theme = useAppStore((s) => s.theme);
  const toggleTheme = useAppStore((s) => s.toggleTheme);
  const filing = config?.filingConfig;
  const other =
    currentLanguage() === SupportedLanguage.zhCN ? SupportedLanguage.enUS : SupportedLanguage.zhCN;

  return (
    <footer className="app-footer">
      <div className="app-footer__prefs">
        <button
          type="button"
          className="app-footer__lang"
          lang={other}
          onClick={() => void changeLanguage(other)}
        >
          {t('footer.switchLanguage')}
        </button>
        <label className="app-footer__theme">
          <span>{t('footer.darkMode')}</span>
          <input
            type="checkbox"
            role="switch"
            className="app-switch"
            checked={theme === 'dark'}
            onChange={toggleTheme}
          />
        </label>
        <Link to={Paths.help}>{t('footer.help')}</Link>
      </div>
      {config?.systemInfo.companyName && (
        <div className="app-footer__company">© {config.systemInfo.companyName}</div>
      )}
      {(filing?.policeFilingNumber || filing?.icpNumber) && (
        <div className="app-footer__filings">
          {filing.policeFilingNumber && (
            <a href={filing.policeFilingLink || '#'} target="_blank" rel="noopener noreferrer">
              {filing.policeFilingNumber}
            </a>
          )}
          {filing.icpNumber && (
            <a href={filing.icpLink || '#'} target="_blank" rel="noopener noreferrer">
              {filing.icpNumber}
            </a>
          )}
        </div>
      )}
    </footer>
  );
}
