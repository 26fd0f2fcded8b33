import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ProfileView } from '@/features/auth/pages/profile-page';
import { WelcomeCard } from '../components/welcome-card';

/** The agent home; the spec gives agents no other page, so their account lives here too. */
export default function AgentDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <WelcomeCard title={t('home.agentHome')} profilePath={null} />
      <ProfileView path={Paths.agentDashboard} />
    </>
  );
}
