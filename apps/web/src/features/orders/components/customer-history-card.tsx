import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import { Paths } from '@/config/paths';
import { money } from '@/lib/money';
import { useCustomerHistory } from '../api/customer-history';
import { OrderStatusTag } from '@/components/order-status-tag';

/**
 * Who is at the counter, by the phone number typed: a returning customer's rentals, money still
 * open and gear they brought back damaged or lost, before the clerk books again.
 */
export function CustomerHistoryCard({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const query = useCustomerHistory(phone);
  const history = query.data;
  if (!history) return null;
  if (history.recent.length === 0) {
    return (
      <p className="customer-history customer-history--new" aria-live="polite">
        {t('orderCreate.history.new')}
      </p>
    );
  }
  return (
    <section
      className="customer-history"
      aria-label={t('orderCreate.history.title')}
      aria-live="polite"
    >
      <p className="customer-history__summary">
        {t('orderCreate.history.rentals', { count: history.rentals })}
        {history.lastRentalTime &&
          ` · ${t('orderCreate.history.last', { date: storeTime(history.lastRentalTime, 'YYYY-MM-DD') })}`}
      </p>
      {history.openBalance > 0 && (
        <Tag color="danger">
          {t('orderCreate.history.open', { amount: money(history.openBalance) })}
        </Tag>
      )}{' '}
      {history.damageCount > 0 && (
        <Tag color="warning">
          {t('orderCreate.history.damages', { count: history.damageCount })}
        </Tag>
      )}
      {history.damages.length > 0 && (
        <ul className="customer-history__list">
          {history.damages.map((d) => (
            <li key={`${d.orderId}-${d.equipmentName}-${d.time}`}>
              {t(`orderCreate.history.${d.state}`, { name: d.equipmentName })} ·{' '}
              <Link to={Paths.storeOrderDetail(d.orderId)}>{d.orderNumber}</Link>
            </li>
          ))}
        </ul>
      )}
      <ul className="customer-history__list">
        {history.recent.map((o) => (
          <li key={o.id}>
            <Link to={Paths.storeOrderDetail(o.id)}>{o.orderNumber}</Link>{' '}
            <OrderStatusTag status={o.status} /> {storeTime(o.rentalStartTime, 'MM-DD')} ·{' '}
            {money(o.totalAmount)}
          </li>
        ))}
      </ul>
    </section>
  );
}
