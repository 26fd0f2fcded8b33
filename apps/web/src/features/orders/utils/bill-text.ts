import type { TFunction } from 'i18next';
import type { Bill } from '@snowgear/contracts';

const methodKey = (method: string | null) =>
  method === 'wechat' || method === 'alipay' ? method : 'cash';

/**
 * What became of a bill, as its line in the order's bills says it: paid by which method, who
 * confirmed it and when; a refund reads as money going back (现金退款, 待退款), not as a payment.
 */
export function billStateText(t: TFunction, bill: Bill, when: (iso: string) => string): string {
  const refund = bill.kind === 'refund';
  if (bill.status === 'paid') {
    const at = bill.paidAt ? when(bill.paidAt) : '';
    const who = bill.confirmedByName ?? '';
    return refund
      ? t('orderView.refundPaid', {
          method: t(`orderView.refundMethods.${methodKey(bill.method)}`),
          who,
          at,
        })
      : t('orders.billPaid', { method: t(`orders.methods.${methodKey(bill.method)}`), who, at });
  }
  if (bill.refundUnderWay) return t('orders.refundUnderWay');
  if (refund && bill.status === 'pending') return t('orderView.refundPending');
  return t(`orders.billStatus.${bill.status}`);
}
