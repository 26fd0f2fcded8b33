import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, List, NoticeBar, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import type { Order } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { useBooking } from '../api/order-create-booking';
import { money } from '@/lib/money';
import { ErrorBlock } from '@/components/error-block';
import { OrderStatusTag } from '@/components/order-status-tag';

const when = (iso: string) => storeTime(iso);

/**
 * What `?orderNumber=` found: the customer's existing booking, or the news that there is none.
 * `children` (the new-order form) shows unless the booking exists.
 */
export function OrderCreateBooking({
  orderNumber,
  children,
}: {
  orderNumber: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useBooking(orderNumber);

  if (query.isPending) {
    return (
      <div className="page-body" role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (query.isError) {
    // No such order, or one this store may not handle: say so, and a new order can be made.
    const status = query.error instanceof ApiError ? query.error.status : undefined;
    if (status === 404 || status === 403) {
      return (
        <>
          <div role="alert">
            <NoticeBar
              color="alert"
              wrap
              content={
                status === 404
                  ? t('orderCreate.booking.notFound', { number: orderNumber })
                  : query.error.message
              }
            />
          </div>
          {children}
        </>
      );
    }
    return (
      <ErrorBlock
        status="disconnected"
        title={t('app.loadFailed')}
        description={query.error.message}
      >
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <BookingCard
      order={query.data}
      onCreateOther={() => void navigate(Paths.storeOrderCreate(), { replace: true })}
    />
  );
}

function BookingCard({ order, onCreateOther }: { order: Order; onCreateOther: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="order-create__booking" aria-labelledby="order-create-booking">
      <h2 id="order-create-booking" className="order-create__heading">
        {t('orderCreate.booking.title')}
      </h2>
      <p className="order-create__tip">
        {t('orderCreate.booking.exists', { number: order.orderNumber })}
      </p>
      <List>
        <List.Item extra={<OrderStatusTag status={order.status} />}>{order.orderNumber}</List.Item>
        <List.Item extra={order.customerPhone}>{order.customerName}</List.Item>
        <List.Item extra={money(order.totalAmount)}>
          {t('orderCreate.booking.period', {
            start: when(order.rentalStartTime),
            end: when(order.rentalEndTime),
          })}
        </List.Item>
      </List>
      <div className="order-create__booking-actions">
        <Link
          className="adm-button adm-button-primary adm-button-block adm-button-shape-default"
          to={Paths.storeOrderDetail(order.id)}
        >
          {t('orderCreate.booking.open')}
        </Link>
        <Button block onClick={onCreateOther}>
          {t('orderCreate.booking.createOther')}
        </Button>
      </div>
    </section>
  );
}
