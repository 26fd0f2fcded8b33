import { describe, expect, it } from 'vitest';
import { OrderType } from '@snowgear/contracts';
import {
  computeOrderFees,
  feeParameter,
  rentalDays,
  staffDiscountLimit,
} from './order-create-fees';

const skis = { dailyPrice: 120, deposit: 800 };
const helmet = { dailyPrice: 30.5, deposit: 200 };
const base = {
  lines: [skis, helmet],
  days: 2,
  orderType: OrderType.Normal,
  deliveryFee: 0,
  pickupFee: 0,
  discount: 0,
};

describe('new order fees', () => {
  it('charges rent × days per line and holds each deposit', () => {
    const fees = computeOrderFees(base);
    expect(fees.lines).toEqual([
      { rent: 240, deposit: 800 },
      { rent: 61, deposit: 200 },
    ]);
    expect(fees).toMatchObject({ rent: 301, deposit: 1000, discount: 0, total: 1301 });
  });

  it('adds the delivery and pickup fees', () => {
    const fees = computeOrderFees({ ...base, deliveryFee: 30, pickupFee: 50 });
    expect(fees).toMatchObject({ deliveryFee: 30, pickupFee: 50, total: 1381 });
  });

  it('takes the discount off the rent only: the deposits always stay to pay', () => {
    expect(computeOrderFees({ ...base, discount: 101 })).toMatchObject({
      total: 1200,
      aboveRent: false,
    });
    expect(computeOrderFees({ ...base, discount: 5000 })).toMatchObject({
      discount: 301,
      total: 1000,
      aboveRent: true,
    });
    expect(computeOrderFees({ ...base, discount: 301 })).toMatchObject({
      total: 1000,
      aboveRent: false,
    });
    expect(computeOrderFees({ ...base, discount: -50 })).toMatchObject({
      discount: 0,
      total: 1301,
    });
    expect(computeOrderFees({ ...base, discount: Number.NaN }).total).toBe(1301);
  });

  it('gives a clerk the store’s percent of the rent, 20% when the parameter is blank', () => {
    expect(staffDiscountLimit(301, '')).toEqual({ percent: 20, amount: 60.2 });
    expect(staffDiscountLimit(301, '10')).toEqual({ percent: 10, amount: 30.1 });
    expect(staffDiscountLimit(99.99, '20')).toEqual({ percent: 20, amount: 19.99 });
  });

  it('makes hospitality and loans free: rent shown, no deposit, everything discounted', () => {
    for (const orderType of [OrderType.Hospitality, OrderType.Loan]) {
      const fees = computeOrderFees({ ...base, orderType, deliveryFee: 30 });
      expect(fees).toMatchObject({ free: true, rent: 301, deposit: 0, discount: 331, total: 0 });
    }
  });

  it('sums money in fen, so decimals add up exactly', () => {
    const fees = computeOrderFees({
      ...base,
      lines: [
        { dailyPrice: 0.1, deposit: 0.2 },
        { dailyPrice: 0.2, deposit: 0.1 },
      ],
      days: 1,
    });
    expect(fees.total).toBe(0.6);
  });

  it('counts every started 24 hours as a day, at least one', () => {
    const start = new Date('2026-01-10T10:00:00+08:00');
    const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
    expect(rentalDays(start, hours(1))).toBe(1);
    expect(rentalDays(start, hours(24))).toBe(1);
    expect(rentalDays(start, hours(25))).toBe(2);
    expect(rentalDays(start, start)).toBe(1);
  });

  it('reads fee parameters, blank or nonsense being no fee', () => {
    expect(feeParameter('30')).toBe(30);
    expect(feeParameter(' 30.5 ')).toBe(30.5);
    expect(feeParameter('')).toBe(0);
    expect(feeParameter(undefined)).toBe(0);
    expect(feeParameter('abc')).toBe(0);
    expect(feeParameter('-5')).toBe(0);
  });
});
