import { Tag } from 'antd-mobile';
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

/**
 * A pin and a handset, drawn here: the first screen of a first visit is this card, and
 * antd-mobile-icons' two components for them weighed as much as the card itself.
 */
const PIN =
  'M12 2.5a7 7 0 0 0-7 7c0 5.2 7 12 7 12s7-6.8 7-12a7 7 0 0 0-7-7Zm0 9.7a2.7 2.7 0 1 1 0-5.4 2.7 2.7 0 0 1 0 5.4Z';
const HANDSET =
  'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z';

function Icon({ d, filled }: { d: string; filled?: boolean }) {
  return (
    <svg
      className={filled ? 'store-card__icon store-card__icon--filled' : 'store-card__icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
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
          <Icon d={PIN} /> {store.contactInfo.address}
        </div>
      )}
      {store.contactInfo.phone && (
        <a
          className="store-card__phone"
          href={`tel:${store.contactInfo.phone.replace(/[^\d+]/g, '')}`}
          onClick={(e) => e.stopPropagation()}
          aria-label={t('store.callStore', { name: store.storeName })}
        >
          <Icon d={HANDSET} filled /> {store.contactInfo.phone}
        </a>
      )}
    </div>
  );
}
