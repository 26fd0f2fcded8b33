import { MONEY_MAX } from '@snowgear/contracts';

/**
 * An amount in yuan as staff and customers read it: ¥1120.00 (two decimals, no separators); an
 * amount taken off (a discount, a refund) reads −¥50.00, never ¥-50.00.
 */
export function money(yuan: number): string {
  const text = `¥${Math.abs(yuan).toFixed(2)}`;
  return yuan < 0 && text !== '¥0.00' ? `−${text}` : text;
}

const MONEY_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** Typed yuan the server takes for a price, deposit or fee: two decimals at most, up to MONEY_MAX. */
export function isMoneyText(text: string): boolean {
  return MONEY_TEXT.test(text) && Number(text) <= MONEY_MAX;
}
