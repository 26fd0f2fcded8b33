import { Link, useParams } from 'react-router';
import { List, NoticeBar, Result, Tag } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { OrderStatus, type Bill, type Order, type OrderItem } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { PrivatePhoto } from '@/components/private-photo';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { useOrder, OrderTimeline, OrderTotal } from '@/features/orders';
import { CollectOnDeliveryTag } from '@/features/cash-on-delivery';
import { StoreNavigationButton } from '@/features/store-navigation';
import { useConfigStore } from '@/features/system-config';
import { RentalSummary, fromOrder, LateFeeNotice } from '@/features/rental-summary';
import { MyOrderActions } from '../components/my-order-actions';
import { gearStep } from '../utils/my-order-rules';
import { TimeLeft } from '../components/time-left';
import { storeTime } from '@/lib/store-clock';
import { useLandingFlag } from '@/lib/landing-flag';
import '../customer-orders.css';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { OrderStatusTag } from '@/components/order-status-tag';

const methodKey = (method: string | null) =>
  method === 'wechat' || method === 'alipay' ? method : 'cash';

/**
 * /customer/orders/:id: the customer's order: status and time left, the store with its phone and
 * the way there, what the order is for (the same summary as the booking and the payment page),
 * the gear once items are bound, bills (refunds included) and the timeline, with the actions the
 * status allows. `?paid=1` is where a delivery's payment lands (said once: Back from the receipt
 * does not say it again).
 */
export default function MyOrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const justPaid = useLandingFlag('paid');
  const query = useOrder(id);

  return (
    <div className="my-order">
      <PageHeader title={t('myOrders.detailTitle')} backTo={Paths.customerOrders} />
      <QueryState query={query} lines={12}>
        {(order) => (
          <PullToRefresh onRefresh={async () => void (await query.refetch())}>
            {justPaid && <PaidBanner order={order} />}
            {order.isOverdue && (
              <div role="alert">
                <NoticeBar color="error" content={t('myOrders.overdueNotice')} wrap />
              </div>
            )}
            <LateFeeNotice order={order} />
            <ReturnedPayments order={order} />
            {order.status === OrderStatus.Pending && (
              <NoticeBar color="info" content={t('myOrders.pendingNotice')} wrap />
            )}
            <section className="my-order__head">
              <div>
                <p className="my-order__number">{order.orderNumber}</p>
                <OrderStatusTag status={order.status} />
              </div>
              <div className="my-order__total">
                <OrderTotal order={order} payer>
                  <CollectOnDeliveryTag order={order} payer />
                </OrderTotal>
              </div>
            </section>
            <div className="page-body my-order__time">
              <TimeLeft order={order} />
            </div>

            <StoreSection order={order} />

            <div className="page-body my-order__summary">
              <RentalSummary view={fromOrder(order)} />
            </div>

            {/* The items themselves once the store has bound them: labels, returns, photos. */}
            {order.items.some((i) => i.equipmentId) && (
              <List header={t('orders.items', { count: order.items.length })}>
                {order.items.map((item) => (
                  <GearLine key={item.id} item={item} />
                ))}
              </List>
            )}

            <List header={t('orders.bills')}>
              {order.bills.length === 0 && <List.Item>{t('orders.noBills')}</List.Item>}
              {order.bills.map((bill) => (
                <BillLine key={bill.id} bill={bill} />
              ))}
              {order.bills.some((b) => b.status === 'paid') && (
                <List.Item>
                  <Link
                    to={Paths.receipt(order.orderNumber, order.qrToken)}
                    className="adm-button adm-button-default adm-button-block adm-button-large receipt-link"
                  >
                    {t('receipt.view')}
                  </Link>
                </List.Item>
              )}
            </List>

            <OrderTimeline order={order} time={storeTime} />

            <ActionBar>
              <MyOrderActions order={order} />
            </ActionBar>
          </PullToRefresh>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Where a payment lands: paid, and what comes next for the gear. It says what is true now: an
 * order cancelled or settled since (on this very page) shows no success.
 */
function PaidBanner({ order }: { order: Order }) {
  const { t } = useTranslation();
  const step = gearStep(order);
  const paid = order.bills.some((b) => b.status === 'paid' && b.kind !== 'refund');
  if (step === 'closed' || !paid) return null;
  const stillDue = order.bills.some((b) => b.status === 'pending' && b.kind !== 'refund');
  return (
    <Result
      className="my-order__paid"
      status={stillDue ? 'waiting' : 'success'}
      title={stillDue ? t('myOrders.paid.waiting') : t('myOrders.paid.title')}
      description={t(`myOrders.next.${step}`)}
    />
  );
}

function StoreSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const store = useConfigStore((s) => s.config?.storeConfigs[order.storeId]);
  const phone = store?.contactInfo.phone.replace(/[^\d+-]/g, '') ?? '';
  return (
    <List header={t('myOrders.store')}>
      <List.Item description={store?.contactInfo.address || undefined}>{order.storeName}</List.Item>
      {phone && (
        <List.Item>
          <a
            href={`tel:${phone}`}
            className="my-order__call"
            aria-label={t('myOrders.call', { phone: store!.contactInfo.phone })}
          >
            <PhoneFill aria-hidden /> {store!.contactInfo.phone}
          </a>
        </List.Item>
      )}
      {store && (
        <List.Item>
          <StoreNavigationButton store={store} />
        </List.Item>
      )}
    </List>
  );
}

/**
 * Damage noted at a hand-over of this item (the driver's delivery or pickup, the counter's return
 * check-in): the note and the photo, so the customer sees what the deposit pays for.
 */
function damageOf(item: OrderItem): { remarks: string; photoIds: string[] } | null {
  const noted = [
    item.deliveryState === 'damaged' ? [item.deliveryRemarks, item.deliveryPhotoId] : null,
    item.pickupState === 'damaged' || item.pickupState === 'lost'
      ? [item.pickupRemarks, item.pickupPhotoId]
      : null,
    item.returnState === 'damaged' || item.returnState === 'lost'
      ? [item.returnRemarks, item.returnPhotoId]
      : null,
  ].filter((n): n is [string, string | null] => n !== null);
  const remarks = [...new Set(noted.map(([r]) => r.trim()).filter(Boolean))].join(' · ');
  const photoIds = [...new Set(noted.flatMap(([, id]) => (id ? [id] : [])))];
  return remarks || photoIds.length > 0 ? { remarks, photoIds } : null;
}

function GearLine({ item }: { item: OrderItem }) {
  const { t } = useTranslation();
  const facts = [
    item.sizeLabel,
    item.packName,
    item.barcodeNumber,
    item.dinSetting === null ? null : t('din.set', { value: item.dinSetting }),
  ].filter(Boolean);
  const damage = damageOf(item);
  return (
    <List.Item
      description={
        <>
          {facts.join(' · ')}
          {damage?.remarks && (
            <span className="my-order__damage">
              {t('myOrders.damageNote', { note: damage.remarks })}
            </span>
          )}
        </>
      }
      extra={
        <div className="my-order__line-extra">
          {item.returnState && (
            <Tag
              color={
                item.returnState === 'returned' || item.returnState === 'earlyReturned'
                  ? 'success'
                  : 'danger'
              }
            >
              {t(`myOrders.returnState.${item.returnState}`)}
            </Tag>
          )}
          {!item.returnState && item.selfReturnCheck && (
            <Tag color="warning">{t('myOrders.handedBack')}</Tag>
          )}
          {item.selfReturnPhotoId && (
            <PrivatePhoto fileId={item.selfReturnPhotoId} alt={item.equipmentName} />
          )}
          {damage?.photoIds.map((id) => (
            <PrivatePhoto
              key={id}
              fileId={id}
              alt={item.equipmentName}
              label={t('myOrders.damagePhoto', { name: item.equipmentName })}
            />
          ))}
        </div>
      }
    >
      {item.equipmentName}
    </List.Item>
  );
}

/**
 * An online payment that arrived after the bill was settled another way (cash at the counter, a
 * second attempt) goes straight back: the customer reads where that money is.
 */
function ReturnedPayments({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (order.returnedPayments.length === 0) return null;
  return (
    <div role="status">
      {order.returnedPayments.map((p, i) => (
        <NoticeBar
          key={`${p.paidAt ?? ''}${i}`}
          color={p.status === 'failed' ? 'error' : 'info'}
          wrap
          content={t(`myOrders.returnedPayment.${p.status}`, {
            method: t(`orders.methods.${methodKey(p.method)}`),
            amount: money(p.amount),
            at: p.paidAt ? storeTime(p.paidAt) : '',
          })}
        />
      ))}
    </div>
  );
}

function BillLine({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const state =
    bill.status === 'paid'
      ? bill.kind === 'refund'
        ? t(`myOrders.refunded.${methodKey(bill.method)}`, {
            at: bill.paidAt ? storeTime(bill.paidAt) : '',
          })
        : t('myOrders.billPaid', {
            method: t(`orders.methods.${methodKey(bill.method)}`),
            at: bill.paidAt ? storeTime(bill.paidAt) : '',
          })
      : bill.kind === 'refund' && bill.status === 'pending'
        ? t('myOrders.refundPending')
        : t(`orders.billStatus.${bill.status}`);
  return (
    <List.Item description={state} extra={money(bill.amount)}>
      {t(`orders.billKinds.${bill.kind}`)}
    </List.Item>
  );
}
