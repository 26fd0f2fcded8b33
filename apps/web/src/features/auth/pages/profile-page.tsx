import { Link } from 'react-router';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { AddressesSection } from '@/features/addresses';
import { useAppStore } from '@/features/app-state';
import { AudioSettingsSection } from '@/features/audio';
import { RidersSection } from '@/features/riders';
import { ProfileView } from '../components/profile-view';

// Staff and drivers scan all day, so their profile carries the sound settings.
export const StoreProfilePage = () => (
  <ProfileView path={Paths.storeProfile} settings={<AudioSettingsSection />} />
);
/** Light or dark, as the footer offers it, where people look for settings (the language is at
 * the profile's top, as on every profile). */
function PreferencesSection() {
  const { t } = useTranslation();
  const theme = useAppStore((s) => s.theme);
  const toggleTheme = useAppStore((s) => s.toggleTheme);

  return (
    <List header={t('profile.preferences')}>
      <List.Item
        extra={
          <Switch
            checked={theme === 'dark'}
            onChange={toggleTheme}
            aria-label={t('profile.darkMode')}
          />
        }
      >
        {t('profile.darkMode')}
      </List.Item>
    </List>
  );
}

// Customers keep their plans, the riders they book for (themselves and family) and the addresses
// gear goes to for next season, with their preferences. The scanner's sound settings are the
// counter's and the driver's: a skier scanning gear back once hears the defaults.
export const CustomerProfilePage = () => {
  const { t } = useTranslation();
  return (
    <ProfileView
      path={Paths.customerProfile}
      settings={
        <>
          <List>
            <Link to={Paths.schemeList} className="list-link">
              <List.Item arrowIcon>{t('schemes.mine')}</List.Item>
            </Link>
          </List>
          <RidersSection />
          <AddressesSection />
          <PreferencesSection />
        </>
      }
    />
  );
};
export const DriverProfilePage = () => (
  <ProfileView path={Paths.driverProfile} settings={<AudioSettingsSection />} />
);
