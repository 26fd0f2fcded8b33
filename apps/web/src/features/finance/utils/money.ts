import { BillKind, type FinanceBill } from '@snowgear/contracts';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Yuan with two decimals and thousands separators: ¥1,234.50, -¥20.00. */
export function formatYuan(value: number): string {
  return `${value < 0 ? '-' : ''}¥${yuan.format(Math.abs(value))}`;
}

/** A bill as it moved the till: money in positive, refunds negative. */
export function signedAmount(bill: Pick<FinanceBill, 'kind' | 'amount'>): number {
  return bill.kind === BillKind.Refund ? -bill.amount : bill.amount;
}
