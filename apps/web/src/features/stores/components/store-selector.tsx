import { Button, Skeleton } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import {
  refreshStores,
  switchStore,
  useCurrentStore,
  UnknownStoreError,
} from '../stores/current-store';
import { StoreCard } from './store-card';
import { ErrorBlock } from '@/components/error-block';
import { Notice } from '@/components/notice';

/** Lists the stores from the configuration and remembers the chosen one. */
export function StoreSelector() {
  const { t } = useTranslation();
  const now = useNow();
  const config = useConfigStore((s) => s.config);
  const status = useConfigStore((s) => s.status);
  const error = useConfigStore((s) => s.error);
  const stale = useConfigStore((s) => s.stale);
  const currentStoreId = useCurrentStore((s) => s.currentStoreId);
  const warning = useCurrentStore((s) => s.warning);
  const clearWarning = useCurrentStore((s) => s.clearWarning);
  const showError = useAppStore((s) => s.showError);
  const showSuccess = useAppStore((s) => s.showSuccess);

  if (!config) {
    if (status === 'error') {
      return (
        <ErrorBlock status="disconnected" title={error ?? t('app.configLoadFailed')} description="">
          <Button color="primary" onClick={() => void refreshStores({ force: true })}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      );
    }
    return (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }

  const stores = Object.values(config.storeConfigs);
  const handleSelect = (storeId: string) => {
    try {
      switchStore(storeId);
      const name = config.storeConfigs[storeId]?.storeName ?? '';
      showSuccess(t('booking.chosen', { name }));
    } catch (err) {
      if (err instanceof UnknownStoreError) showError(err.message);
      else throw err;
    }
  };

  return (
    <section aria-labelledby="store-selector-title">
      <h2 id="store-selector-title" className="section-title">
        {t('booking.chooseStore')}
      </h2>
      <p className="section-tip">{t('booking.chooseStoreTip')}</p>
      {stale && <Notice tone="alert">{t('app.configStale')}</Notice>}
      {warning && (
        <Notice
          tone="alert"
          actions={
            <Button
              size="small"
              fill="none"
              aria-label={t('app.closeNotice')}
              onClick={clearWarning}
            >
              <CloseOutline aria-hidden />
            </Button>
          }
        >
          {warning}
        </Notice>
      )}
      {stores.length === 0 ? (
        <ErrorBlock status="empty" title={t('booking.noStores')} description="" />
      ) : (
        <div className="store-list" role="radiogroup" aria-labelledby="store-selector-title">
          {stores.map((store) => (
            <StoreCard
              key={store.storeId}
              store={store}
              now={now}
              selected={store.storeId === currentStoreId}
              onSelect={handleSelect}
            />
          ))}
        </div>
      )}
    </section>
  );
}
