import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OrderStatus } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { savedOrderQrs } from '@/features/orders';
import { useCurrentOrders } from '../api/list-current-orders';
import { storeTime } from '@/lib/store-clock';
import '../customer-orders.css';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock } from '@/components/error-block';
import { OrderStatusTag } from '@/components/order-status-tag';

/** Orders whose code is still worth showing at the store (not settled or closed). */
const SHOWN: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

/**
 * /customer/order-qr (the QR tab): straight to the code when one order is going on, else a
 * choice of them; codes shown before on this phone are listed too, as they open without a
 * network.
 */
export default function OrderQrHomePage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => !!s.accessToken);
  const current = useCurrentOrders(signedIn);
  const [saved] = useState(savedOrderQrs);
  const live = (current.data?.items ?? []).filter((o) => SHOWN.includes(o.status));
  const kept = saved.filter((s) => !live.some((o) => o.orderNumber === s.data.orderNumber));

  if (live.length === 1 && kept.length === 0) {
    return <Navigate to={Paths.orderQr(live[0]!.orderNumber)} replace />;
  }
  return (
    <div className="order-qr-home">
      <PageHeader noBack title={t('routes.orderQrTab')} />
      {signedIn && current.isPending && (
        <div role="status" aria-label={t('app.loading')} className="page-body">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      )}
      {live.length > 0 && (
        <List header={t('myOrders.qrHome.current')}>
          {live.map((o) => (
            <List.Item
              key={o.id}
              extra={<OrderStatusTag status={o.status} />}
              description={`${o.storeName} · ${storeTime(o.rentalStartTime)} – ${storeTime(o.rentalEndTime)}`}
            >
              <Link to={Paths.orderQr(o.orderNumber)} className="order-qr-home__link">
                {o.orderNumber}
              </Link>
            </List.Item>
          ))}
        </List>
      )}
      {kept.length > 0 && (
        <List header={t('myOrders.qrHome.saved')}>
          {kept.map(({ data }) => (
            <List.Item
              key={data.orderNumber}
              description={`${data.storeName} · ${storeTime(data.rentalStartTime)} – ${storeTime(data.rentalEndTime)}`}
            >
              <Link
                to={Paths.orderQr(data.orderNumber, data.qrToken)}
                className="order-qr-home__link"
              >
                {data.orderNumber}
              </Link>
            </List.Item>
          ))}
        </List>
      )}
      {live.length === 0 && kept.length === 0 && !(signedIn && current.isPending) && (
        <ErrorBlock
          status="empty"
          title={t('myOrders.qrHome.none')}
          description={signedIn ? t('myOrders.qrHome.noneTip') : t('myOrders.qrHome.signInTip')}
        >
          <Link
            to={
              signedIn
                ? Paths.orderCreate
                : `${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.orderQrHome)}`
            }
            className="adm-button adm-button-primary adm-button-large adm-button-shape-rounded"
          >
            {signedIn ? t('myOrders.home.book') : t('myOrders.home.signIn')}
          </Link>
        </ErrorBlock>
      )}
    </div>
  );
}
