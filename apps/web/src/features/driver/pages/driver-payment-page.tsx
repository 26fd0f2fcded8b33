import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PaymentMethod, type Checkout, type OnlineMethod, type Order } from '@snowgear/contracts';
import { Dialog } from '@/components/antd/dialog';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Paths } from '@/config/paths';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useConfirmCash, useOrder } from '@/features/orders';
import { useCheckout, CheckoutSummary, MethodPicker, OnlinePayment } from '@/features/payments';
import { money } from '@/lib/money';
import { useTakeRun } from '../api/runs';
import { cashAtDoor, type CashAtDoor } from '../utils/cash-at-door';

/**
 * /driver/payment/:id: what the customer still owes, taken at the door before the gear is handed
 * over (cash on delivery, or a supplement on a pickup): a clear cash button, confirmed first, and
 * the QR code the customer scans to pay online where the store takes online payments. The cash
 * button is for the driver who has the run (or the store's order handlers): another driver is
 * told whose run it is, and a run still in the pool is taken first.
 */
export default function DriverPaymentPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const query = useCheckout(id);
  const order = useOrder(id);
  return (
    <div className="order-payment driver-payment">
      <PageHeader title={t('routes.driverPayment')} backTo={Paths.driverOrderDetail(id)} />
      <QueryState query={query} lines={8}>
        {(checkout) => (
          <QueryState query={order} lines={8}>
            {(o) => <CollectAtDoor checkout={checkout} order={o} />}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}

function CollectAtDoor({ checkout, order }: { checkout: Checkout; order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmCash = useConfirmCash();
  const me = useSession((s) => s.user?.id);
  const permissions = useSession((s) => s.permissions);
  const cash = cashAtDoor(order, { id: me, permissions });
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const detailPath = Paths.driverOrderDetail(checkout.orderId);
  const online = checkout.methods.filter((m) => m !== PaymentMethod.Cash) as OnlineMethod[];
  const [method, setMethod] = useState<OnlineMethod | null>(online[0] ?? null);
  const handlePaid = useCallback(() => {
    showSuccess(t('cashOnDelivery.cashDone'));
    void navigate(detailPath, { replace: true });
  }, [detailPath, navigate, showSuccess, t]);

  if (checkout.due.length === 0) {
    return (
      <>
        <Result
          status="success"
          title={t('cashOnDelivery.nothingDue')}
          description={checkout.orderNumber}
        />
        <div className="page-body">
          <Button block size="large" color="primary" onClick={() => void navigate(detailPath)}>
            {t('cashOnDelivery.backToOrder')}
          </Button>
        </div>
      </>
    );
  }

  const amount = money(checkout.dueAmount);
  const handleCash = async () => {
    const ok = await Dialog.confirm({
      title: t('cashOnDelivery.cashTitle'),
      content: t('cashOnDelivery.cashConfirm', { amount }),
      confirmText: t('cashOnDelivery.cashOk'),
      cancelText: t('cashOnDelivery.back'),
    });
    if (!ok) return;
    try {
      const label = t('offlineWork.cashLabel', { number: checkout.orderNumber, amount });
      let queued = false;
      for (const bill of checkout.due) {
        const outcome = await confirmCash.mutateAsync({
          billId: bill.billId,
          orderId: checkout.orderId,
          label,
        });
        queued = outcome.queued || queued;
      }
      if (queued) return showSuccess(t('offlineWork.cashQueued'));
      handlePaid();
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <>
      <CheckoutSummary checkout={checkout} />
      <section className="page-body driver-payment__cash" aria-label={t('cashOnDelivery.dueTitle')}>
        <p className="driver-payment__due">
          <span>{t('cashOnDelivery.dueTitle')}</span>
          <strong>{amount}</strong>
        </p>
        {cash.kind === 'mine' ? (
          <Button
            block
            size="large"
            color="primary"
            className="driver-payment__cash-button"
            loading={confirmCash.isPending}
            onClick={() => void handleCash()}
          >
            {t('cashOnDelivery.cashButton', { amount })}
          </Button>
        ) : (
          <NotYourCash orderId={order.id} cash={cash} />
        )}
      </section>
      {online.length > 0 && method ? (
        <>
          <MethodPicker
            checkout={checkout}
            methods={online}
            value={method}
            onChange={(m) => setMethod(m as OnlineMethod)}
          />
          <section className="page-body" aria-label={t('cashOnDelivery.scanTitle')}>
            <h2 className="section-title">{t('cashOnDelivery.scanTitle')}</h2>
            <p className="workspace-page__tip">{t('cashOnDelivery.scanTip')}</p>
            {/* The customer scans a code with their own phone, as at the counter. */}
            <OnlinePayment
              key={method}
              checkout={checkout}
              method={method}
              channel="native"
              returnPath={Paths.driverPayment(checkout.orderId)}
              onPaid={handlePaid}
            />
          </section>
        </>
      ) : (
        <p className="workspace-page__tip page-body">{t('cashOnDelivery.noOnline')}</p>
      )}
    </>
  );
}

/** In place of the cash button, for someone whose run it is not: why, and a way to take it. */
function NotYourCash({
  orderId,
  cash,
}: {
  orderId: string;
  cash: Exclude<CashAtDoor, { kind: 'mine' }>;
}) {
  const { t } = useTranslation();
  const take = useTakeRun();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  if (cash.kind === 'counter') {
    return <p className="workspace-page__tip">{t('cashOnDelivery.cashAtCounter')}</p>;
  }
  if (cash.kind === 'held') {
    return (
      <p className="workspace-page__tip">{t('cashOnDelivery.cashHeldBy', { name: cash.by })}</p>
    );
  }
  const handleTake = async () => {
    try {
      await take.mutateAsync({ orderId, kind: cash.run });
      showSuccess(t('cashOnDelivery.cashTaken'));
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <>
      <p className="workspace-page__tip">{t('cashOnDelivery.cashTakeFirst')}</p>
      <Button
        block
        size="large"
        color="primary"
        loading={take.isPending}
        onClick={() => void handleTake()}
      >
        {t('driver.take')}
      </Button>
    </>
  );
}
