import { useCallback, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, NoticeBar, Result } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import { OrderStatus, PaymentMethod, type Checkout, type OnlineMethod } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useCheckout } from '../api/get-checkout';
import { CheckoutSummary } from '../components/checkout-summary';
import { MethodPicker } from '../components/method-picker';
import { OnlinePayment } from '../components/online-payment';
import { PayCountdown, usePassed } from '../components/pay-countdown';
import { usePayAtDoor } from '@/features/cash-on-delivery';
import { money } from '@/lib/money';
import { gearStep } from '@/features/customer-orders';

/**
 * /customer/payment/:orderId?: the customer pays what is due on their order, signed in or not
 * (the link or QR code the store gives them). Inside WeChat, WeChat Pay opens the pay sheet;
 * elsewhere the provider's page; cash is paid at the counter.
 */
export default function CustomerPaymentPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation();
  if (!orderId) {
    return (
      <div className="order-payment">
        <PageHeader title={t('payment.customer.title')} backTo={Paths.home} />
        <Result
          status="info"
          title={t('payment.customer.noOrder')}
          description={t('payment.customer.noOrderTip')}
        />
      </div>
    );
  }
  return <PayAsCustomer orderId={orderId} />;
}

/**
 * WeChat Pay and Alipay take international cards (and, through Alipay+, some wallets from home):
 * a visitor from abroad learns they can pay here as anyone else does, with the same flows. Only
 * the ways this order can be paid online are named.
 */
function PayingFromAbroad({ online }: { online: OnlineMethod[] }) {
  const { t } = useTranslation();
  const which =
    online.includes('wechat') && online.includes('alipay')
      ? 'both'
      : online.includes('alipay')
        ? 'alipay'
        : 'wechat';
  return (
    <section className="pay-abroad" aria-labelledby="pay-abroad-title">
      <h2 id="pay-abroad-title">{t('payment.customer.abroadTitle')}</h2>
      <p>{t(`payment.customer.abroad.${which}`)}</p>
    </section>
  );
}

function PayAsCustomer({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const query = useCheckout(orderId);
  // The bill as it is now: an earlier visit's answer may since have been paid, or grown by an
  // extension, and acting on it would say 'paid' while money is owed.
  const [openedAt] = useState(() => Date.now());
  const checkout = query.dataUpdatedAt >= openedAt ? query.data : undefined;
  const isWeChat = useAppStore((s) => s.isWeChat);
  const signedIn = useSession((s) => !!s.accessToken);
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const { refetch } = query;
  const handlePaid = useCallback(() => void refetch(), [refetch]);
  const expired = usePassed(checkout?.payBefore ?? null);
  // Back to the order for its customer; anyone else (a link paid for someone) where they came
  // from, or the order's code when the link opened this tab and the caller may see it (the
  // server gives its key to the customer and the store's staff only).
  const backTo = checkout?.isMine
    ? Paths.customerOrderDetail(checkout.orderId)
    : checkout?.qrToken && window.history.length <= 1
      ? Paths.orderQr(checkout.orderNumber, checkout.qrToken)
      : undefined;

  return (
    <div className="order-payment">
      <PageHeader title={t('payment.customer.title')} backTo={backTo} />
      <QueryState query={query} lines={8} freshSince={openedAt}>
        {(checkout) => {
          if (checkout.orderStatus === OrderStatus.Cancelled && checkout.due.length === 0) {
            return <Released title={t('payment.customer.cancelled')} />;
          }
          // Paid (or nothing to pay): the order's customer lands on the code they show at the
          // store, which says it is paid and links to the order (where no code is needed any
          // more, or never was for a delivery, on the order itself); the store's staff on the code; whoever else holds the
          // link (not given the code, which picks the gear up) reads that it is paid, here.
          if (checkout.due.length === 0) {
            if (checkout.isMine || checkout.qrToken) {
              const toCollect =
                gearStep({ status: checkout.orderStatus, ...checkout.summary }) === 'pickUpAtStore';
              return (
                <Navigate
                  to={
                    checkout.isMine && (!toCollect || !checkout.qrToken)
                      ? Paths.customerOrderDetail(checkout.orderId, { paid: true })
                      : Paths.orderQr(checkout.orderNumber, checkout.qrToken, {
                          paid: checkout.isMine,
                        })
                  }
                  replace
                />
              );
            }
            return <PaidByLink checkout={checkout} signedIn={signedIn} />;
          }
          const unpaid = checkout.orderStatus === OrderStatus.Unpaid && checkout.payBefore;
          if (unpaid && expired) return <Released title={t('payment.customer.released')} />;
          const online = checkout.methods.filter((m) => m !== PaymentMethod.Cash) as OnlineMethod[];
          const chosen =
            method ?? (isWeChat && online.includes('wechat') ? 'wechat' : (online[0] ?? 'cash'));
          return (
            <>
              {unpaid && <PayCountdown payBefore={unpaid} />}
              <CheckoutSummary checkout={checkout} payer />
              <PayAtDoor checkout={checkout} />
              <MethodPicker
                checkout={checkout}
                methods={checkout.methods}
                value={chosen}
                onChange={setMethod}
              />
              {online.length > 0 && <PayingFromAbroad online={online} />}
              <div className="page-body">
                {chosen === PaymentMethod.Cash ? (
                  <>
                    <p className="workspace-page__tip">
                      {checkout.payAtDoor === 'chosen'
                        ? t('cashOnDelivery.cashAtDoor')
                        : t('payment.customer.cashAtCounter')}
                    </p>
                    {checkout.qrToken && (
                      <Link
                        to={Paths.orderQr(checkout.orderNumber, checkout.qrToken)}
                        className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded"
                      >
                        {t('payment.customer.showQr')}
                      </Link>
                    )}
                  </>
                ) : chosen === 'wechat' &&
                  isWeChat &&
                  !signedIn &&
                  !checkout.sandbox.includes('wechat') ? (
                  // The pay sheet needs the customer's WeChat identity: sign in, then come back.
                  <>
                    <p className="workspace-page__tip">{t('payment.customer.signInForWeChat')}</p>
                    <Button
                      block
                      size="large"
                      color="primary"
                      onClick={() =>
                        void navigate(
                          `${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.customerPayment(orderId))}`,
                        )
                      }
                    >
                      {t('payment.customer.signInToPay')}
                    </Button>
                  </>
                ) : (
                  <OnlinePayment
                    key={chosen}
                    checkout={checkout}
                    method={chosen}
                    channel={
                      chosen === 'wechat' && isWeChat
                        ? 'jsapi'
                        : chosen === 'alipay' && isWeChat
                          ? 'native'
                          : 'h5'
                    }
                    returnPath={Paths.customerPayment(orderId)}
                    onPaid={handlePaid}
                  />
                )}
                {chosen === 'alipay' && isWeChat && (
                  <p className="workspace-page__tip">{t('payment.customer.alipayInWeChat')}</p>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/**
 * Cash on delivery (货到付款), where the store takes it: the order's customer may choose to pay
 * the driver at the door instead of now; once chosen, the page says so (paying online stays open).
 */
function PayAtDoor({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = usePayAtDoor();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const amount = money(checkout.dueAmount);
  if (checkout.payAtDoor === 'chosen') {
    return (
      <div className="page-body">
        <NoticeBar color="info" wrap content={t('cashOnDelivery.chosenTip', { amount })} />
      </div>
    );
  }
  if (checkout.payAtDoor !== 'offered' || !checkout.isMine) return null;
  const handleChoose = async () => {
    const ok = await Dialog.confirm({
      title: t('cashOnDelivery.chooseTitle'),
      content: t('cashOnDelivery.chooseConfirm', { amount }),
      confirmText: t('cashOnDelivery.chooseOk'),
      cancelText: t('cashOnDelivery.back'),
    });
    if (!ok) return;
    try {
      await choose.mutateAsync(checkout.orderId);
      showSuccess(t('cashOnDelivery.chosenDone'));
      await navigate(Paths.customerOrderDetail(checkout.orderId), { replace: true });
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <section className="page-body pay-at-door" aria-label={t('cashOnDelivery.option')}>
      <h2 className="section-title">{t('cashOnDelivery.option')}</h2>
      <p className="section-tip">{t('cashOnDelivery.optionTip', { amount })}</p>
      <Button block size="large" loading={choose.isPending} onClick={() => void handleChoose()}>
        {t('cashOnDelivery.choose')}
      </Button>
    </section>
  );
}

/**
 * Paid, seen by whoever holds the payment link without being the order's customer or its staff:
 * the order's pickup code is not theirs to see. The customer collects with the order number, or
 * signs in with the order's phone number to see the code.
 */
function PaidByLink({ checkout, signedIn }: { checkout: Checkout; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Result
        status="success"
        title={t('payment.customer.paidTitle')}
        description={t('payment.customer.paidTip', { orderNumber: checkout.orderNumber })}
      />
      {!signedIn && (
        <div className="page-body">
          <Link
            to={`${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.customerPayment(checkout.orderId))}`}
            className="adm-button adm-button-default adm-button-block adm-button-large adm-button-shape-rounded paid-by-link__sign-in"
          >
            {t('payment.customer.signInToSee')}
          </Link>
        </div>
      )}
    </>
  );
}

/** The order no longer holds gear (released unpaid, or cancelled): book again. */
function Released({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Result status="warning" title={title} description={t('payment.customer.releasedTip')} />
      <div className="page-body">
        <Link
          to={Paths.orderCreate}
          className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded"
        >
          {t('payment.customer.bookAgain')}
        </Link>
      </div>
    </>
  );
}
