import { Image } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '@snowgear/contracts';
import { fileUrl } from '@/lib/api-client';
import { money } from '@/lib/money';
import { availabilityLines } from '../utils/availability';
import { AvailabilityTag } from './availability-tag';

/** One item of the browse list; the whole card opens its detail dialog. */
export function CatalogItemCard({
  item,
  onOpen,
}: {
  item: CatalogItem;
  onOpen: (barcode: string) => void;
}) {
  const { t } = useTranslation();
  const sizes = item.sizes
    .map((s) => (s.unit ? `${s.valueLabel} ${s.unit}` : s.valueLabel))
    .join(' · ');
  const details = [item.categoryName, `${item.brand} ${item.model}`.trim(), sizes].filter(Boolean);
  return (
    <button type="button" className="inquiry-item" onClick={() => onOpen(item.barcodeNumber)}>
      <span className="inquiry-item__thumb" aria-hidden>
        {item.thumbnailUrl ? (
          <Image src={fileUrl(item.thumbnailUrl)} fit="cover" width={64} height={64} lazy />
        ) : (
          <PictureOutline />
        )}
      </span>
      <span className="inquiry-item__main">
        <span className="inquiry-item__name">
          <span>{item.name}</span>
          <AvailabilityTag item={item} />
        </span>
        <span className="inquiry-item__meta">{details.join(' · ')}</span>
        <span className="inquiry-item__price">
          {t('inquiry.perDay', { price: money(item.dailyRentPrice) })} ·{' '}
          {t('inquiry.deposit', { deposit: money(item.deposit) })}
        </span>
        <span className="inquiry-item__availability">{availabilityLines(item, t).join(' · ')}</span>
      </span>
    </button>
  );
}
