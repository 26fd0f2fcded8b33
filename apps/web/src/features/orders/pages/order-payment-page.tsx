import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Dialog, Input, List, Radio, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PaymentMethod, type Bill } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { availablePaymentMethods } from '@/features/system-config/utils/business-parameters';
import { useScanner } from '@/features/scanner/hooks/use-scanner';
import { getOrderByNumber } from '../api/get-order-by-number';
import { useOrder } from '../api/get-order';
import { useConfirmCash } from '../api/order-actions';

const money = (v: number) => `¥${v.toFixed(2)}`;

/**
 * /store/orders/payment/:id: what is due on an order, its fees, and the methods the store takes.
 * Cash is confirmed here. WeChat Pay and Alipay show when the store enables them; until an
 * online payment service is connected to the server they say so and cash remains the way.
 */
export default function OrderPaymentPage() {
  const { id } = useParams();
  return id ? <PayOrder id={id} /> : <FindOrderToPay />;
}

function PayOrder({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useOrder(id);
  const config = useConfigStore((s) => s.config);
  const confirmCash = useConfirmCash();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [method, setMethod] = useState<PaymentMethod>(PaymentMethod.Cash);

  const handlePay = async (bills: Bill[], total: number) => {
    const ok = await Dialog.confirm({
      title: t('orders.cashTitle'),
      content: t('orders.cashConfirm', { amount: money(total) }),
      confirmText: t('orders.cashReceived'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    try {
      for (const bill of bills) await confirmCash.mutateAsync(bill.id);
      showSuccess(t('orders.cashDone'));
      await navigate(Paths.storeOrderDetail(id), { replace: true });
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="order-payment">
      <PageHeader title={t('payment.title')} backTo={Paths.storeOrderDetail(id)} />
      <QueryState query={query} lines={8}>
        {(order) => {
          const due = order.bills.filter((b) => b.status === 'pending' && b.kind !== 'refund');
          const total = due.reduce((sum, b) => sum + b.amount, 0);
          const methods = availablePaymentMethods(config, order.storeId);
          if (due.length === 0) {
            return (
              <Result
                status="success"
                title={t('payment.nothingDue')}
                description={order.orderNumber}
              />
            );
          }
          return (
            <>
              <section className="order-detail__head">
                <div>
                  <h1 className="order-detail__number">{order.orderNumber}</h1>
                  <span>{order.customerName}</span>
                </div>
                <div className="order-detail__total">
                  <span>{t('payment.due')}</span>
                  <strong>{money(total)}</strong>
                </div>
              </section>
              <List header={t('orders.fees')}>
                {order.feeItems.map((fee) => (
                  <List.Item key={fee.id} extra={money(fee.amount)} description={fee.description}>
                    {t(`orders.feeKinds.${fee.kind}`)}
                  </List.Item>
                ))}
                {order.paidAmount > 0 && (
                  <List.Item extra={`−${money(order.paidAmount)}`}>
                    {t('payment.paidSoFar')}
                  </List.Item>
                )}
              </List>
              <List header={t('payment.method')}>
                <Radio.Group value={method} onChange={(v) => setMethod(v as PaymentMethod)}>
                  {methods.map((m) => (
                    <List.Item
                      key={m}
                      description={
                        m === PaymentMethod.Cash ? undefined : t('payment.onlineNotConnected')
                      }
                    >
                      <Radio value={m} disabled={m !== PaymentMethod.Cash}>
                        {t(`orders.methods.${m}`)}
                      </Radio>
                    </List.Item>
                  ))}
                </Radio.Group>
              </List>
              <ActionBar>
                <Button
                  block
                  color="primary"
                  size="large"
                  loading={confirmCash.isPending}
                  onClick={() => void handlePay(due, total)}
                >
                  {t('payment.takeCash', { amount: money(total) })}
                </Button>
              </ActionBar>
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
