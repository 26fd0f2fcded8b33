import { Tag } from 'antd-mobile';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { StoreConfig } from '@snowgear/contracts';
import {
  storeBusinessStatus,
  storeStatusLabel,
  type StoreStatusKind,
} from '@/features/system-config';

const TAG_COLOR: Record<StoreStatusKind, 'success' | 'default' | 'warning'> = {
  open: 'success',
  closed: 'default',
  rest: 'warning',
};

interface Props {
  store: StoreConfig;
  now: Date;
  selected: boolean;
  onSelect: (storeId: string) => void;
}

/** One store to choose: open status, hours, rest days, address and a tap-to-call phone. */
export function StoreCard({ store, now, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const status = storeBusinessStatus(store, now);
  const weekdays = t('store.weekdays', { returnObjects: true });
  const restDays = store.businessHours.restDays
    .map((d) => weekdays[d])
    .join(t('store.daysSeparator'));

  return (
    <div
      className={`store-card${selected ? ' store-card--selected' : ''}`}
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      data-store-id={store.storeId}
      onClick={() => onSelect(store.storeId)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(store.storeId);
        }
      }}
    >
      <div className="store-card__head">
        <span className="store-card__name">{store.storeName}</span>
        <Tag color={TAG_COLOR[status.status]} fill="solid" className="store-card__status">
          {storeStatusLabel(status.status, t)}
        </Tag>
      </div>
      <div className="store-card__row">
        {t('store.hours')} {status.hours}
        {restDays && (
          <span className="store-card__rest"> · {t('store.restDays', { days: restDays })}</span>
        )}
      </div>
      {store.contactInfo.address && (
        <div className="store-card__row">
          <EnvironmentOutline aria-hidden /> {store.contactInfo.address}
        </div>
      )}
      {store.contactInfo.phone && (
        <a
          className="store-card__phone"
          href={`tel:${store.contactInfo.phone.replace(/[^\d+]/g, '')}`}
          onClick={(e) => e.stopPropagation()}
          aria-label={t('store.callStore', { name: store.storeName })}
        >
          <PhoneFill aria-hidden /> {store.contactInfo.phone}
        </a>
      )}
    </div>
  );
}
