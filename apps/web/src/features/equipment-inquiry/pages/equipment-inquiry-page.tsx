import { Link, useSearchParams } from 'react-router';
import { ErrorBlock, Image, List, SearchBar, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EquipmentStatus } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { fileUrl } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { useEquipmentInquiry } from '../api/inquire-equipment';

/** Public look-up of one item by serial number: what a customer's camera opens from a label. */
export default function EquipmentInquiryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sn = params.get('sn')?.trim() ?? '';
  const query = useEquipmentInquiry(sn);
  const e = query.data;

  return (
    <div className="inquiry-page">
      <header className="page-hero">
        <h1>{t('inquiry.title')}</h1>
        <p>{t('inquiry.tip')}</p>
      </header>
      <div className="help-search-bar">
        <SearchBar
          key={sn}
          defaultValue={sn}
          placeholder={t('inquiry.search')}
          aria-label={t('inquiry.search')}
          onSearch={(v) => setParams(v.trim() ? { sn: v.trim() } : {}, { replace: true })}
        />
      </div>
      {!sn ? null : query.isPending ? (
        <div className="page-body" role="status" aria-label={t('app.loading')}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <ErrorBlock
          status={
            query.error instanceof ApiError && query.error.status === 404 ? 'empty' : 'disconnected'
          }
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? t('inquiry.notFound')
              : t('app.loadFailed')
          }
          description=""
        />
      ) : e ? (
        <article className="page-body">
          {e.imageFiles[0] && (
            <Image
              src={fileUrl(
                e.imageFiles[0].thumbnails.find((x) => x.size === 'medium')?.accessUrl ??
                  e.imageFiles[0].file.accessUrl,
              )}
              fit="cover"
              height={220}
              style={{ borderRadius: 12 }}
            />
          )}
          <h2 className="help-article__title">{e.name}</h2>
          <Tag color={e.status === EquipmentStatus.Available ? 'success' : 'default'} fill="solid">
            {e.status === EquipmentStatus.Available
              ? t('inquiry.available')
              : t('inquiry.unavailable')}
          </Tag>
          <List>
            <List.Item extra={e.barcodeNumber}>{t('inventory.fields.barcode')}</List.Item>
            <List.Item extra={e.categoryName}>{t('inventory.fields.category')}</List.Item>
            <List.Item extra={`${e.brand} ${e.model}`.trim() || '—'}>
              {t('inventory.fields.brand')}
            </List.Item>
            {e.attributes.map((a) => (
              <List.Item key={a.attributeId} extra={a.value}>
                {a.displayName}
              </List.Item>
            ))}
            <List.Item extra={t('inventory.money', { value: e.dailyRentPrice.toFixed(2) })}>
              {t('inventory.fields.dailyRent')}
            </List.Item>
            <List.Item extra={t('inventory.money', { value: e.deposit.toFixed(2) })}>
              {t('inventory.fields.deposit')}
            </List.Item>
            <List.Item extra={e.storeName}>{t('inventory.fields.store')}</List.Item>
          </List>
          <p>
            <Link
              to={Paths.orderCreate}
              className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded"
            >
              {t('inquiry.book')}
            </Link>
          </p>
        </article>
      ) : null}
    </div>
  );
}
