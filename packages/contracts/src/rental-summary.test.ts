import { describe, expect, it } from 'vitest';
import {
  customerCancelsUntil,
  DeliveryMethod,
  explainRents,
  OrderStatus,
  rentalSummaryLines,
  type RentalSummaryPart,
} from './index.js';

const part = (over: Partial<RentalSummaryPart>): RentalSummaryPart => {
  const p = {
    categoryId: 'skis',
    categoryName: '双板',
    sizeLabel: '150 cm',
    packName: '',
    riderKey: 'a',
    riderName: '小林',
    dailyPrice: 80,
    deposit: 300,
    days: 2,
    ...over,
  };
  // Priced by the day unless the test says otherwise (a rate card's rent).
  return { rent: (Math.round(p.dailyPrice * 100) * p.days) / 100, ...p };
};

describe('what the customer pays for, line by line', () => {
  it("makes a pack one line with one daily price and one deposit, not its parts' shares", () => {
    // The server shares a ¥120 pack with a ¥500 deposit over its parts as 73.85 / 46.15 ….
    const lines = rentalSummaryLines([
      part({ cartIndex: 0, packName: '双板套装', dailyPrice: 73.85, deposit: 307.69 }),
      part({
        cartIndex: 0,
        packName: '双板套装',
        categoryId: 'boots',
        categoryName: '雪鞋',
        sizeLabel: '26.5',
        dailyPrice: 46.15,
        deposit: 192.31,
      }),
      part({ cartIndex: 1, riderKey: 'b', riderName: '小王', dailyPrice: 60, deposit: 200 }),
    ]);
    expect(lines).toEqual([
      {
        cartIndex: 0,
        riderKey: 'a',
        riderName: '小林',
        packName: '双板套装',
        parts: [
          { categoryName: '双板', sizeLabel: '150 cm', barcodeNumber: null },
          { categoryName: '雪鞋', sizeLabel: '26.5', barcodeNumber: null },
        ],
        dailyPrice: 120,
        days: 2,
        rent: 240,
        explanation: '',
        deposit: 500,
      },
      expect.objectContaining({ cartIndex: 1, packName: '', dailyPrice: 60, rent: 120 }),
    ]);
  });

  it("splits an order's run of one pack's lines where a category comes again", () => {
    const pack = (categoryId: string) =>
      part({ packName: '双板套装', categoryId, categoryName: categoryId, dailyPrice: 60 });
    const lines = rentalSummaryLines([pack('skis'), pack('boots'), pack('skis'), pack('boots')]);
    expect(lines.map((l) => [l.parts.length, l.dailyPrice, l.cartIndex])).toEqual([
      [2, 120, null],
      [2, 120, null],
    ]);
  });

  it('adds up the rent each piece was priced at, not its daily price × days (a rate card)', () => {
    const [line] = rentalSummaryLines([
      part({ cartIndex: 0, packName: 'P', dailyPrice: 100, days: 3, rent: 256.5 }),
      part({
        cartIndex: 0,
        packName: 'P',
        categoryId: 'boots',
        dailyPrice: 80,
        days: 3,
        rent: 203.5,
      }),
    ]);
    expect(line).toMatchObject({ dailyPrice: 180, days: 3, rent: 460 });
  });

  it('gives no day count for a pack whose parts were charged for different days', () => {
    const [line] = rentalSummaryLines([
      part({ packName: 'P', days: 3 }),
      part({ packName: 'P', categoryId: 'boots', days: 2, dailyPrice: 20 }),
    ]);
    expect(line).toMatchObject({ days: null, dailyPrice: 100, rent: 280 });
  });
});

describe('until when the customer may cancel', () => {
  it('is until the gear is handed over at the store, or leaves for the delivery', () => {
    expect(customerCancelsUntil(DeliveryMethod.SelfPickup)).toBe(OrderStatus.InUse);
    expect(customerCancelsUntil(DeliveryMethod.Delivery)).toBe(OrderStatus.Delivering);
  });
});

describe("an order's lines with the words of its rent lines", () => {
  const pack = part({ packName: '双板全套', dailyPrice: 153.33, rent: 460, days: 3 });
  const alone = part({ riderKey: 'b', dailyPrice: 25, rent: 75, days: 3 });
  const lines = rentalSummaryLines([pack, alone]);
  const said = '双板全套 · 3 天 ¥460（套餐价，比单租省 ¥162） · 春节 ×1.5（1 天）';

  it('puts each explaining rent line beside its own line, and none beside a plain daily rent', () => {
    const explained = explainRents(lines, [
      { amount: 460, description: said, explains: true },
      { amount: 75, description: '雪镜 × 3', explains: false },
    ]);
    expect(explained.map((l) => l.explanation)).toEqual([said, '']);
  });

  it('says nothing where the rents no longer match: a line extended, or a rent line added', () => {
    const extended = explainRents(lines, [
      { amount: 400, description: said, explains: true },
      { amount: 75, description: '雪镜 × 3', explains: false },
    ]);
    expect(extended.map((l) => l.explanation)).toEqual(['', '']);
    const added = explainRents(lines, [
      { amount: 460, description: said, explains: true },
      { amount: 75, description: '雪镜 × 3', explains: false },
      { amount: 20, description: '手工', explains: false },
    ]);
    expect(added.map((l) => l.explanation)).toEqual(['', '']);
  });
});
