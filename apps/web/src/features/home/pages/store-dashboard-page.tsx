import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { WelcomeCard } from '../components/welcome-card';

/** The store staff home (SuperAdmin, StoreManager, StoreEmployee). */
export default function StoreDashboardPage() {
  const { t } = useTranslation();
  return (
    <WelcomeCard
      title={t('home.storeHome')}
      profilePath={Paths.storeProfile}
      shortcuts={[
        { path: Paths.workspace, label: t('routes.workspace') },
        { path: Paths.storeOrderCreate(), label: t('smartScan.createOrder') },
        { path: Paths.storeOrderList, label: t('routes.orderList') },
        { path: Paths.storeScan, label: t('routes.storeScan') },
        { path: Paths.inventoryList, label: t('routes.inventoryList') },
      ]}
    />
  );
}
