import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { WelcomeCard } from '../components/welcome-card';

/** The store staff home (SuperAdmin, StoreManager, StoreEmployee). */
export default function StoreDashboardPage() {
  const { t } = useTranslation();
  return <WelcomeCard title={t('home.storeHome')} profilePath={Paths.storeProfile} />;
}
