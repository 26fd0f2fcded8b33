import { groupByPerson } from '@/lib/group-by-person';
import { useParams, useSearchParams } from 'react-router';
import { Button, Skeleton } from 'antd-mobile';
import { SendOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { rentIsDaily, type Receipt } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock } from '@/components/error-block';
import { ApiError } from '@/lib/api-errors';
import { money } from '@/lib/money';
import { shareLink } from '@/lib/share-link';
import { useAppStore } from '@/features/app-state';
import { useReceipt } from '../api/get-receipt';
import '../receipt.css';

/** '2026-11-26 14:05' on the store's clock (the receipt says which zone that is). */
function clock(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * /customer/receipt/:orderNumber?k= (issue 36 §5): what the store took and gave back on an
 * order, each settled bill with its receipt number; opened from the order (staff), the QR page
 * and the customer's order. Printable (black on white, no navigation) and shareable.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const { orderNumber = '' } = useParams();
  const [params] = useSearchParams();
  const query = useReceipt(orderNumber, params.get('k'));
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="receipt-page">
      <div className="no-print">
        <PageHeader title={t('receipt.title')} />
      </div>
      {query.data ? (
        <ReceiptView receipt={query.data} />
      ) : notFound ? (
        <ErrorBlock
          status="empty"
          title={t('receipt.notFound')}
          description={t('receipt.notFoundTip')}
        />
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

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const at = (iso: string) => clock(iso, receipt.timeZone);
  const method = (m: string | null) =>
    (m && t(`receipt.methods.${m}`, { defaultValue: '' })) || t('receipt.unknownMethod');

  const handleShare = async () => {
    const done = await shareLink(
      Paths.receipt(receipt.orderNumber, receipt.qrToken),
      t('receipt.shareTitle', { orderNumber: receipt.orderNumber }),
    );
    if (done === 'copied') showSuccess(t('receipt.copied'));
  };

  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <header className="receipt__store">
        <h1 id="receipt-heading" className="receipt__store-name">
          {receipt.storeName}
        </h1>
        {receipt.storeAddress && <p>{receipt.storeAddress}</p>}
        {receipt.storePhone && <p>{receipt.storePhone}</p>}
        <p className="receipt__title">{t('receipt.heading')}</p>
      </header>

      <dl className="receipt__facts">
        <div>
          <dt>{t('receipt.orderNumber')}</dt>
          <dd>{receipt.orderNumber}</dd>
        </div>
        {receipt.customerName && (
          <div>
            <dt>{t('receipt.customer')}</dt>
            <dd>{receipt.customerName}</dd>
          </div>
        )}
        <div className="receipt__fact--wide">
          <dt>{t('receipt.rental')}</dt>
          <dd>
            {t('receipt.rentalRange', {
              start: at(receipt.rentalStartTime),
              end: at(receipt.rentalEndTime),
              count: receipt.days,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('receipt.issuedAt')}</dt>
          <dd>{at(receipt.issuedAt)}</dd>
        </div>
      </dl>

      <section className="receipt__section" aria-labelledby="receipt-lines">
        <h2 id="receipt-lines">{t('receipt.lines')}</h2>
        <ul className="receipt__rows">
          {groupByPerson(receipt.lines, (line) => line.riderName).flatMap((group, g) => [
            ...(group.name !== null || g > 0
              ? [
                  <li key={`person-${g}`} className="receipt__person">
                    {group.name ?? t('counterPeople.unassigned')} ·{' '}
                    {t('counterPeople.lines', { count: group.lines.length })}
                  </li>,
                ]
              : []),
            ...group.lines.map((line, i) => (
              <li key={`${g}-${i}`} className="receipt__row">
                <span className="receipt__what">
                  {line.name}
                  {line.sizeLabel && <small> · {line.sizeLabel}</small>}
                  {line.barcodeNumber && <small> · {line.barcodeNumber}</small>}
                  <small className="receipt__detail">
                    {rentIsDaily(line.dailyPrice, line.days, line.rent)
                      ? t('receipt.lineRent', {
                          price: line.dailyPrice.toFixed(2),
                          count: line.days,
                        })
                      : t('receipt.lineRentCard', { count: line.days })}
                    {' · '}
                    {t('receipt.lineDeposit', { amount: money(line.deposit) })}
                  </small>
                </span>
                <span className="receipt__amount">{money(line.rent)}</span>
              </li>
            )),
          ])}
        </ul>
      </section>

      <section className="receipt__section" aria-labelledby="receipt-fees">
        <h2 id="receipt-fees">{t('receipt.fees')}</h2>
        <ul className="receipt__rows">
          <li className="receipt__row">
            <span className="receipt__what">
              {t('receipt.rent')}
              {/* How each priced rent came about: its card, season, junior rate or discount. */}
              {receipt.rentExplanations.map((words, i) => (
                <small key={i} className="receipt__detail">
                  {words}
                </small>
              ))}
            </span>
            <span className="receipt__amount">{money(receipt.rent)}</span>
          </li>
          {receipt.fees.map((fee, i) => (
            <li key={i} className="receipt__row">
              <span className="receipt__what">
                {t(`orders.feeKinds.${fee.kind}`)}
                {fee.description && <small> · {fee.description}</small>}
                {fee.reason && <small className="receipt__detail">{fee.reason}</small>}
              </span>
              <span className="receipt__amount">{money(fee.amount)}</span>
            </li>
          ))}
          <li className="receipt__row">
            <span className="receipt__what">{t('receipt.depositHeld')}</span>
            <span className="receipt__amount">{money(receipt.depositHeld)}</span>
          </li>
          <li className="receipt__row receipt__row--total">
            <span className="receipt__what">{t('receipt.total')}</span>
            <span className="receipt__amount">{money(receipt.total)}</span>
          </li>
        </ul>
      </section>

      <section className="receipt__section" aria-labelledby="receipt-bills">
        <h2 id="receipt-bills">{t('receipt.bills')}</h2>
        <ul className="receipt__rows">
          {receipt.bills.map((bill) => (
            <li key={bill.id} className="receipt__row">
              <span className="receipt__what">
                {t(`receipt.billKinds.${bill.kind}`)} · {method(bill.method)}
                <small className="receipt__detail">
                  {t('receipt.receiptNo')} {bill.receiptNo} · {at(bill.paidAt)}
                  {bill.confirmedBy && ` · ${t('receipt.confirmedBy', { name: bill.confirmedBy })}`}
                </small>
              </span>
              <span className="receipt__amount">
                {bill.kind === 'refund' ? `−${money(bill.amount)}` : money(bill.amount)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <dl className="receipt__totals">
        <div>
          <dt>{t('receipt.paid')}</dt>
          <dd>{money(receipt.paid)}</dd>
        </div>
        <div>
          <dt>{t('receipt.refunded')}</dt>
          <dd>{money(receipt.refunded)}</dd>
        </div>
        <div>
          <dt>{t('receipt.depositHeld')}</dt>
          <dd>{money(receipt.depositHeld)}</dd>
        </div>
        <div>
          <dt>{t('receipt.depositReturned')}</dt>
          <dd>{money(receipt.depositReturned)}</dd>
        </div>
        <div className="receipt__net">
          <dt>{t('receipt.net')}</dt>
          <dd>{money(receipt.paid - receipt.refunded)}</dd>
        </div>
      </dl>
      <p className="receipt__footer">{t('receipt.footer')}</p>

      <div className="receipt__actions no-print">
        <Button block size="large" color="primary" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button block size="large" fill="outline" onClick={() => void handleShare()}>
          <SendOutline aria-hidden /> {t('receipt.share')}
        </Button>
      </div>
    </article>
  );
}
