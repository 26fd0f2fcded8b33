import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { WelcomeCard } from '../components/welcome-card';

/** The driver home. */
export default function DriverDashboardPage() {
  const { t } = useTranslation();
  return <WelcomeCard title={t('home.driverHome')} profilePath={Paths.driverProfile} />;
}
