import { Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LazyActionSheet } from '@/components/lazy-popups';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useConfigStore } from '@/features/system-config';
import { useWorkingStore } from '../hooks/use-working-store';
import { switchStore } from '../stores/current-store';

/**
 * For those who may see every store: which store this page shows, and a switch to another.
 * The choice is remembered and every counter page follows it. Nothing for single-store staff.
 */
export function WorkingStoreBar() {
  const { t } = useTranslation();
  const { storeId, storeName, canSwitch } = useWorkingStore();
  const stores = useConfigStore((s) => s.config?.storeConfigs);
  const [picking, setPicking] = useState(false);
  const pickedOnce = useOpenedOnce(picking);
  if (!canSwitch || !storeId) return null;
  return (
    <div className="working-store-bar" role="status">
      <ShopbagOutline aria-hidden />
      <span className="working-store-bar__name">{t('store.viewing', { name: storeName })}</span>
      <Button size="small" fill="outline" onClick={() => setPicking(true)}>
        {t('store.switch')}
      </Button>
      {pickedOnce && (
        <Suspense fallback={null}>
          <LazyActionSheet
            visible={picking}
            onClose={() => setPicking(false)}
            cancelText={t('profile.cancel')}
            actions={Object.values(stores ?? {}).map((s) => ({
              key: s.storeId,
              text: s.storeName,
              bold: s.storeId === storeId,
            }))}
            onAction={(action) => {
              switchStore(String(action.key));
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
