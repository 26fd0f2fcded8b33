import { describe, expect, it } from 'vitest';
import { OrderStatus, type Order, type OrderSummary } from '@snowgear/contracts';
import { currentOrder, gearStep, myOrderActions, timeLeft } from './my-order-rules';

const NOW = Date.parse('2027-01-10T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();

function summary(over: Partial<OrderSummary>): OrderSummary {
  return {
    id: over.orderNumber ?? 'x',
    orderNumber: 'x',
    storeId: 's',
    storeName: '万龙雪场店',
    orderType: 'Online',
    status: OrderStatus.Reserved,
    customerName: '张三',
    customerPhone: '13800138000',
    rentalStartTime: at(24),
    rentalEndTime: at(48),
    deliveryMethod: 'SelfPickup',
    returnMethod: 'SelfReturn',
    totalAmount: 100,
    paidAmount: 100,
    itemCount: 1,
    isOverdue: false,
    createdAt: at(-48),
    collectOnDelivery: 0,
    ...over,
  };
}

describe('the order that matters now', () => {
  it('puts overdue gear first, then gear out due back soonest, money due, then the next rental', () => {
    const later = summary({ orderNumber: 'later', rentalStartTime: at(72) });
    const soon = summary({ orderNumber: 'soon', rentalStartTime: at(5) });
    const unpaid = summary({ orderNumber: 'unpaid', status: OrderStatus.Unpaid });
    const out = summary({ orderNumber: 'out', status: OrderStatus.InUse, rentalEndTime: at(30) });
    const outSooner = summary({
      orderNumber: 'outSooner',
      status: OrderStatus.InUse,
      rentalEndTime: at(3),
    });
    const overdue = summary({
      orderNumber: 'overdue',
      status: OrderStatus.InUse,
      rentalEndTime: at(-3),
      isOverdue: true,
    });
    const pick = (list: OrderSummary[]) => currentOrder(list)?.orderNumber;
    expect(pick([later, soon])).toBe('soon');
    expect(pick([later, soon, unpaid])).toBe('unpaid');
    expect(pick([later, unpaid, out, outSooner])).toBe('outSooner');
    expect(pick([out, overdue, unpaid])).toBe('overdue');
    expect(currentOrder([])).toBeNull();
  });
});

describe('time left', () => {
  it('counts to the start of a booking, the end of a rental, and past the end when overdue', () => {
    expect(timeLeft(summary({ rentalStartTime: at(26.5) }), NOW)).toEqual({
      kind: 'startsIn',
      days: 1,
      hours: 2,
      minutes: 30,
    });
    expect(
      timeLeft(summary({ status: OrderStatus.InUse, rentalEndTime: at(5) }), NOW),
    ).toMatchObject({ kind: 'endsIn', days: 0, hours: 5 });
    expect(
      timeLeft(summary({ status: OrderStatus.InUse, rentalEndTime: at(-25) }), NOW),
    ).toMatchObject({ kind: 'overdueBy', days: 1, hours: 1 });
    expect(timeLeft(summary({ status: OrderStatus.Completed }), NOW)).toBeNull();
  });
});

describe('what the customer may do', () => {
  const order = (over: Partial<Order>): Order =>
    ({
      ...summary({}),
      items: [
        { id: 'a', equipmentId: 'e1', returnState: null, dailyPrice: 80 },
        { id: 'b', equipmentId: 'e2', returnState: null, dailyPrice: 45.5 },
      ],
      bills: [],
      // The server's price of 1, 2, … more days (a rate card: not the daily prices × days).
      extensionFees: [125.5, 230, 320],
      ...over,
    }) as unknown as Order;

  it('offers what the server allows for the status, and prices one more day', () => {
    expect(myOrderActions(order({ status: OrderStatus.Reserved }))).toMatchObject({
      cancel: true,
      extend: true,
      selfReturn: false,
      pay: false,
      extraDayPrice: 125.5,
    });
    expect(myOrderActions(order({ status: OrderStatus.InUse }))).toMatchObject({
      cancel: false,
      extend: true,
      selfReturn: true,
    });
    expect(myOrderActions(order({ status: OrderStatus.PendingReturn }))).toMatchObject({
      cancel: false,
      extend: false,
      selfReturn: false,
    });
    const due = order({
      status: OrderStatus.InUse,
      bills: [{ id: 'x', kind: 'supplement', status: 'pending', amount: 80 }] as Order['bills'],
    });
    expect(myOrderActions(due).pay).toBe(true);
    expect(myOrderActions(order({ orderType: 'Hospitality' })).extraDayPrice).toBe(0);
  });
});

describe('where the gear is, and the pickup code', () => {
  const delivery = { deliveryMethod: 'Delivery', returnMethod: 'Pickup' } as const;
  const atStore = { deliveryMethod: 'SelfPickup', returnMethod: 'SelfReturn' } as const;
  const order = (over: Partial<Order>): Order =>
    ({ ...summary({}), items: [], bills: [], extensionFees: [], ...over }) as unknown as Order;

  it('tells a delivery that the driver brings it, and a pickup at the store to come with the code', () => {
    for (const status of [
      OrderStatus.Unpaid,
      OrderStatus.PendingDelivery,
      OrderStatus.Delivering,
    ]) {
      expect(gearStep({ status, ...delivery })).toBe('deliveryComing');
      expect(myOrderActions(order({ status, ...delivery })).showQr).toBe(false);
    }
    for (const status of [OrderStatus.Unpaid, OrderStatus.Reserved]) {
      expect(gearStep({ status, ...atStore })).toBe('pickUpAtStore');
      expect(myOrderActions(order({ status, ...atStore })).showQr).toBe(true);
    }
  });

  it('offers no pickup code once the gear is with the customer or on its way back', () => {
    expect(gearStep({ status: OrderStatus.Delivered, ...delivery })).toBe('collectedFromYou');
    expect(gearStep({ status: OrderStatus.InUse, ...atStore })).toBe('returnToStore');
    expect(gearStep({ status: OrderStatus.PendingReturn, ...atStore })).toBe('returning');
    expect(gearStep({ status: OrderStatus.Cancelled, ...atStore })).toBe('closed');
    for (const status of [
      OrderStatus.Delivered,
      OrderStatus.InUse,
      OrderStatus.PendingReturn,
      OrderStatus.Returned,
      OrderStatus.Completed,
      OrderStatus.Cancelled,
    ]) {
      expect(myOrderActions(order({ status, ...delivery })).showQr).toBe(false);
      expect(myOrderActions(order({ status, ...atStore })).showQr).toBe(false);
    }
  });
});
