import { describe, expect, it } from 'vitest';
import { FeeItemKind, type Order } from '@snowgear/contracts';
import { fromOrder } from './summary-view';

/** What `fromOrder` reads of an order: its lines, its fee lines and its dates. */
function order(rents: { amount: number; explains: boolean; description: string }[]): Order {
  const item = (over: object) => ({
    categoryId: 'skis',
    categoryName: '双板',
    equipmentName: '',
    sizeLabel: '150 cm',
    packName: '',
    riderKey: 'me',
    rider: { name: '张三' },
    dailyPrice: 25,
    rent: 75,
    deposit: 300,
    days: 3,
    ...over,
  });
  return {
    storeName: '万龙雪场店',
    rentalStartTime: '2027-02-05T01:00:00.000Z',
    rentalEndTime: '2027-02-08T01:00:00.000Z',
    days: 3,
    items: [
      item({ packName: '双板全套', dailyPrice: 100, rent: 300 }),
      item({
        packName: '双板全套',
        categoryId: 'boots',
        categoryName: '雪鞋',
        dailyPrice: 53.33,
        rent: 160,
      }),
      item({ categoryId: 'goggles', categoryName: '雪镜' }),
    ],
    feeItems: rents.map((r, i) => ({
      id: String(i),
      kind: FeeItemKind.Rent,
      reason: '',
      approvedByName: null,
      ...r,
    })),
    totalAmount: 535,
  } as unknown as Order;
}

describe("the customer's order, as its summary shows it", () => {
  const said = '双板全套 · 3 天 ¥460（套餐价，比单租省 ¥162）';

  it('writes beside each line how its rent came about, as the booking did', () => {
    const view = fromOrder(
      order([
        { amount: 460, explains: true, description: said },
        { amount: 75, explains: false, description: '雪镜 × 3' },
      ]),
    );
    expect(view.lines.map((l) => [l.packName, l.rent, l.explanation])).toEqual([
      ['双板全套', 460, said],
      ['', 75, ''],
    ]);
  });

  it('leaves the words out where the rents no longer match the lines', () => {
    const view = fromOrder(order([{ amount: 535, explains: true, description: said }]));
    expect(view.lines.map((l) => l.explanation)).toEqual(['', '']);
  });
});
