import { useEffect, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { Checkout, OnlineMethod, PayChannel } from '@snowgear/contracts';
import { playSound, SoundKind } from '@/features/audio';
import { useCreatePayment } from '../api/create-payment';
import { usePayment } from '../api/get-payment';
import { forgetAttempt, rememberAttempt, resumedAttempt } from '../utils/resume';
import { invokeWeChatPay } from '../utils/wechat-pay';
import { serverLink } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { money } from '@/lib/money';
import { LoadingDots } from '@/components/loading-dots';

/**
 * Where the browser goes to pay. A page of this app's own server (the sandbox cashier) is told the
 * language the app shows, which may not be the browser's; a provider's page goes as it was given
 * (its address is signed).
 */
export function payPageLink(link: string): string {
  const url = new URL(serverLink(link));
  if (url.origin !== new URL(serverLink('/')).origin) return url.href;
  url.searchParams.set('lang', currentLanguage());
  return url.href;
}

/**
 * Paying the first bill due with WeChat Pay or Alipay: starts the provider's flow (the WeChat pay
 * sheet, the provider's page, or a QR code for the customer to scan), then follows the payment
 * with a visible progress state until the server's record says paid, failed or closed.
 */
export function OnlinePayment({
  checkout,
  method,
  channel,
  returnPath,
  onPaid,
}: {
  checkout: Checkout;
  method: OnlineMethod;
  channel: PayChannel;
  /** Where the provider sends the browser back to (this page). */
  returnPath: string;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePayment();
  const bill = checkout.due[0];
  const [paymentId, setPaymentId] = useState<string | null>(() =>
    resumedAttempt(checkout.orderId, bill),
  );
  const [qr, setQr] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const payment = usePayment(paymentId);
  // Paid by this attempt, or meanwhile another way (the customer's own phone, cash): done.
  const status = payment.data?.billStatus === 'paid' ? 'succeeded' : payment.data?.status;
  const methodName = t(`orders.methods.${method}`);

  useEffect(() => {
    if (status === 'succeeded') {
      forgetAttempt(checkout.orderId);
      playSound(SoundKind.success);
      onPaid();
    } else if (status === 'failed' || status === 'closed') {
      forgetAttempt(checkout.orderId);
      playSound(SoundKind.error);
    }
  }, [status, checkout.orderId, onPaid]);

  const handleStart = async () => {
    if (!bill) return;
    setNote(null);
    setQr(null);
    try {
      const attempt = await create.mutateAsync({
        billId: bill.billId,
        method,
        channel,
        returnPath,
      });
      rememberAttempt(checkout.orderId, bill, attempt.paymentId);
      setPaymentId(attempt.paymentId);
      const { action } = attempt;
      if (action.type === 'redirect') {
        window.location.assign(payPageLink(action.url));
      } else if (action.type === 'qr') {
        setQr(action.codeUrl);
      } else {
        const outcome = await invokeWeChatPay(action.params);
        if (outcome === 'cancel') setNote(t('payment.online.cancelled'));
        if (outcome === 'fail') setNote(t('payment.online.sheetFailed'));
      }
    } catch (err) {
      playSound(SoundKind.error);
      setNote(err instanceof Error ? err.message : String(err));
    }
  };

  const handleRetry = () => {
    forgetAttempt(checkout.orderId);
    setPaymentId(null);
    setQr(null);
    setNote(null);
  };

  if (status === 'succeeded') {
    return <Result status="success" title={t('payment.online.paid')} />;
  }
  const ended = status === 'failed' || status === 'closed';
  const action = payment.data?.action;
  const qrCode = qr ?? (action?.type === 'qr' ? action.codeUrl : null);
  // The customer's phone scans it: a full address, on the server this page talks to.
  const qrUrl = qrCode && serverLink(qrCode);
  const waiting = !!paymentId && !ended && !note;

  return (
    <section className="online-payment" aria-label={methodName}>
      {qrUrl && !ended && (
        <figure className="online-payment__qr">
          <QRCodeSVG value={qrUrl} size={220} marginSize={2} title={t('payment.online.qrTitle')} />
          <figcaption>
            {t('payment.online.scanToPay', {
              method: methodName,
              amount: money(bill?.amount ?? 0),
            })}
          </figcaption>
        </figure>
      )}
      <div role="status" aria-live="polite" className="online-payment__status">
        {waiting && (
          <div>
            <LoadingDots /> {t('payment.online.waiting', { method: methodName })}
          </div>
        )}
        {ended && (
          <p className="order-panel__error">
            {status === 'failed' ? t('payment.online.failed') : t('payment.online.closed')}
          </p>
        )}
        {note && <p className="order-panel__error">{note}</p>}
      </div>
      {waiting ? (
        <Button block size="large" onClick={handleRetry}>
          {t('payment.online.startOver')}
        </Button>
      ) : (
        <Button
          block
          size="large"
          color="primary"
          loading={create.isPending}
          disabled={!bill}
          onClick={() => void handleStart()}
        >
          {ended || note
            ? t('payment.online.tryAgain')
            : t('payment.online.pay', { method: methodName, amount: money(bill?.amount ?? 0) })}
        </Button>
      )}
    </section>
  );
}
