import { Link } from 'react-router';
import { PullToRefresh } from 'antd-mobile';
import { PhoneFill, QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { StoreSelector } from '@/features/stores/components/store-selector';
import { refreshStores, useCurrentStore } from '@/features/stores/stores/current-store';

/** Ski gear booking. Its first step: choosing the store (spec §2 customer order-create). */
export default function OrderCreatePage() {
  const { t } = useTranslation();
  const config = useConfigStore((s) => s.config);
  const currentStoreId = useCurrentStore((s) => s.currentStoreId);
  const selected = currentStoreId ? config?.storeConfigs[currentStoreId] : undefined;

  return (
    <div className="order-create-page">
      <header className="page-hero">
        <h1>{t('booking.title')}</h1>
        <p>{config?.systemInfo.systemName}</p>
      </header>
      <PullToRefresh
        onRefresh={() => refreshStores({ force: true })}
        pullingText={t('list.pullToRefresh')}
        canReleaseText={t('list.releaseToRefresh')}
        refreshingText={t('list.refreshing')}
        completeText={t('list.refreshed')}
      >
        <div className="page-body">
          <StoreSelector />
        </div>
      </PullToRefresh>
      <ActionBar>
        <div className="booking-action-bar">
          <div className="booking-action-bar__store" aria-live="polite">
            {selected
              ? t('booking.selectedStore', { name: selected.storeName })
              : t('booking.noStoreSelected')}
          </div>
          <div className="booking-action-bar__actions">
            <Link
              className="adm-button adm-button-default adm-button-shape-rounded"
              to={Paths.helpAudience('customer')}
            >
              <QuestionCircleOutline aria-hidden /> {t('booking.howToBook')}
            </Link>
            {selected?.contactInfo.phone && (
              <a
                className="adm-button adm-button-primary adm-button-shape-rounded"
                href={`tel:${selected.contactInfo.phone.replace(/[^\d+]/g, '')}`}
              >
                <PhoneFill aria-hidden /> {t('store.call')}
              </a>
            )}
          </div>
        </div>
      </ActionBar>
    </div>
  );
}
