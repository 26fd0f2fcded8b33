import { useId } from 'react';
import { Tag } from 'antd-mobile';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { StoreConfig } from '@snowgear/contracts';
import {
  storeBusinessStatus,
  storeStatusLabel,
  type StoreStatusKind,
} from '@/features/system-config';
import { StoreNavigationButton } from '@/features/store-navigation';

const STATUS_COLOR: Record<StoreStatusKind, 'success' | 'default' | 'warning'> = {
  open: 'success',
  closed: 'default',
  rest: 'warning',
};

interface Props {
  store: StoreConfig;
  now: Date;
  /** The store the customer chose for booking: listed first and marked. */
  current: boolean;
}

/** One store to reach: open now or not, today's hours, tap-to-call, address and directions. */
export function StoreContactCard({ store, now, current }: Props) {
  const { t } = useTranslation();
  const nameId = useId();
  const status = storeBusinessStatus(store, now);
  const { phone, address } = store.contactInfo;
  const weekdays = t('store.weekdays', { returnObjects: true });
  const restDays = store.businessHours.restDays
    .map((d) => weekdays[d])
    .join(t('store.daysSeparator'));

  return (
    <article
      className={`contact-store${current ? ' contact-store--current' : ''}`}
      aria-labelledby={nameId}
      data-store-id={store.storeId}
    >
      <div className="contact-store__head">
        <h3 id={nameId} className="contact-store__name">
          {store.storeName}
        </h3>
        {current && (
          <Tag color="primary" fill="outline">
            {t('contactService.current')}
          </Tag>
        )}
        <Tag color={STATUS_COLOR[status.status]} fill="solid" className="contact-store__status">
          {storeStatusLabel(status.status, t)}
        </Tag>
      </div>
      <p className="contact-store__row">
        {t('store.hours')} {status.hours}
        {restDays && <> · {t('store.restDays', { days: restDays })}</>}
      </p>
      {address && (
        <p className="contact-store__row">
          <EnvironmentOutline aria-hidden /> {address}
        </p>
      )}
      {phone ? (
        <a
          className="contact-store__phone"
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          aria-label={`${t('store.callStore', { name: store.storeName })} ${phone}`}
        >
          <PhoneFill aria-hidden /> {phone}
        </a>
      ) : (
        <p className="contact-store__row">{t('contactService.noPhone')}</p>
      )}
      <StoreNavigationButton store={store} />
    </article>
  );
}
