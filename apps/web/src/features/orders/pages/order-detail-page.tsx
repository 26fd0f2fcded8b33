import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, List, NoticeBar, Tag } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import {
  EARLY_RETURN_FROM,
  OrderStatus,
  Permissions,
  rentIsDaily,
  type Bill,
  type Order,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { PrivatePhoto } from '@/components/private-photo';
import { OrderTotal } from '../components/order-total';
import { CashPending } from '../components/cash-pending';
import { ItemDamage } from '../components/item-damage';
import { PromptDialog } from '@/components/prompt-dialog';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { EquipmentDialog } from '@/features/inventory';
import { RunAssignments } from '@/features/driver';
import { useRefundOnline } from '@/features/payments';
import { usePayAtDoor, CollectOnDeliveryTag } from '@/features/cash-on-delivery';
import { ordersKey, useOrder } from '../api/get-order';
import {
  useCancelOrder,
  useConfirmCash,
  useConfirmDelivered,
  useConfirmOrder,
  useConfirmRefund,
  useStartReturn,
} from '../api/order-actions';
import { DinLines } from '../components/din-lines';
import { OrderAgreement, OrderLines } from '../components/order-lines';
import { ExtendPanel } from '../components/extend-panel';
import { OrderAdjustments } from '../components/order-adjustments';
import { HandoverPanel } from '../components/handover-panel';
import { ReturnPanel } from '../components/return-panel';
import { LateFeeSection } from '../components/late-fee';
import { OrderFees, OrderTimeline } from '../components/order-sections';
import { ItemReturnState } from '../components/item-return-state';
import { OrderAddresses } from '../components/order-addresses';
import { billStateText } from '../utils/bill-text';
import {
  CANCELLABLE,
  CONFIRMABLE,
  DELIVER_FROM,
  DISPATCH_FROM,
  EXTENDABLE,
  HANDOVER_FROM,
  RETURNABLE,
  START_RETURN_FROM,
} from '../utils/order-status';
import { money } from '@/lib/money';
import { textError } from '@/lib/text-rules';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { OrderStatusTag } from '@/components/order-status-tag';

/** Money came in online, so a refund can go back the same way. */
const paidOnline = (bills: Bill[]) =>
  bills.some(
    (b) =>
      b.status === 'paid' &&
      b.kind !== 'refund' &&
      (b.method === 'wechat' || b.method === 'alipay'),
  );
const when = (iso: string) => storeTime(iso);

/** /store/orders/detail/:id: the order, its gear, fees, bills and timeline, with cash and cancel. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrder(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = useSession((s) => s.permissions);
  const canTakeCash = permissions.includes(Permissions.BusinessOperations.PaymentProcess);
  const canCancel =
    permissions.includes(Permissions.BusinessOperations.OrderProcess) ||
    permissions.includes(Permissions.BusinessOperations.OrderUpdate);
  const confirmCash = useConfirmCash();
  const cancel = useCancelOrder();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [panel, setPanel] = useState<
    'handover' | 'dispatch' | 'return' | 'extend' | 'delivered' | 'startReturn' | 'confirm' | null
  >(null);
  const confirmDelivered = useConfirmDelivered();
  const confirmOrder = useConfirmOrder();
  const startReturn = useStartReturn();
  const confirmRefund = useConfirmRefund();
  const refundOnline = useRefundOnline();
  const refundCheck = useRefundOnline({ check: true });
  const payAtDoor = usePayAtDoor();
  const canProcess = canCancel;
  const canStock = permissions.includes(Permissions.BusinessOperations.InventoryManage);
  /** The item whose equipment dialog is open (its early return lives there, spec §2). */
  const [dialogItem, setDialogItem] = useState<string | null>(null);
  // `?return=<equipmentId>`: an item scanned or opened elsewhere comes back through this
  // order's return check-in, which opens with that item ticked.
  const [search, setSearch] = useSearchParams();
  const returnFor = search.get('return');
  const closeReturn = () => {
    setPanel(null);
    if (!returnFor) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('return');
        return next;
      },
      { replace: true },
    );
  };

  const handleCash = async (order: Order, bill: Bill) => {
    const ok = await Dialog.confirm({
      title: t('orders.cashTitle'),
      content: t('orders.cashConfirm', { amount: money(bill.amount) }),
      confirmText: t('orders.cashReceived'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    const label = t('offlineWork.cashLabel', {
      number: order.orderNumber,
      amount: money(bill.amount),
    });
    confirmCash.mutate(
      { billId: bill.id, orderId: order.id, label },
      {
        onSuccess: (outcome) =>
          showSuccess(outcome.queued ? t('offlineWork.cashQueued') : t('orders.cashDone')),
        onError: (err) => showError(err.message),
      },
    );
  };

  const handlePayAtDoor = async (order: Order) => {
    const ok = await Dialog.confirm({
      title: t('cashOnDelivery.staffChooseTitle'),
      content: t('cashOnDelivery.staffChooseConfirm', {
        amount: money(
          order.bills
            .filter((b) => b.kind === 'payment' && b.status === 'pending')
            .reduce((n, b) => n + b.amount, 0),
        ),
      }),
      confirmText: t('cashOnDelivery.chooseOk'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    payAtDoor.mutate(order.id, {
      onSuccess: () => showSuccess(t('cashOnDelivery.chosenDone')),
      onError: (err) => showError(err.message),
    });
  };

  const handleRefund = async (bill: Bill) => {
    const ok = await Dialog.confirm({
      title: t('orders.refundTitle'),
      content: t('orders.refundConfirm', { amount: money(bill.amount) }),
      confirmText: t('orders.refundGiven'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    confirmRefund.mutate(bill.id, {
      onSuccess: () => showSuccess(t('orders.refundDone')),
      onError: (err) => showError(err.message),
    });
  };

  /** Asks the provider again about a refund it is still processing (sends nothing new). */
  const checkRefund = (bill: Bill) =>
    refundCheck.mutate(bill.id, {
      onSuccess: (result) =>
        result.status === 'paid'
          ? showSuccess(t('orders.refundOnlineDone'))
          : showSuccess(t('orders.refundOnlinePending')),
      onError: (err) => showError(err.message),
    });

  const handleRefundOnline = async (bill: Bill) => {
    const ok = await Dialog.confirm({
      title: t('orders.refundOnlineTitle'),
      content: t('orders.refundOnlineConfirm', { amount: money(bill.amount) }),
      confirmText: t('orders.refundOnlineGo'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    refundOnline.mutate(bill.id, {
      onSuccess: (result) =>
        result.status === 'paid'
          ? showSuccess(t('orders.refundOnlineDone'))
          : showSuccess(t('orders.refundOnlinePending')),
      onError: (err) => showError(err.message),
    });
  };

  return (
    <div className="order-detail">
      <PageHeader title={t('orders.detailTitle')} backTo={Paths.storeOrderList} />
      <QueryState query={query} lines={12}>
        {(order) => (
          <PullToRefresh onRefresh={async () => void (await query.refetch())}>
            {order.isOverdue && (
              <div role="alert">
                <NoticeBar color="error" content={t('orders.overdue')} wrap />
              </div>
            )}
            {order.status === OrderStatus.Pending && (
              <NoticeBar
                color="alert"
                wrap
                content={
                  order.agentName
                    ? t('orders.pendingNotice', { agent: order.agentName })
                    : t('orders.pendingNoticeNoAgent')
                }
              />
            )}
            {order.selfReturnAt && order.status === OrderStatus.PendingReturn && (
              <NoticeBar
                color="info"
                wrap
                content={t(
                  order.returnMethod === 'Pickup'
                    ? 'orders.selfReturnPickup'
                    : 'orders.selfReturnDrop',
                  { at: when(order.selfReturnAt), address: order.returnAddress },
                )}
              />
            )}
            <section className="order-detail__head">
              <div>
                <h1 className="order-detail__number">{order.orderNumber}</h1>
                <OrderStatusTag status={order.status} />
                <Tag className="order-detail__type">{t(`orders.types.${order.orderType}`)}</Tag>
              </div>
              <div className="order-detail__total">
                <OrderTotal order={order}>
                  <BalanceLine order={order} />
                  <CollectOnDeliveryTag order={order} />
                </OrderTotal>
              </div>
            </section>

            <List header={t('orders.customer')}>
              <List.Item
                extra={
                  <a href={`tel:${order.customerPhone}`} className="tel-link">
                    {order.customerPhone}
                  </a>
                }
              >
                {order.customerName}
              </List.Item>
              <List.Item extra={t('orders.daysCount', { count: order.days })}>
                {when(order.rentalStartTime)} – {when(order.rentalEndTime)}
              </List.Item>
              <List.Item>
                {t(`orders.delivery.${order.deliveryMethod}`)} ·{' '}
                {t(`orders.return.${order.returnMethod}`)}
              </List.Item>
              <OrderAddresses order={order} />
              {order.remarks && <List.Item>{order.remarks}</List.Item>}
            </List>
            <RunAssignments order={order} />

            <OrderLines
              order={order}
              renderItem={(item) => (
                <List.Item
                  key={item.id}
                  clickable={!!item.equipmentId}
                  onClick={item.equipmentId ? () => setDialogItem(item.equipmentId) : undefined}
                  description={[
                    item.barcodeNumber ?? t('orders.notBound'),
                    item.dinSetting === null ? null : t('din.set', { value: item.dinSetting }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  extra={
                    <div className="order-detail__item-price">
                      <div>
                        {rentIsDaily(item.dailyPrice, item.days, item.rent)
                          ? t('orders.rentLine', { price: money(item.dailyPrice), days: item.days })
                          : t('orders.rentCard', { rent: money(item.rent), count: item.days })}
                      </div>
                      <small>{t('orders.depositLine', { amount: money(item.deposit) })}</small>
                    </div>
                  }
                >
                  {item.equipmentName}
                  <ItemReturnState item={item} />
                  {item.selfReturnCheck && (
                    <div className="order-detail__self-return">
                      <Tag color="warning">
                        {t(
                          item.selfReturnCheck === 'scanned'
                            ? 'orders.selfReturnScanned'
                            : 'orders.selfReturnTicked',
                        )}
                      </Tag>
                      {item.selfReturnPhotoId && (
                        <PrivatePhoto fileId={item.selfReturnPhotoId} alt={item.equipmentName} />
                      )}
                    </div>
                  )}
                  <ItemDamage item={item} />
                </List.Item>
              )}
            />

            <DinLines order={order} tip />

            <OrderAgreement order={order} />

            <LateFeeSection order={order} />

            <OrderFees order={order} />

            <CashPending orderId={order.id} />
            <List header={t('orders.bills')}>
              {order.bills.length === 0 && <List.Item>{t('orders.noBills')}</List.Item>}
              {order.bills.map((bill) => (
                <List.Item
                  key={bill.id}
                  description={billStateText(t, bill, when)}
                  extra={
                    bill.status === 'pending' && canTakeCash ? (
                      bill.kind === 'refund' && bill.refundUnderWay ? (
                        // The money is on its way back online: only that way settles it.
                        <Button
                          size="small"
                          loading={refundCheck.isPending}
                          onClick={() => checkRefund(bill)}
                        >
                          {t('orders.refundCheck')}
                        </Button>
                      ) : bill.kind === 'refund' ? (
                        <div className="order-detail__refund">
                          {paidOnline(order.bills) && (
                            <Button
                              size="small"
                              color="primary"
                              loading={refundOnline.isPending}
                              onClick={() => void handleRefundOnline(bill)}
                            >
                              {t('orders.refundOnline', { amount: money(bill.amount) })}
                            </Button>
                          )}
                          <Button
                            size="small"
                            color="warning"
                            loading={confirmRefund.isPending}
                            onClick={() => void handleRefund(bill)}
                          >
                            {t('orders.giveRefund', { amount: money(bill.amount) })}
                          </Button>
                        </div>
                      ) : (
                        <Button
                          size="small"
                          color="primary"
                          loading={confirmCash.isPending}
                          onClick={() => void handleCash(order, bill)}
                        >
                          {t('orders.takeCash', { amount: money(bill.amount) })}
                        </Button>
                      )
                    ) : (
                      money(bill.amount)
                    )
                  }
                >
                  {t(`orders.billKinds.${bill.kind}`)}
                </List.Item>
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

            {canProcess && <OrderAdjustments order={order} onDone={showSuccess} />}

            <OrderTimeline order={order} time={when} />

            {canProcess && (
              <ActionBar>
                <div className="order-detail__actions">
                  {CANCELLABLE.includes(order.status) && (
                    <Button block color="danger" fill="outline" onClick={() => setCancelOpen(true)}>
                      {order.status === OrderStatus.Pending
                        ? t('orders.decline')
                        : t('orders.cancel')}
                    </Button>
                  )}
                  {CONFIRMABLE.includes(order.status) && (
                    <Button block color="primary" onClick={() => setPanel('confirm')}>
                      {t('orders.confirm.open')}
                    </Button>
                  )}
                  {canTakeCash &&
                    order.bills.some((b) => b.status === 'pending' && b.kind !== 'refund') && (
                      <Button
                        block
                        color="primary"
                        onClick={() => void navigate(Paths.storeOrderPayment(order.id))}
                      >
                        {t('payment.title')}
                      </Button>
                    )}
                  {EXTENDABLE.includes(order.status) && (
                    <Button block onClick={() => setPanel('extend')}>
                      {t('orders.extend.open')}
                    </Button>
                  )}
                  {HANDOVER_FROM.includes(order.status) && (
                    <Button block color="primary" onClick={() => setPanel('handover')}>
                      {t('orders.handover.open')}
                    </Button>
                  )}
                  {DISPATCH_FROM.includes(order.status) && (
                    <Button block color="primary" onClick={() => setPanel('dispatch')}>
                      {t('orders.dispatch.open')}
                    </Button>
                  )}
                  {order.payAtDoorOffered && (
                    <Button block onClick={() => void handlePayAtDoor(order)}>
                      {t('cashOnDelivery.staffChoose')}
                    </Button>
                  )}
                  {/* Cash on delivery: delivered once the payment is collected. */}
                  {DELIVER_FROM.includes(order.status) && order.collectOnDelivery <= 0 && (
                    <Button block color="primary" onClick={() => setPanel('delivered')}>
                      {t('orders.delivered.open')}
                    </Button>
                  )}
                  {START_RETURN_FROM.includes(order.status) && (
                    <Button block onClick={() => setPanel('startReturn')}>
                      {order.returnMethod === 'Pickup'
                        ? t('orders.startReturn.open')
                        : t('orders.startReturn.openSelf')}
                    </Button>
                  )}
                  {RETURNABLE.includes(order.status) && (
                    <Button block color="primary" onClick={() => setPanel('return')}>
                      {t('orders.returnCheck.open')}
                    </Button>
                  )}
                </div>
              </ActionBar>
            )}
            <HandoverPanel
              order={order}
              visible={panel === 'handover'}
              onClose={() => setPanel(null)}
            />
            <HandoverPanel
              order={order}
              mode="dispatch"
              visible={panel === 'dispatch'}
              onClose={() => setPanel(null)}
            />
            <PromptDialog
              visible={panel === 'delivered'}
              title={t('orders.delivered.title')}
              message={t('orders.delivered.message', { address: order.deliveryAddress })}
              placeholder={t('orders.delivered.placeholder')}
              confirmText={t('orders.delivered.open')}
              cancelText={t('orders.back')}
              onSubmit={async (remarks) => {
                await confirmDelivered.mutateAsync({ id: order.id, remarks });
                showSuccess(t('orders.delivered.done'));
              }}
              onClose={() => setPanel(null)}
            />
            <PromptDialog
              visible={panel === 'confirm'}
              title={t('orders.confirm.title', { number: order.orderNumber })}
              message={t('orders.confirm.message', { amount: money(order.totalAmount) })}
              placeholder={t('orders.confirm.placeholder')}
              validate={(remarks) => textError(t, remarks)}
              confirmText={t('orders.confirm.open')}
              cancelText={t('orders.back')}
              onSubmit={async (remarks) => {
                await confirmOrder.mutateAsync({ id: order.id, remarks });
                showSuccess(t('orders.confirm.done'));
              }}
              onClose={() => setPanel(null)}
            />
            <PromptDialog
              visible={panel === 'startReturn'}
              title={t('orders.startReturn.title')}
              message={
                order.returnMethod === 'Pickup'
                  ? t('orders.startReturn.pickup', { address: order.returnAddress })
                  : t('orders.startReturn.self')
              }
              placeholder={t('orders.startReturn.placeholder')}
              confirmText={t('orders.startReturn.title')}
              cancelText={t('orders.back')}
              onSubmit={async (remarks) => {
                await startReturn.mutateAsync({ id: order.id, remarks });
                showSuccess(t('orders.startReturn.done'));
              }}
              onClose={() => setPanel(null)}
            />
            <ReturnPanel
              key={returnFor ?? ''}
              order={order}
              visible={
                panel === 'return' ||
                (!!returnFor && canProcess && RETURNABLE.includes(order.status))
              }
              preselect={returnFor}
              onClose={closeReturn}
            />
            <EquipmentDialog
              equipmentId={dialogItem}
              onClose={() => setDialogItem(null)}
              // An early return changes the order (its line, timeline, maybe its settlement).
              onChanged={() => void queryClient.invalidateQueries({ queryKey: ordersKey })}
              flags={{
                earlyReturn:
                  canStock &&
                  (EARLY_RETURN_FROM as readonly number[]).includes(order.status) &&
                  order.items.some(
                    (i) => i.equipmentId === dialogItem && i.returnState !== 'earlyReturned',
                  ),
                orderId: order.id,
              }}
            />
            <ExtendPanel
              order={order}
              visible={panel === 'extend'}
              onClose={() => setPanel(null)}
              onDone={showSuccess}
            />
            <PromptDialog
              visible={cancelOpen}
              title={t(
                order.status === OrderStatus.Pending ? 'orders.declineTitle' : 'orders.cancelTitle',
                { number: order.orderNumber },
              )}
              message={
                order.status === OrderStatus.Pending
                  ? t('orders.declineExplain')
                  : t('orders.cancelExplain')
              }
              placeholder={t('orders.cancelReason')}
              emptyError={t('orders.cancelReasonRequired')}
              validate={(reason) =>
                textError(t, reason, { required: t('orders.cancelReasonRequired') })
              }
              confirmText={
                order.status === OrderStatus.Pending ? t('orders.decline') : t('orders.cancel')
              }
              cancelText={t('orders.back')}
              danger
              onSubmit={async (reason) => {
                await cancel.mutateAsync({ id: order.id, reason });
                showSuccess(t('orders.cancelled'));
              }}
              onClose={() => setCancelOpen(false)}
            />
          </PullToRefresh>
        )}
      </QueryState>
    </div>
  );
}

/**
 * What is still open between the store and the customer, in plain words: money the store owes
 * back (a refund to give) or money still to collect, so the header never leaves a clerk to work
 * it out from the total and what was paid.
 */
function BalanceLine({ order }: { order: Order }) {
  const { t } = useTranslation();
  const pending = order.bills.filter((b) => b.status === 'pending');
  const owedBack = pending.filter((b) => b.kind === 'refund').reduce((n, b) => n + b.amount, 0);
  const toCollect = pending.filter((b) => b.kind !== 'refund').reduce((n, b) => n + b.amount, 0);
  if (owedBack > 0) {
    return (
      <strong className="order-detail__balance order-detail__balance--refund">
        {t('orders.owedBack', { amount: money(owedBack) })}
      </strong>
    );
  }
  if (toCollect > 0) {
    return (
      <strong className="order-detail__balance">
        {t('orders.toCollect', { amount: money(toCollect) })}
      </strong>
    );
  }
  return null;
}
