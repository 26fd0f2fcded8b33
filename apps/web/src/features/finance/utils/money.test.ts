import { describe, expect, it } from 'vitest';
import { formatYuan, signedAmount } from './money';

describe('finance money', () => {
  it('shows yuan with two decimals, thousands separated, the sign before the ¥', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(1234.5)).toBe('¥1,234.50');
    expect(formatYuan(-20)).toBe('-¥20.00');
    expect(formatYuan(0.1 + 0.2)).toBe('¥0.30');
    expect(formatYuan(1234567.891)).toBe('¥1,234,567.89');
    expect(formatYuan(-999999.999)).toBe('-¥1,000,000.00');
  });

  it('reads as the zh-CN number format would, rounding included', () => {
    const intl = new Intl.NumberFormat('zh-CN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const samples = [0.005, 1.005, 2.675, 99.995, 100, 1000, 10000.5, 123456.785, 9999999.99];
    // Sums and differences of amounts, as the finance pages add them up.
    for (let i = 0; i < 2000; i++) samples.push(((i * 7919) % 100000) / 100 + (i % 7) * 0.1);
    for (const value of [...samples, ...samples.map((v) => -v)]) {
      expect(formatYuan(value)).toBe(`${value < 0 ? '-' : ''}¥${intl.format(Math.abs(value))}`);
    }
  });

  it('counts a refund as money out', () => {
    expect(signedAmount({ kind: 'refund', amount: 80 })).toBe(-80);
    expect(signedAmount({ kind: 'supplement', amount: 15 })).toBe(15);
  });
});
