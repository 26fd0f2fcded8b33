import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import { BillKind, type FinanceBill } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { formatYuan, signedAmount } from '../utils/money';
import { methodLabel } from './method-table';

/** One paid bill; the whole row opens its order. */
export function BillRow({
  bill,
  timeZone,
  showStore,
}: {
  bill: FinanceBill;
  timeZone: string;
  showStore: boolean;
}) {
  const { t } = useTranslation();
  const refund = bill.kind === BillKind.Refund;
  const amount = formatYuan(signedAmount(bill));
  const time = dayjs(bill.paidAt).tz(timeZone).format('MM/DD HH:mm');
  const kind = t(`finance.kinds.${bill.kind}`);
  // Money going back reads as a refund (现金退款), not as the method it was paid by.
  const method =
    refund && (bill.method === 'cash' || bill.method === 'wechat' || bill.method === 'alipay')
      ? t(`orderView.refundMethods.${bill.method}`)
      : methodLabel(t, bill.method);
  const meta = [
    method,
    time,
    bill.confirmedByName ? t('finance.confirmedBy', { name: bill.confirmedByName }) : null,
    showStore ? bill.storeName : null,
    bill.receiptNo ? `${t('receipt.receiptNo')} ${bill.receiptNo}` : null,
  ].filter(Boolean);
  return (
    <li>
      <Link
        to={Paths.storeOrderDetail(bill.orderId)}
        className="finance-bill"
        aria-label={t('finance.billLabel', {
          kind,
          amount,
          orderNumber: bill.orderNumber,
          customer: bill.customerName,
          time,
        })}
      >
        <span className="finance-bill__head">
          <span className="finance-bill__number">{bill.orderNumber}</span>
          <strong className={`finance-bill__amount${refund ? ' finance-bill__amount--out' : ''}`}>
            {amount}
          </strong>
        </span>
        <span className="finance-bill__row">
          <Tag
            color={refund ? 'danger' : bill.kind === BillKind.Supplement ? 'warning' : 'primary'}
          >
            {kind}
          </Tag>
          <span className="finance-bill__customer">{bill.customerName}</span>
        </span>
        <span className="finance-bill__meta">{meta.join(' · ')}</span>
      </Link>
    </li>
  );
}
