import { describe, expect, it } from 'vitest';
import { businessDay } from './numbering.js';
import { feeParameter, priceOrder, rentalDays } from './pricing.js';

const labels = { delivery: '送货', pickup: '取件', discount: '优惠' };

describe('order arithmetic', () => {
  it('counts every started day, at least one', () => {
    const start = new Date('2027-01-10T09:00:00+08:00');
    expect(rentalDays(start, new Date('2027-01-10T17:00:00+08:00'))).toBe(1);
    expect(rentalDays(start, new Date('2027-01-11T09:00:00+08:00'))).toBe(1);
    expect(rentalDays(start, new Date('2027-01-11T09:01:00+08:00'))).toBe(2);
    expect(rentalDays(start, new Date('2027-01-13T09:00:00+08:00'))).toBe(3);
  });

  it('sums rent × days, deposits and fees; the discount comes off the rent only', () => {
    const lines = [
      { label: 'A', depositFen: 100_000 },
      { label: 'B', depositFen: 0 },
    ];
    const rents = [
      { rentFen: 36_000, description: 'A × 3', descriptionEn: '', explained: false },
      { rentFen: 10_650, description: 'B × 3', descriptionEn: '', explained: false },
    ];
    const priced = priceOrder({
      rents,
      lines,
      deliveryFeeFen: 3_000,
      pickupFeeFen: 0,
      discountFen: 1_000,
      labels,
    });
    expect(priced.feeItems.map((f) => [f.kind, f.amountFen])).toEqual([
      ['Rent', 36_000],
      ['Rent', 10_650],
      ['Deposit', 100_000],
      ['DeliveryFee', 3_000],
      ['Discount', -1_000],
    ]);
    expect(priced.totalFen).toBe(148_650);
    expect(priced.rentFen).toBe(46_650);
    // However large the discount asked, the deposit and the delivery fee stay.
    const most = priceOrder({
      rents,
      lines,
      deliveryFeeFen: 3_000,
      pickupFeeFen: 0,
      discountFen: 10_000_000,
      labels,
    });
    expect(most.feeItems.at(-1)).toMatchObject({ kind: 'Discount', amountFen: -46_650 });
    expect(most.totalFen).toBe(103_000);
    const free = priceOrder({
      rents: [
        { rentFen: 12_000, description: 'A × 1', descriptionEn: '', explained: false },
        { rentFen: 3_550, description: 'B × 1', descriptionEn: '', explained: false },
      ],
      lines: lines.map((l) => ({ ...l, depositFen: 0 })),
      deliveryFeeFen: 3_000,
      pickupFeeFen: 0,
      discountFen: 10_000_000,
      free: true,
      labels,
    });
    expect(free.totalFen).toBe(0);
    expect(free.feeItems.at(-1)).toMatchObject({ kind: 'Discount', amountFen: -18_550 });
  });

  it('reads fee parameters as yuan, ignoring blanks and nonsense', () => {
    expect(feeParameter('30')).toBe(3_000);
    expect(feeParameter(' 12.5 ')).toBe(1_250);
    expect(feeParameter('')).toBe(0);
    expect(feeParameter('free')).toBe(0);
    expect(feeParameter(null)).toBe(0);
  });

  it('dates order numbers by the business day, not the server clock', () => {
    // 23:30 UTC on the 9th is already the 10th in Beijing.
    expect(businessDay(new Date('2027-01-09T23:30:00Z'), 'Asia/Shanghai')).toBe('20270110');
    expect(businessDay(new Date('2027-01-09T23:30:00Z'), 'UTC')).toBe('20270109');
  });
});
