import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Input, Result } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import { PaymentMethod } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useCheckout, CheckoutSummary, MethodPicker, OnlinePayment } from '@/features/payments';
import { useScanner } from '@/features/scanner';
import { getOrderByNumber } from '../api/get-order-by-number';
import { useConfirmCash } from '../api/order-actions';
import { CashPending, useCashPending } from '../components/cash-pending';
import { money } from '@/lib/money';

/**
 * /store/orders/payment/:id: what is due on an order, its fees, and the methods the store takes.
 * Cash is confirmed here; WeChat Pay and Alipay (when the store enables them) show a QR code the
 * customer scans with their phone, and the page follows the payment until it is in.
 */
export default function OrderPaymentPage() {
  const { id } = useParams();
  return id ? <PayOrder id={id} /> : <FindOrderToPay />;
}

/**
 * Taking payment for an order: at the counter, or at the door by a driver (the driver's pages
 * give their own way back).
 */
export function PayOrder({
  id,
  detailPath = Paths.storeOrderDetail(id),
  paymentPath = Paths.storeOrderPayment(id),
}: {
  id: string;
  detailPath?: string;
  paymentPath?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useCheckout(id);
  const confirmCash = useConfirmCash();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [method, setMethod] = useState<PaymentMethod>(PaymentMethod.Cash);
  const handlePaid = useCallback(() => {
    showSuccess(t('payment.online.paid'));
    void navigate(detailPath, { replace: true });
  }, [detailPath, navigate, showSuccess, t]);

  const cashPending = useCashPending(id);
  const handleCash = async (billIds: string[], total: number, orderNumber: string) => {
    const ok = await Dialog.confirm({
      title: t('orders.cashTitle'),
      content: t('orders.cashConfirm', { amount: money(total) }),
      confirmText: t('orders.cashReceived'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    try {
      const label = t('offlineWork.cashLabel', { number: orderNumber, amount: money(total) });
      let queued = false;
      for (const billId of billIds) {
        queued = (await confirmCash.mutateAsync({ billId, orderId: id, label })).queued || queued;
      }
      // Kept offline: the page says the cash is in, waiting to sync (components/cash-pending).
      if (queued) return showSuccess(t('offlineWork.cashQueued'));
      showSuccess(t('orders.cashDone'));
      await navigate(detailPath, { replace: true });
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="order-payment">
      <PageHeader title={t('payment.title')} backTo={detailPath} />
      <CashPending orderId={id} />
      <QueryState query={query} lines={8}>
        {(checkout) => {
          if (checkout.due.length === 0) {
            return (
              <Result
                status="success"
                title={t('payment.nothingDue')}
                description={checkout.orderNumber}
              />
            );
          }
          return (
            <>
              <CheckoutSummary checkout={checkout} />
              <MethodPicker
                checkout={checkout}
                methods={checkout.methods}
                value={method}
                onChange={setMethod}
              />
              {method === PaymentMethod.Cash ? (
                !cashPending && (
                  <ActionBar>
                    <Button
                      block
                      color="primary"
                      size="large"
                      loading={confirmCash.isPending}
                      onClick={() =>
                        void handleCash(
                          checkout.due.map((b) => b.billId),
                          checkout.dueAmount,
                          checkout.orderNumber,
                        )
                      }
                    >
                      {t('payment.takeCash', { amount: money(checkout.dueAmount) })}
                    </Button>
                  </ActionBar>
                )
              ) : (
                <div className="page-body">
                  {/* At the counter the customer scans a code with their own phone. */}
                  <OnlinePayment
                    key={method}
                    checkout={checkout}
                    method={method}
                    channel="native"
                    returnPath={paymentPath}
                    onPaid={handlePaid}
                  />
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** The bare /store/orders/payment: find the order to take payment for, by number or scan. */
function FindOrderToPay() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scan } = useScanner();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = async (text: string) => {
    setError(null);
    try {
      const order = await getOrderByNumber(text.trim());
      await navigate(Paths.storeOrderPayment(order.id));
    } catch {
      setError(t('smartScan.notFound'));
    }
  };

  return (
    <div className="order-payment">
      <PageHeader title={t('payment.title')} backTo={Paths.storeOrderList} />
      <p className="workspace-page__tip">{t('payment.findTip')}</p>
      <form
        className="scan-page__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) void open(code);
        }}
      >
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('payment.orderNumber')}
          inputMode="numeric"
          aria-invalid={error !== null}
        />
        <Button type="submit" disabled={!code.trim()}>
          {t('smartScan.lookup')}
        </Button>
      </form>
      {error && (
        <p className="order-panel__error page-body" role="alert">
          {error}
        </p>
      )}
      <Button
        block
        size="large"
        className="scan-page__start"
        onClick={() => void scan({ title: t('payment.scanTitle') }).then((r) => r && open(r.text))}
      >
        {t('smartScan.startScan')}
      </Button>
    </div>
  );
}
