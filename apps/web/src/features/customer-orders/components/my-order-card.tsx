import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { money } from '@/lib/money';
import { CollectOnDeliveryTag } from '@/features/cash-on-delivery';
import { storeTime } from '@/lib/store-clock';
import { OrderStatusTag } from '@/components/order-status-tag';

/**
 * One of the customer's orders in their list: number, status, store and how the gear comes,
 * dates and amount. The whole
 * card opens the order (its number is a link stretched over the card).
 */
export function MyOrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <article className={`order-card${order.isOverdue ? ' order-card--overdue' : ''}`}>
      <header className="order-card__head">
        <Link to={Paths.customerOrderDetail(order.id)} className="order-card__link">
          {order.orderNumber}
        </Link>
        <span className="order-card__tags">
          {order.isOverdue && (
            <Tag color="danger" fill="solid" className="order-card__overdue">
              {t('myOrders.overdue')}
            </Tag>
          )}
          <OrderStatusTag status={order.status} />
        </span>
      </header>
      <div className="order-card__customer">
        <span className="order-card__name">{order.storeName}</span>
        {/* How the gear comes: a delivery is not one to collect at the store. */}
        <span>{t(`rentalSummary.method.${order.deliveryMethod}`)}</span>
      </div>
      <div className="order-card__period">
        {storeTime(order.rentalStartTime)} – {storeTime(order.rentalEndTime)}
      </div>
      <footer className="order-card__foot">
        <span>{t('myOrders.itemCount', { count: order.itemCount })}</span>
        <CollectOnDeliveryTag order={order} payer />
        <span className="order-card__money">
          <strong>{money(order.totalAmount)}</strong>
          <small>{t('orders.paid', { amount: money(order.paidAmount) })}</small>
        </span>
      </footer>
    </article>
  );
}
