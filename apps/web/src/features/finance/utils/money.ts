import { BillKind, type FinanceBill } from '@snowgear/contracts';

/**
 * Yuan with two decimals and thousands separators: ¥1,234.50, -¥20.00. Written out rather than
 * with Intl.NumberFormat: building that formatter on a page's first load took about 130 ms of a
 * mid-range phone's CPU (its locale data), for a format that is the same in both languages.
 */
export function formatYuan(value: number): string {
  // Rounded as written in decimal (1.005 → 1.01, as the formatter does), not as the float holds
  // it (1.00499…): 15 digits drop a sum's binary noise, the exponent moves the point exactly.
  const [digits, exponent = '0'] = Math.abs(value).toPrecision(15).split('e');
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}¥${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** A bill as it moved the till: money in positive, refunds negative. */
export function signedAmount(bill: Pick<FinanceBill, 'kind' | 'amount'>): number {
  return bill.kind === BillKind.Refund ? -bill.amount : bill.amount;
}
