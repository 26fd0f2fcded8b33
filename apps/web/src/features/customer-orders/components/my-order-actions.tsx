import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import type { Order } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { money } from '@/lib/money';
import { useAppStore } from '@/features/app-state';
import { useCancelMyOrder, useExtendMyOrder } from '../api/my-order-actions';
import { dueBill, myOrderActions } from '../utils/my-order-rules';

/**
 * The actions an order's status allows the customer, as large buttons: pay what is due, show
 * the QR code, extend by one day (priced before the tap), self-return, cancel (what was paid
 * goes back). `compact` leaves out the rarer ones (the dashboard).
 */
export function MyOrderActions({ order, compact = false }: { order: Order; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const cancel = useCancelMyOrder();
  const extend = useExtendMyOrder();
  const can = myOrderActions(order);
  const due = dueBill(order);

  const handleExtend = async () => {
    const ok = await Dialog.confirm({
      title: t('myOrders.extend.title'),
      content: can.extraDayPrice
        ? t('myOrders.extend.confirm', { price: money(can.extraDayPrice) })
        : t('myOrders.extend.confirmFree'),
      confirmText: t('myOrders.extend.go'),
      cancelText: t('myOrders.back'),
    });
    if (!ok) return;
    try {
      const extended = await extend.mutateAsync({ id: order.id, input: { days: 1 } });
      if (dueBill(extended)) {
        showSuccess(t('myOrders.extend.payNow'));
        void navigate(Paths.customerPayment(order.id));
      } else {
        showSuccess(t('myOrders.extend.done'));
      }
    } catch (err) {
      // The reason (the gear is booked after, the store's limit) is worth reading: keep it open.
      await Dialog.alert({
        title: t('myOrders.extend.refused'),
        content: err instanceof Error ? err.message : String(err),
        confirmText: t('myOrders.ok'),
      });
    }
  };

  const handleCancel = async () => {
    const paid = order.paidAmount;
    const ok = await Dialog.confirm({
      title: t('myOrders.cancel.title', { number: order.orderNumber }),
      content:
        paid > 0 ? t('myOrders.cancel.refund', { amount: money(paid) }) : t('myOrders.cancel.free'),
      confirmText: t('myOrders.cancel.go'),
      cancelText: t('myOrders.back'),
    });
    if (!ok) return;
    cancel.mutate(
      { id: order.id, input: '' },
      {
        onSuccess: (cancelled) => {
          const refund = cancelled.bills.find((b) => b.kind === 'refund');
          showSuccess(
            !refund
              ? t('myOrders.cancel.done')
              : refund.status === 'paid'
                ? t('myOrders.cancel.refunded', { amount: money(refund.amount) })
                : t('myOrders.cancel.refundPending', { amount: money(refund.amount) }),
          );
        },
        onError: (err) => showError(err.message),
      },
    );
  };

  return (
    <div className="my-order-actions">
      {can.pay && due && (
        <Button
          block
          size="large"
          color="primary"
          onClick={() => void navigate(Paths.customerPayment(order.id))}
        >
          {t('myOrders.pay', { amount: money(due.amount) })}
        </Button>
      )}
      {can.showQr && (
        <Button
          block
          size="large"
          color={can.pay ? 'default' : 'primary'}
          onClick={() => void navigate(Paths.orderQr(order.orderNumber, order.qrToken))}
        >
          {t('myOrders.showQr')}
        </Button>
      )}
      {can.selfReturn && (
        <Button block size="large" onClick={() => void navigate(Paths.selfReturn(order.id))}>
          {t('myOrders.selfReturn')}
        </Button>
      )}
      {can.extend && (
        <Button block size="large" loading={extend.isPending} onClick={() => void handleExtend()}>
          {can.extraDayPrice
            ? t('myOrders.extend.open', { price: money(can.extraDayPrice) })
            : t('myOrders.extend.openFree')}
        </Button>
      )}
      {!compact && can.cancel && (
        <Button
          block
          size="large"
          color="danger"
          fill="outline"
          loading={cancel.isPending}
          onClick={() => void handleCancel()}
        >
          {t('myOrders.cancel.open')}
        </Button>
      )}
    </div>
  );
}
