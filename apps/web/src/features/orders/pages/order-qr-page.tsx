import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, List, NoticeBar, Skeleton } from 'antd-mobile';
import { CheckCircleFill, PhoneFill, SendOutline, EyeOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { OrderQr } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-errors';
import { shareLink } from '@/lib/share-link';
import { useAppStore } from '@/features/app-state';
import { storeTime } from '@/lib/store-clock';
import { useLandingFlag } from '@/lib/landing-flag';
import { useOrderQr } from '../api/get-order-qr';
import { forgetOrderQr, saveOrderQr, savedOrderQr } from '../utils/saved-order-qr';
import { ErrorBlock } from '@/components/error-block';
import { RentalSummary, LateFeeNotice, fromOrderQr } from '@/features/rental-summary';
import { gearStep } from '@/features/customer-orders';
import { OrderStatusTag } from '@/components/order-status-tag';

/** '202611220001' → '2026 1122 0001': easier to read out and type at the counter. */
const grouped = (orderNumber: string) => orderNumber.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * /customer/order-qr/:orderNumber (spec §2, public): the code the store's smart scan opens, what
 * it is for now (a delivery is not sent to the store), the status, the store, and what the order
 * is for (the same summary as the booking and the payment page). The last version shown is kept
 * on the phone and shown at once, so the code can be shown at the counter without a connection.
 */
export default function OrderQrPage() {
  const { orderNumber = '' } = useParams();
  return <OrderQrView key={orderNumber} orderNumber={orderNumber} />;
}

function OrderQrView({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Where the customer's payment lands: said once, with their order one tap away.
  const justPaid = useLandingFlag('paid');
  const [saved] = useState(() => savedOrderQr(orderNumber));
  // The link's key, else the one saved with the page (a customer who has since signed out).
  const [shareKey] = useState(() => params.get('k') || saved?.data.qrToken || null);
  const query = useOrderQr(orderNumber, shareKey);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (!query.data) return;
    saveOrderQr(query.data);
    // The address now carries the key: bookmarked or added to the home screen, it opens signed out.
    if (!params.get('k')) {
      setParams((p) => ({ ...Object.fromEntries(p), k: query.data.qrToken }), { replace: true });
    }
  }, [query.data, params, setParams]);

  useEffect(() => {
    if (notFound) forgetOrderQr(orderNumber);
  }, [notFound, orderNumber]);

  const shown = query.data ?? (notFound ? undefined : saved?.data);
  const savedAt = saved ? storeTime(saved.savedAt) : '';

  return (
    <div className="order-qr-page">
      <PageHeader
        title={t('orderQr.title')}
        // Landed from the payment (the provider's pages behind it): back is to the order.
        backTo={
          justPaid && query.data?.myOrderId
            ? Paths.customerOrderDetail(query.data.myOrderId)
            : undefined
        }
      />
      {!query.data && shown && (
        <div role="status">
          <NoticeBar
            color={query.isError ? 'alert' : 'info'}
            wrap
            content={
              query.isError
                ? t('orderQr.savedOffline', { time: savedAt })
                : t('orderQr.savedRefreshing', { time: savedAt })
            }
          />
        </div>
      )}
      {shown ? (
        <OrderQrCard order={shown} justPaid={justPaid} />
      ) : notFound ? (
        <ErrorBlock
          status="empty"
          title={t('orderQr.notFound')}
          description={t('orderQr.notFoundTip')}
        >
          <Link
            to={Paths.orderCreate}
            className="adm-button adm-button-primary adm-button-shape-rounded"
          >
            {t('orderQr.bookAgain')}
          </Link>
        </ErrorBlock>
      ) : query.isError ? (
        <ErrorBlock
          status="disconnected"
          title={t('app.loadFailed')}
          description={query.error.message}
        >
          <Button color="primary" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <div className="page-body" role="status" aria-label={t('app.loading')}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      )}
    </div>
  );
}

function OrderQrCard({ order, justPaid }: { order: OrderQr; justPaid: boolean }) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const phone = order.storePhone.replace(/[^\d+]/g, '');
  // A code saved on the phone before the page carried the summary has none.
  const summary: OrderQr['summary'] | undefined = order.summary;
  const step = summary ? gearStep({ status: order.status, ...summary }) : null;

  const handleShare = async () => {
    const done = await shareLink(
      Paths.orderQr(order.orderNumber, order.qrToken),
      t('orderQr.shareTitle', { orderNumber: order.orderNumber }),
    );
    if (done === 'copied') showSuccess(t('orderQr.copied'));
  };

  return (
    <article className="order-qr">
      <section className="order-qr__code">
        {justPaid && (
          <p className="order-qr__paid" role="status">
            <CheckCircleFill aria-hidden /> <span>{t('orderQr.paid')}</span>
            {order.myOrderId && (
              <>
                {' · '}
                <Link to={Paths.customerOrderDetail(order.myOrderId)}>
                  {t('orderQr.viewOrder')}
                </Link>
              </>
            )}
          </p>
        )}
        {step !== 'closed' && (
          <p className="order-qr__show">{step ? t(`orderQr.step.${step}`) : t('orderQr.show')}</p>
        )}
        <QRCodeSVG
          value={order.orderNumber}
          size={240}
          level="M"
          marginSize={4}
          title={t('orderQr.qrLabel', { orderNumber: order.orderNumber })}
          className="order-qr__svg"
        />
        <p
          className="order-qr__number"
          aria-label={`${t('orderQr.orderNumber')} ${order.orderNumber}`}
        >
          {grouped(order.orderNumber)}
        </p>
        {(step === null || step === 'pickUpAtStore') && (
          <p className="order-qr__brightness">
            <EyeOutline aria-hidden /> {t('orderQr.brightness')}
          </p>
        )}
      </section>
      <List>
        <List.Item extra={<OrderStatusTag status={order.status} />}>
          {t('orderQr.status')}
        </List.Item>
      </List>
      {/* A code saved on the phone before the page carried the late fee has none. */}
      <LateFeeNotice order={{ lateFee: order.lateFee ?? null }} />
      <List header={t('orderQr.store')}>
        <List.Item description={order.storeAddress || undefined}>{order.storeName}</List.Item>
        {phone && (
          <List.Item>
            <a
              href={`tel:${phone}`}
              className="order-qr__call"
              aria-label={t('orderQr.call', { phone: order.storePhone })}
            >
              <PhoneFill aria-hidden /> {order.storePhone}
            </a>
          </List.Item>
        )}
      </List>
      {summary ? (
        <div className="page-body">
          <RentalSummary view={fromOrderQr({ ...order, summary })} />
        </div>
      ) : (
        <>
          <List header={t('orderQr.rental')}>
            <List.Item extra={storeTime(order.rentalStartTime, 'YYYY-MM-DD HH:mm')}>
              {t('orderQr.start')}
            </List.Item>
            <List.Item
              extra={storeTime(order.rentalEndTime, 'YYYY-MM-DD HH:mm')}
              description={t('orderQr.days', { count: order.days })}
            >
              {t('orderQr.end')}
            </List.Item>
          </List>
          <List header={t('orderQr.items')}>
            {order.items.map((item) => (
              <List.Item
                key={`${item.name}\u0000${item.sizeLabel}`}
                description={item.sizeLabel || undefined}
                extra={t('orderQr.count', { count: item.count })}
              >
                {item.name}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <div className="page-body">
        {/* Just paid, the link is up by the code already. */}
        {order.myOrderId && !justPaid && (
          <Link
            to={Paths.customerOrderDetail(order.myOrderId)}
            className="adm-button adm-button-default adm-button-block adm-button-large order-qr__order"
          >
            {t('orderQr.viewOrder')}
          </Link>
        )}
        {order.hasReceipt && (
          <Link
            to={Paths.receipt(order.orderNumber, order.qrToken)}
            className="adm-button adm-button-default adm-button-block adm-button-large receipt-link order-qr__receipt"
          >
            {t('receipt.view')}
          </Link>
        )}
        <Button
          block
          size="large"
          color="primary"
          fill="outline"
          onClick={() => void handleShare()}
        >
          <SendOutline aria-hidden /> {t('orderQr.share')}
        </Button>
      </div>
    </article>
  );
}
