import { Button, List, Skeleton } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import type { EquipmentInquiry } from '@snowgear/contracts';
import { EquipmentPhotos } from '@/components/equipment-photos';
import { ApiError } from '@/lib/api-errors';
import { money } from '@/lib/money';
import type { ItemToBook } from '@/features/customer-booking';
import { useEquipmentInquiry } from '../api/inquire-equipment';
import { availabilityLines } from '../utils/availability';
import { AvailabilityTag } from './availability-tag';
import { ErrorBlock } from '@/components/error-block';

/**
 * The equipment detail dialog of spec §2 as a customer sees it: pictures ('+N' and preview),
 * name, barcode, a tag and the details, with whether it is free now and when it is held.
 */
export function EquipmentDetailDialog({
  sn,
  onClose,
  onBook,
}: {
  sn: string;
  onClose: () => void;
  /** "Book this": the booking asks who it is for (features/customer-booking book-item). */
  onBook: (item: ItemToBook) => void;
}) {
  const { t } = useTranslation();
  const query = useEquipmentInquiry(sn);
  return (
    <Popup
      showCloseButton
      visible={sn !== ''}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet equipment-dialog"
      destroyOnClose
    >
      <div role="dialog" aria-label={query.data?.name ?? t('inquiry.title')}>
        {query.isPending ? (
          <div className="page-body" role="status" aria-label={t('app.loading')}>
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : query.isError ? (
          query.error instanceof ApiError && query.error.status === 404 ? (
            <ErrorBlock status="empty" title={t('inquiry.notFound')} description={sn} />
          ) : (
            <ErrorBlock
              status="disconnected"
              title={t('app.loadFailed')}
              description={query.error.message}
            >
              <Button color="primary" onClick={() => void query.refetch()}>
                {t('app.retry')}
              </Button>
            </ErrorBlock>
          )
        ) : (
          <Details item={query.data} onBook={onBook} />
        )}
        <div className="page-body">
          <Button block size="large" onClick={onClose}>
            {t('inquiry.close')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

function Details({ item, onBook }: { item: EquipmentInquiry; onBook: (item: ItemToBook) => void }) {
  const { t } = useTranslation();
  return (
    <div className="equipment-dialog__body">
      {item.imageFiles.length > 0 && <EquipmentPhotos equipment={item} name={item.name} />}
      <header className="equipment-dialog__head">
        {item.imageFiles.length === 0 && (
          <EquipmentPhotos equipment={item} name={item.name} compact />
        )}
        <div>
          <h2 className="equipment-dialog__name">{item.name}</h2>
          <div className="equipment-dialog__barcode">{item.barcodeNumber}</div>
          <AvailabilityTag item={item} />
        </div>
      </header>
      <section className="inquiry-availability" aria-label={t('inquiry.availability')}>
        {availabilityLines(item, t).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </section>
      <List className="equipment-dialog__details">
        <List.Item extra={item.storeName}>{t('inventory.fields.store')}</List.Item>
        <List.Item extra={item.brand || '—'}>{t('inventory.fields.brand')}</List.Item>
        <List.Item extra={item.model || '—'}>{t('inventory.fields.model')}</List.Item>
        <List.Item extra={item.categoryName}>{t('inventory.fields.category')}</List.Item>
        {item.attributes.map((a) => (
          <List.Item key={a.attributeId} extra={a.valueLabel}>
            {a.displayName}
          </List.Item>
        ))}
        <List.Item extra={money(item.dailyRentPrice)}>{t('inventory.fields.dailyRent')}</List.Item>
        <List.Item extra={money(item.deposit)}>{t('inventory.fields.deposit')}</List.Item>
        <List.Item extra={t('inventory.times', { count: item.usageCount })}>
          {t('inventory.fields.usageCount')}
        </List.Item>
      </List>
      <div className="page-body">
        {/* This very item, for a rider of the booking: its line names it (the booking's quote
            says whether it is free for the chosen dates). */}
        <Button
          block
          size="large"
          color="primary"
          shape="rounded"
          onClick={() =>
            onBook({
              id: item.id,
              storeId: item.storeId,
              categoryId: item.categoryId,
              size: item.size,
              dailyPrice: item.dailyRentPrice,
              deposit: item.deposit,
            })
          }
        >
          {t('inquiry.bookThis')}
        </Button>
      </div>
    </div>
  );
}
