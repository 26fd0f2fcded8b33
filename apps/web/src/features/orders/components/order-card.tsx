import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import type { OrderSummary } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { CollectOnDeliveryTag } from '@/features/cash-on-delivery';
import { money } from '@/lib/money';
import { OrderStatusTag } from '@/components/order-status-tag';

const when = (iso: string) => storeTime(iso, 'MM/DD HH:mm');

/**
 * One order in a list. The whole card opens the order (its number is a link stretched over the
 * card); the phone number stays a separate tap that calls the customer.
 */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <article className={`order-card${order.isOverdue ? ' order-card--overdue' : ''}`}>
      <header className="order-card__head">
        <Link to={Paths.storeOrderDetail(order.id)} className="order-card__link">
          {order.orderNumber}
        </Link>
        <span className="order-card__tags">
          {order.isOverdue && (
            <Tag color="danger" fill="solid" className="order-card__overdue">
              {t('orderList.overdue')}
            </Tag>
          )}
          <OrderStatusTag status={order.status} />
        </span>
      </header>
      <div className="order-card__customer">
        <span className="order-card__name">{order.customerName}</span>
        <a
          href={`tel:${order.customerPhone}`}
          className="order-card__phone"
          aria-label={t('orderList.call', { name: order.customerName, phone: order.customerPhone })}
        >
          <PhoneFill aria-hidden /> {order.customerPhone}
        </a>
      </div>
      <div className="order-card__period">
        {when(order.rentalStartTime)} – {when(order.rentalEndTime)}
      </div>
      <footer className="order-card__foot">
        <span>{t('orderList.itemCount', { count: order.itemCount })}</span>
        <CollectOnDeliveryTag order={order} />
        <span className="order-card__money">
          <strong>{money(order.totalAmount)}</strong>
          <small>{t('orders.paid', { amount: money(order.paidAmount) })}</small>
        </span>
      </footer>
    </article>
  );
}
