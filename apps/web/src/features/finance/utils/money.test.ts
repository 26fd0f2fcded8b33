import { describe, expect, it } from 'vitest';
import { formatYuan, signedAmount } from './money';

describe('finance money', () => {
  it('shows yuan with two decimals, thousands separated, the sign before the ¥', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(1234.5)).toBe('¥1,234.50');
    expect(formatYuan(-20)).toBe('-¥20.00');
    expect(formatYuan(0.1 + 0.2)).toBe('¥0.30');
  });

  it('counts a refund as money out', () => {
    expect(signedAmount({ kind: 'refund', amount: 80 })).toBe(-80);
    expect(signedAmount({ kind: 'supplement', amount: 15 })).toBe(15);
  });
});
