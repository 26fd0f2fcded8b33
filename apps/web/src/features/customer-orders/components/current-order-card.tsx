import { Link } from 'react-router';
import { Skeleton } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useOrder } from '@/features/orders';
import { storeTime } from '@/lib/store-clock';
import { gearStep, myOrderActions } from '../utils/my-order-rules';
import { MyOrderActions } from './my-order-actions';
import { TimeLeft } from './time-left';
import { OrderStatusTag } from '@/components/order-status-tag';

/**
 * The rental that matters now, at a glance: status, store, dates, time left (or the overdue
 * warning), its pickup code while the gear waits at the store (else what comes next for the gear:
 * a driver brings it, it goes back), and the actions that fit its status.
 */
export function CurrentOrderCard({ summary }: { summary: OrderSummary }) {
  const { t } = useTranslation();
  const detail = useOrder(summary.id);
  const order = detail.data;
  const step = gearStep(summary);
  return (
    <section
      className={`current-order${summary.isOverdue ? ' current-order--overdue' : ''}`}
      aria-labelledby="current-order-title"
    >
      <header className="current-order__head">
        <h2 id="current-order-title" className="current-order__title">
          {t('myOrders.current')}
        </h2>
        <OrderStatusTag status={summary.status} />
      </header>
      <Link to={Paths.customerOrderDetail(summary.id)} className="current-order__link">
        <span className="current-order__store">{summary.storeName}</span>
        <span className="current-order__dates">
          {storeTime(summary.rentalStartTime)} – {storeTime(summary.rentalEndTime)}
        </span>
        <span className="current-order__number">
          {t('myOrders.numberAndItems', {
            number: summary.orderNumber,
            count: summary.itemCount,
          })}
        </span>
      </Link>
      <TimeLeft order={summary} />
      {!order ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : (
        <>
          {myOrderActions(order).showQr ? (
            <Link
              to={Paths.orderQr(order.orderNumber, order.qrToken)}
              className="current-order__qr"
              aria-label={t('myOrders.showQr')}
            >
              <QRCodeSVG value={order.orderNumber} size={148} level="M" marginSize={2} />
              <span>{t('myOrders.qrTip')}</span>
            </Link>
          ) : (
            step !== 'closed' && <p className="current-order__next">{t(`myOrders.next.${step}`)}</p>
          )}
          <MyOrderActions order={order} compact />
        </>
      )}
    </section>
  );
}
