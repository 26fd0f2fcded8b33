import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, List, NoticeBar, Tag } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { DeliveryMethod, OrderStatus, ReturnMethod, type Order } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { DeliveryProof } from '../components/delivery-proof';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useOrder, HandoverPanel, OrderTimeline } from '@/features/orders';
import { money } from '@/lib/money';
import { useTakeRun } from '../api/runs';
import { AddressNavigation } from '../components/address-navigation';
import { storeTime } from '@/lib/store-clock';
import { CollectOnDeliveryTag } from '@/features/cash-on-delivery';
import { OrderStatusTag } from '@/components/order-status-tag';

/** What is still to collect from the customer: pending payments and supplements. */
export function toCollect(order: Pick<Order, 'bills'>): number {
  return order.bills
    .filter((b) => b.status === 'pending' && b.kind !== 'refund')
    .reduce((sum, b) => sum + b.amount, 0);
}

/** /driver/order-detail/:id: everything a driver needs about an order, and the next step. */
export default function DriverOrderDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const order = useOrder(id);
  return (
    <div className="driver-order">
      <PageHeader title={t('routes.driverOrderDetail')} backTo={Paths.driverDashboard} />
      <QueryState query={order} lines={8}>
        {(o) => <OrderForDriver order={o} />}
      </QueryState>
    </div>
  );
}

function OrderForDriver({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.id);
  const take = useTakeRun();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [loading, setLoading] = useState(false);
  const delivers = order.deliveryMethod === DeliveryMethod.Delivery;
  const picksUp = order.returnMethod === ReturnMethod.Pickup;
  const due = toCollect(order);
  // Cash on delivery: the gear is handed over once the payment is collected.
  const collectFirst = order.collectOnDelivery > 0;
  const pickupOpen =
    picksUp &&
    !order.pickedUpAt &&
    ([OrderStatus.Delivered, OrderStatus.InUse, OrderStatus.PendingReturn] as number[]).includes(
      order.status,
    );

  const handleTake = async (kind: 'delivery' | 'pickup') => {
    try {
      await take.mutateAsync({ orderId: order.id, kind });
      showSuccess(t('driver.taken', { number: order.orderNumber }));
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  const runRow = (kind: 'delivery' | 'pickup') => {
    const driver = kind === 'delivery' ? order.deliveryDriver : order.pickupDriver;
    const address = kind === 'delivery' ? order.deliveryAddress : order.returnAddress;
    const doneAt = kind === 'delivery' ? order.deliveredAt : order.pickedUpAt;
    return (
      <section className="page-body driver-order__run" aria-label={t(`driver.kind.${kind}`)}>
        <h2 className="section-title">
          {t(`driver.kind.${kind}`)}{' '}
          {doneAt ? (
            <Tag color="success">{t('driver.doneAt', { time: storeTime(doneAt) })}</Tag>
          ) : (
            <Tag color="warning">
              {kind === 'delivery' && order.deliveryWindowEnd
                ? t('driver.deliverWithin', {
                    from: storeTime(order.rentalStartTime),
                    to: storeTime(order.deliveryWindowEnd, 'HH:mm'),
                  })
                : t(kind === 'delivery' ? 'driver.deliverBy' : 'driver.collectFrom', {
                    time: storeTime(
                      kind === 'delivery' ? order.rentalStartTime : order.rentalEndTime,
                    ),
                  })}
            </Tag>
          )}
        </h2>
        <p className="driver-order__address-label">
          {t(kind === 'delivery' ? 'orderView.deliveryAddress' : 'orderView.pickupAddress')}
        </p>
        <AddressNavigation address={address} storeId={order.storeId} />
        <div className="run-card__foot">
          {driver ? (
            <Tag color={driver.id === me ? 'primary' : 'default'} fill="outline">
              {driver.id === me ? t('driver.mine') : t('driver.heldBy', { name: driver.name })}
            </Tag>
          ) : (
            <Tag color="warning" fill="outline">
              {t('driver.pool')}
            </Tag>
          )}
          {!driver && !doneAt && (
            <Button
              size="middle"
              color="primary"
              loading={take.isPending}
              onClick={() => void handleTake(kind)}
            >
              {t('driver.take')}
            </Button>
          )}
        </div>
      </section>
    );
  };

  return (
    <>
      <header className="page-body driver-order__head">
        <div>
          <h1 className="driver-order__number">{order.orderNumber}</h1>
          <OrderStatusTag status={order.status} />
        </div>
        {collectFirst ? (
          <CollectOnDeliveryTag order={order} className="run-card__collect" />
        ) : (
          due > 0 && (
            <Tag color="warning" className="run-card__collect">
              {t('driver.toCollect', { amount: money(due) })}
            </Tag>
          )
        )}
      </header>
      {collectFirst && order.status === OrderStatus.Delivering && (
        <NoticeBar
          color="alert"
          wrap
          content={t('cashOnDelivery.collectFirstTip', { amount: money(order.collectOnDelivery) })}
        />
      )}
      <List>
        <List.Item
          extra={
            <a
              className="adm-button adm-button-default adm-button-small run-card__call"
              href={`tel:${order.customerPhone}`}
              aria-label={t('driver.call', {
                name: order.customerName,
                phone: order.customerPhone,
              })}
            >
              <PhoneFill aria-hidden /> {order.customerPhone}
            </a>
          }
        >
          {order.customerName}
        </List.Item>
        <List.Item
          extra={`${storeTime(order.rentalStartTime)} – ${storeTime(order.rentalEndTime)}`}
        >
          {t('driver.rental')}
        </List.Item>
      </List>
      {delivers && runRow('delivery')}
      {picksUp && runRow('pickup')}
      <List header={t('driver.items', { count: order.items.length })}>
        {order.items.map((item) => (
          <List.Item
            key={item.id}
            description={[item.sizeLabel, item.barcodeNumber ?? item.heldBarcodeNumber]
              .filter(Boolean)
              .join(' · ')}
            extra={
              item.pickupState ? (
                <Tag color={item.pickupState === 'fine' ? 'success' : 'danger'}>
                  {t(`driver.condition.${item.pickupState}`)}
                </Tag>
              ) : null
            }
          >
            {item.equipmentName}
          </List.Item>
        ))}
      </List>
      <DeliveryProof order={order} />
      <OrderTimeline order={order} time={storeTime} />
      <div className="driver-actions">
        {delivers && order.status === OrderStatus.PendingDelivery && (
          <Button block size="large" color="primary" onClick={() => setLoading(true)}>
            {t('driver.load')}
          </Button>
        )}
        {delivers && order.status === OrderStatus.Delivering && !collectFirst && (
          <Button
            block
            size="large"
            color="primary"
            onClick={() => void navigate(Paths.driverDeliveryConfirm(order.id))}
          >
            {t('driver.confirmDelivery')}
          </Button>
        )}
        {pickupOpen && (
          <Button
            block
            size="large"
            color="primary"
            onClick={() => void navigate(Paths.driverPickupConfirm(order.id))}
          >
            {t('driver.confirmPickup')}
          </Button>
        )}
        {due > 0 && (
          <Button
            block
            size="large"
            color={collectFirst && order.status === OrderStatus.Delivering ? 'primary' : 'default'}
            onClick={() => void navigate(Paths.driverPayment(order.id))}
          >
            {collectFirst
              ? t('cashOnDelivery.collectFirst', { amount: money(due) })
              : t('driver.collect', { amount: money(due) })}
          </Button>
        )}
      </div>
      <HandoverPanel
        order={order}
        visible={loading}
        onClose={() => setLoading(false)}
        mode="dispatch"
      />
    </>
  );
}
