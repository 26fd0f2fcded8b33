import { describe, expect, it } from 'vitest';
import { isMoneyText, money } from './money';

describe('money', () => {
  it('writes yuan with two decimals and no separators', () => {
    expect(money(1120)).toBe('¥1120.00');
    expect(money(0.5)).toBe('¥0.50');
    expect(money(0)).toBe('¥0.00');
  });

  it('puts the minus before the sign for an amount taken off, never ¥-', () => {
    expect(money(-50)).toBe('−¥50.00');
    expect(money(-0.001)).toBe('¥0.00');
  });

  it('takes typed yuan of two decimals at most', () => {
    expect(isMoneyText('12.5')).toBe(true);
    expect(isMoneyText('12.555')).toBe(false);
    expect(isMoneyText('-1')).toBe(false);
  });
});
