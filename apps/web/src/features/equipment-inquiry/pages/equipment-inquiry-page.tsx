import { HeaderExtra } from '@/components/page-header';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, SearchBar, Skeleton } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { useConfigStore } from '@/features/system-config';
import { refreshStores, switchStore, useCurrentStore } from '@/features/stores';
import { useScanner, extractSerialNumber } from '@/features/scanner';
import { useCatalogCategories } from '../api/list-catalog-categories';
import { useCatalogItems } from '../api/list-catalog-items';
import { CatalogItemCard } from '../components/catalog-item-card';
import { EquipmentDetailDialog } from '../components/equipment-detail-dialog';
import { ErrorBlock } from '@/components/error-block';
import { BookItem, type ItemToBook } from '@/features/customer-booking';

const KEYWORD_MAX = 100;

/**
 * /cx and /customer/equipment-inquiry (public): browse and search a store's gear by category, or
 * scan a label; each item says whether it is free now and when it is held. `?sn=` (what a label's
 * QR code links to) opens that item's detail dialog at once.
 */
export default function EquipmentInquiryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sn = params.get('sn')?.trim() ?? '';
  const keyword = params.get('q')?.trim().slice(0, KEYWORD_MAX) ?? '';
  const categoryId = params.get('category') ?? '';
  const config = useConfigStore((s) => s.config);
  const configStatus = useConfigStore((s) => s.status);
  const currentStoreId = useCurrentStore((s) => s.currentStoreId);
  const stores = Object.values(config?.storeConfigs ?? {});
  // The remembered store, else the first: browsing never starts on an empty page.
  const storeId =
    (currentStoreId && config?.storeConfigs[currentStoreId] ? currentStoreId : undefined) ??
    stores[0]?.storeId ??
    '';
  const categories = useCatalogCategories();
  const list = useCatalogItems({
    storeId,
    ...(categoryId ? { categoryId } : {}),
    ...(keyword ? { keyword } : {}),
  });
  const { scan, scanning } = useScanner();
  const [booking, setBooking] = useState<ItemToBook | null>(null);
  const handleBookClosed = useCallback(() => setBooking(null), []);

  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const handleScan = async () => {
    const result = await scan({ title: t('inquiry.scanTitle'), tip: t('inquiry.scanTip') });
    const code = result ? extractSerialNumber(result.text) : '';
    if (code) update({ sn: code });
  };

  return (
    <div className="inquiry-page">
      <header className="page-hero">
        <div className="page-hero__language">
          <HeaderExtra />
        </div>
        <h1>{t('inquiry.title')}</h1>
        <p>{t('inquiry.tip')}</p>
      </header>
      {!config ? (
        configStatus === 'error' ? (
          <ErrorBlock status="disconnected" title={t('app.configLoadFailed')} description="">
            <Button color="primary" onClick={() => void refreshStores({ force: true })}>
              {t('app.retry')}
            </Button>
          </ErrorBlock>
        ) : (
          <div className="page-body" role="status" aria-label={t('app.loading')}>
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        )
      ) : stores.length === 0 ? (
        <ErrorBlock status="empty" title={t('inquiry.noStores')} description="" />
      ) : (
        <>
          <section className="inquiry-filters">
            <div className="inquiry-chips" role="group" aria-label={t('inquiry.store')}>
              {stores.map((store) => (
                <Button
                  key={store.storeId}
                  size="small"
                  shape="rounded"
                  color={store.storeId === storeId ? 'primary' : 'default'}
                  aria-pressed={store.storeId === storeId}
                  onClick={() => switchStore(store.storeId)}
                >
                  {store.storeName}
                </Button>
              ))}
            </div>
            <div className="inquiry-filters__row">
              <SearchBar
                key={keyword}
                defaultValue={keyword}
                placeholder={t('inquiry.browseSearch')}
                aria-label={t('inquiry.browseSearch')}
                maxLength={KEYWORD_MAX}
                onSearch={(v) => update({ q: v.trim() })}
                onClear={() => update({ q: '' })}
              />
              <Button
                className="inquiry-filters__scan"
                color="primary"
                fill="outline"
                loading={scanning}
                onClick={() => void handleScan()}
              >
                <ScanningOutline aria-hidden /> {t('inquiry.scan')}
              </Button>
            </div>
            {categories.data && (
              <div
                className="inquiry-chips"
                role="group"
                aria-label={t('inventory.fields.category')}
              >
                {[{ id: '', name: t('inquiry.allCategories') }, ...categories.data.items].map(
                  (category) => (
                    <Button
                      key={category.id || 'all'}
                      size="small"
                      shape="rounded"
                      color={category.id === categoryId ? 'primary' : 'default'}
                      aria-pressed={category.id === categoryId}
                      onClick={() => update({ category: category.id })}
                    >
                      {category.name}
                    </Button>
                  ),
                )}
              </div>
            )}
          </section>
          <PagedList query={list} emptyText={t('inquiry.empty')}>
            {(items) => (
              <div className="inquiry-list">
                {items.map((item) => (
                  <CatalogItemCard
                    key={item.id}
                    item={item}
                    onOpen={(code) => update({ sn: code })}
                  />
                ))}
              </div>
            )}
          </PagedList>
        </>
      )}
      <EquipmentDetailDialog
        sn={sn}
        onClose={() => update({ sn: '' })}
        onBook={(item) => {
          update({ sn: '' });
          setBooking(item);
        }}
      />
      <BookItem item={booking} onClose={handleBookClosed} />
    </div>
  );
}
