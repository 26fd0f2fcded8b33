import { useId } from 'react';
import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import { BillKind, type ShiftCloseClerk } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { formatYuan, signedAmount } from '../utils/money';

/** One clerk's cash for the day: in, out, what they hand in, every bill, and a line to sign. */
export function ShiftClerkCard({ clerk, timeZone }: { clerk: ShiftCloseClerk; timeZone: string }) {
  const { t } = useTranslation();
  const name = clerk.name || t('shiftClose.unknownClerk');
  const titleId = useId();
  return (
    <section className="shift-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="shift-card__name">
        {name}
        {clerk.isDriver && (
          <Tag color="warning" fill="outline" className="shift-card__tag">
            {t('shiftClose.driver')}
          </Tag>
        )}
      </h3>
      <dl className="shift-figures">
        <div>
          <dt>{t('shiftClose.cashIn')}</dt>
          <dd>
            <strong>{formatYuan(clerk.cashIn.amount)}</strong>
            <span>{t('shiftClose.bills', { count: clerk.cashIn.count })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('shiftClose.cashOut')}</dt>
          <dd>
            <strong className="shift-figures__out">{formatYuan(clerk.cashOut.amount)}</strong>
            <span>{t('shiftClose.bills', { count: clerk.cashOut.count })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('shiftClose.net')}</dt>
          <dd>
            <strong>{formatYuan(clerk.net)}</strong>
          </dd>
        </div>
      </dl>
      <table className="shift-bills">
        <caption className="shift-sr-only">
          {t('shiftClose.clerkTotals', {
            name,
            cashIn: formatYuan(clerk.cashIn.amount),
            cashOut: formatYuan(clerk.cashOut.amount),
            net: formatYuan(clerk.net),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('shiftClose.columns.time')}</th>
            <th scope="col">{t('shiftClose.columns.order')}</th>
            <th scope="col">{t('shiftClose.columns.customer')}</th>
            <th scope="col">{t('shiftClose.columns.kind')}</th>
            <th scope="col" className="shift-bills__amount">
              {t('shiftClose.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {clerk.bills.map((bill) => (
            <tr key={bill.billId}>
              <td>{dayjs(bill.paidAt).tz(timeZone).format('HH:mm')}</td>
              <td>
                <Link
                  to={Paths.storeOrderDetail(bill.orderId)}
                  aria-label={t('shiftClose.openOrder', { orderNumber: bill.orderNumber })}
                >
                  {bill.orderNumber}
                </Link>
              </td>
              <td>{bill.customerName}</td>
              <td>{t(`shiftClose.kinds.${bill.kind}`)}</td>
              <td
                className={`shift-bills__amount${bill.kind === BillKind.Refund ? ' shift-figures__out' : ''}`}
              >
                {formatYuan(signedAmount(bill))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="shift-sign print-only">
        {t('shiftClose.signClerk')} <span className="shift-sign__line" />
      </p>
    </section>
  );
}
