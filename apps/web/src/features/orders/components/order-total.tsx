import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatus, type Order } from '@snowgear/contracts';
import { money } from '@/lib/money';

/**
 * The figures at the head of an order: while it runs, what it costs and what is paid; once
 * completed, what was kept and what went back ("净收 ¥340 · 押金已退 ¥1,670"), as the store and
 * the customer then ask. `payer`: the customer's own page ("实付" rather than the store's "净收").
 */
export function OrderTotal({
  order,
  payer = false,
  children,
}: {
  order: Pick<Order, 'status' | 'totalAmount' | 'paidAmount' | 'bills'>;
  payer?: boolean;
  /** More lines under the figures (what is still due, cash on delivery). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (order.status === OrderStatus.Completed) {
    const returned = order.bills
      .filter((b) => b.kind === 'refund' && b.status === 'paid')
      .reduce((n, b) => n + Math.round(b.amount * 100), 0);
    return (
      <>
        <span>{payer ? t('orders.netPaid') : t('orders.netKept')}</span>
        <strong>{money(order.paidAmount)}</strong>
        {returned > 0 && (
          <small>{t('orders.depositReturned', { amount: money(returned / 100) })}</small>
        )}
        {children}
      </>
    );
  }
  return (
    <>
      <span>{t('orders.total')}</span>
      <strong>{money(order.totalAmount)}</strong>
      <small>{t('orders.paid', { amount: money(order.paidAmount) })}</small>
      {children}
    </>
  );
}
