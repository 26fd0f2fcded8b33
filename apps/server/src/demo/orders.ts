import { randomUUID } from 'node:crypto';
import {
  BillKind,
  BillStatus,
  BusinessParameterKey,
  EquipmentStatus,
  FeeItemKind,
  OrderStatus,
  OrderType,
  ReturnState,
  FEE_LINE_LABELS,
} from '@snowgear/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { businessParameter } from '@/lib/business-parameters.js';
import { overlapping } from '@/modules/equipment/repository.js';
import { holdKind } from '@/modules/orders/capacity.js';
import { businessDay, nextOrderNumber } from '@/modules/orders/numbering.js';
import { numberUnnumberedReceipts } from '@/modules/orders/receipt-numbers.js';
import { feeParameter, priceOrder, rentalDays, toYuan } from '@/modules/orders/pricing.js';
import { localMinute } from '@/lib/local-time.js';
import { loadStorePricing } from '@/modules/pricing/store-pricing.js';
import { priceRental } from '@/modules/pricing/rental.js';
import { isFreeOrderType } from '@/modules/orders/service.js';
import { orderStatusName, RETURN_STATE_KEY, RETURN_TO_STATUS } from '@/modules/orders/status.js';
import {
  bothLanguages,
  driverAssignedKind,
  render,
  say,
  textIn,
  type Text,
} from '@/modules/orders/timeline.js';
import type { Transaction } from '@/db/client.js';
import {
  bills,
  equipment,
  equipmentCategories,
  equipmentOperationHistory,
  equipmentUnavailableTimes,
  orderEvents,
  orderFeeItems,
  orderItems,
  orders,
  users,
} from '@/db/schema.js';
import { demoCategories } from './data/inventory.js';

/** The demo stores are in Chongli: order numbers carry the day there. */
const DEMO_TIME_ZONE = 'Asia/Shanghai';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface DemoOrder {
  store: 'WL' | 'YD' | 'TW';
  status: OrderStatus;
  customer: string;
  phone: string;
  orderType?: OrderType;
  /** Rental start in hours from now (on the hour), or at this hour of tomorrow; length in days. */
  startIn?: number;
  tomorrowAt?: number;
  days: number;
  /** Specific items, by barcode. */
  gear?: string[];
  /** Lines still to bind, by category code. */
  toBind?: string[];
  deliverTo?: string;
  pickUpAt?: string;
  /** How each item came back (returned, damaged or lost) and the damage fee in yuan. */
  back?: [ReturnState, number][];
  /** Why a cancelled order was cancelled after payment; without one it timed out unpaid. */
  /** Why the customer cancelled, as they said it: in Chinese, and as a foreign customer would. */
  cancelReason?: { zh: string; en: string };
  /** Requested by the demo agent (and credited to them). */
  byAgent?: boolean;
  /** Placed from the demo customer's account. */
  customerAccount?: boolean;
  remarks?: string;
}

/**
 * Orders in every status at 万龙 and 云顶, and a few at 太舞,
 * relative to the moment of seeding: two overdue, a few starting tomorrow with gear still to pick.
 * Lines booked by kind hold an item of their kind, the lowest free barcode first, as a new order's
 * do; no other item in stock at 万龙 is locked. Items out with a customer are taken from stock here
 * (status 1); items that came back damaged or lost are the demo stock's damaged and lost ones.
 */
const demoOrders: DemoOrder[] = [
  {
    store: 'WL',
    status: OrderStatus.Pending,
    customer: '钱七',
    phone: '13711112222',
    startIn: 72,
    days: 2,
    toBind: ['SB', 'BBT'],
    byAgent: true,
    remarks: '代理代客预约，待门店确认',
  },
  {
    store: 'WL',
    status: OrderStatus.Unpaid,
    customer: '孙丽',
    phone: '13822223333',
    startIn: 2,
    days: 1,
    toBind: ['SBT', 'POLE'],
  },
  {
    store: 'WL',
    status: OrderStatus.Reserved,
    customer: '张三',
    phone: '13800138000',
    tomorrowAt: 9,
    days: 3,
    toBind: ['SKI', 'SBT'],
    customerAccount: true,
  },
  {
    store: 'WL',
    status: OrderStatus.Reserved,
    customer: '吴敏',
    phone: '13644445555',
    tomorrowAt: 10,
    days: 2,
    toBind: ['SB', 'BBT'],
  },
  {
    store: 'WL',
    status: OrderStatus.PendingDelivery,
    customer: '郑浩',
    phone: '13555556666',
    tomorrowAt: 9,
    days: 2,
    toBind: ['SB'],
    deliverTo: '万龙度假酒店大堂',
  },
  {
    store: 'WL',
    status: OrderStatus.Delivering,
    customer: '王芳',
    phone: '13466667777',
    startIn: 2,
    days: 2,
    gear: ['SGWLWEAR002'],
    deliverTo: '万龙公寓A座',
  },
  {
    store: 'WL',
    status: OrderStatus.InUse,
    customer: '冯强',
    phone: '13377778888',
    startIn: -96,
    days: 3,
    gear: ['SGWLWEAR001', 'SGWLPRO001'],
  },
  {
    store: 'WL',
    status: OrderStatus.PendingReturn,
    customer: '陈晨',
    phone: '13288889999',
    startIn: -48,
    days: 3,
    gear: ['SGWLPRO002'],
    pickUpAt: '万龙度假酒店大堂',
  },
  {
    store: 'WL',
    status: OrderStatus.PendingPayment,
    customer: '褚明',
    phone: '13199990000',
    startIn: -120,
    days: 2,
    gear: ['SGWLSB004'],
    back: [[ReturnState.Damaged, 1500]],
  },
  {
    store: 'WL',
    status: OrderStatus.Completed,
    customer: '卫兰',
    phone: '13900112233',
    startIn: -192,
    days: 2,
    gear: ['SGWLSBT004', 'SGWLBBT002'],
    back: [
      [ReturnState.Returned, 0],
      [ReturnState.Returned, 0],
    ],
  },
  {
    store: 'WL',
    status: OrderStatus.Cancelled,
    customer: '蒋涛',
    phone: '13900223344',
    startIn: -24,
    days: 1,
    gear: ['SGWLBBT003'],
  },
  {
    store: 'WL',
    status: OrderStatus.Returned,
    customer: '沈静',
    phone: '13900334455',
    startIn: -72,
    days: 2,
    gear: ['SGWLPOLE002', 'SGWLGOG001'],
    back: [
      [ReturnState.Returned, 0],
      [ReturnState.Returned, 0],
    ],
  },
  {
    store: 'YD',
    status: OrderStatus.InUse,
    customer: '韩雪',
    phone: '13900445566',
    startIn: -76,
    days: 3,
    gear: ['SGYDSB002'],
  },
  {
    store: 'YD',
    status: OrderStatus.InUse,
    customer: '杨帆',
    phone: '13900556677',
    startIn: -24,
    days: 3,
    gear: ['SGYDSKI002', 'SGYDSBT001'],
  },
  {
    store: 'YD',
    status: OrderStatus.Delivered,
    customer: '朱琳',
    phone: '13900667788',
    startIn: 3,
    days: 2,
    gear: ['SGYDBBT001'],
    deliverTo: '云顶大酒店大堂',
  },
  {
    store: 'YD',
    status: OrderStatus.Completed,
    customer: '秦岭',
    phone: '13900778899',
    orderType: OrderType.Hospitality,
    startIn: -144,
    days: 1,
    gear: ['SGYDSKI004'],
    back: [[ReturnState.Returned, 0]],
    remarks: '合作雪场教练招待',
  },
  {
    store: 'YD',
    status: OrderStatus.Completed,
    customer: '许诺',
    phone: '13900889900',
    startIn: -240,
    days: 2,
    gear: ['SGYDPRO002'],
    back: [[ReturnState.Lost, 100]],
  },
  {
    store: 'YD',
    status: OrderStatus.Reserved,
    customer: '何雨',
    phone: '13900990011',
    tomorrowAt: 14,
    days: 2,
    gear: ['SGYDBBT002'],
    toBind: ['SB', 'SB'],
  },
  {
    store: 'YD',
    status: OrderStatus.Cancelled,
    customer: '吕良',
    phone: '13911001122',
    startIn: 48,
    days: 2,
    gear: ['SGYDSKI005'],
    cancelReason: { zh: '行程取消', en: 'Trip cancelled' },
  },
  {
    store: 'YD',
    status: OrderStatus.Unpaid,
    customer: '施展',
    phone: '13911112233',
    orderType: OrderType.Online,
    startIn: 30,
    days: 1,
    gear: ['SGYDGOG001'],
  },
  {
    store: 'TW',
    status: OrderStatus.InUse,
    customer: '欧阳晨',
    phone: '13722003300',
    startIn: -100,
    days: 3,
    gear: ['SGTWSKI004', 'SGTWSBT004'],
  },
  {
    store: 'TW',
    status: OrderStatus.Reserved,
    customer: '司马云',
    phone: '13722004400',
    tomorrowAt: 10,
    days: 2,
    toBind: ['SKI', 'SBT'],
  },
  {
    store: 'TW',
    status: OrderStatus.Completed,
    customer: '上官雪',
    phone: '13722005500',
    startIn: -200,
    days: 2,
    gear: ['SGTWHLM002'],
    back: [[ReturnState.Returned, 0]],
  },
];

/** Out with the customer (or the driver): the gear is in use. */
const OUT: readonly number[] = [
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];
const BACK: readonly number[] = [
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
  OrderStatus.Completed,
];

interface Person {
  id: string | null;
  name: string;
  nameEn?: string;
}

const text = say;
const amount = (fen: number) => toYuan(fen).toFixed(2);

/** Midnight of the business day `days` after today's, in the demo stores' time zone. */
function businessMidnight(now: number, days: number): number {
  const day = businessDay(new Date(now), DEMO_TIME_ZONE).replace(
    /(\d{4})(\d{2})(\d{2})/,
    '$1-$2-$3',
  );
  const noon = new Date(`${day}T12:00:00Z`);
  const local = new Date(noon.toLocaleString('en-US', { timeZone: DEMO_TIME_ZONE }));
  return Date.parse(`${day}T00:00:00Z`) - (local.getTime() - noon.getTime()) + days * DAY;
}

/**
 * Loads the demo orders into a tenant that has none yet (so running the seed again, or on a
 * database in use, adds nothing). An order whose gear is no longer where the demo expects it
 * is left out.
 */
export async function seedOrders(
  tx: Transaction,
  tenantId: string,
  storeIds: Map<string, string>,
): Promise<number> {
  const [existing] = await tx
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.tenantId, tenantId));
  if ((existing?.n ?? 0) > 0) return 0;

  const person = async (userName: string): Promise<Person> => {
    const [row] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.userName})`, userName)));
    return { id: row?.id ?? null, name: row?.name || userName };
  };
  // Who works each demo store's counter, and the others who appear in the timelines.
  const counter = {
    WL: await person('employee'),
    YD: await person('admin'),
    TW: await person('multi'),
  };
  const people = {
    driver: await person('driver'),
    agent: await person('agent'),
    customer: await person('13800138000'),
    system: {
      id: null,
      name: textIn(false, 'SystemOperator'),
      nameEn: textIn(true, 'SystemOperator'),
    },
  };

  const now = Date.now();
  const hour = new Date(now);
  hour.setMinutes(0, 0, 0);
  const planned = demoOrders.map((demo) => {
    const start =
      demo.tomorrowAt !== undefined
        ? businessMidnight(now, 1) + demo.tomorrowAt * HOUR
        : hour.getTime() + (demo.startIn ?? 0) * HOUR;
    const created =
      demo.status === OrderStatus.Unpaid
        ? now - 15 * MINUTE
        : demo.status === OrderStatus.Pending
          ? now - 40 * MINUTE
          : Math.min(start - (demo.status === OrderStatus.Cancelled ? 3 : 2) * DAY, now - 2 * HOUR);
    return { demo, start, created };
  });
  // Numbers follow creation, as they would have.
  planned.sort((a, b) => a.created - b.created);

  let seeded = 0;
  for (const { demo, start, created } of planned) {
    const storeId = storeIds.get(demo.store);
    if (!storeId) continue;
    const staff = counter[demo.store];
    const done = await seedOrder(tx, {
      tenantId,
      storeId,
      demo,
      now,
      start: new Date(start),
      end: new Date(start + demo.days * DAY),
      created: new Date(created),
      staff,
      creator: demo.byAgent ? people.agent : staff,
      driver: people.driver,
      system: people.system,
      agentId: demo.byAgent ? people.agent.id : null,
      customerId: demo.customerAccount ? people.customer.id : null,
    });
    if (done) seeded += 1;
  }
  // Settled demo bills get their receipts' numbers as the counter would have given them.
  await numberUnnumberedReceipts(tx, tenantId, DEMO_TIME_ZONE);
  return seeded;
}

interface Context {
  tenantId: string;
  storeId: string;
  demo: DemoOrder;
  now: number;
  start: Date;
  end: Date;
  created: Date;
  staff: Person;
  creator: Person;
  driver: Person;
  system: Person;
  agentId: string | null;
  customerId: string | null;
}

/** One demo order with its lines, fees, bills, timeline, locks and gear; false when its gear is not free. */
async function seedOrder(tx: Transaction, c: Context): Promise<boolean> {
  const { demo, tenantId, storeId, start, end } = c;
  const target = demo.status;
  const barcodes = demo.gear ?? [];
  const gear = barcodes.length
    ? await tx
        .select({ e: equipment, categoryName: equipmentCategories.name })
        .from(equipment)
        .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
        .where(and(eq(equipment.tenantId, tenantId), inArray(equipment.barcodeNumber, barcodes)))
    : [];
  const holds = !BACK.includes(target) && target !== OrderStatus.Cancelled;
  const items: (typeof equipment.$inferSelect)[] = [];
  for (const [i, barcode] of barcodes.entries()) {
    const found = gear.find((g) => g.e.barcodeNumber === barcode);
    const state = demo.back?.[i]?.[0];
    const expected = state ? RETURN_TO_STATUS[state] : EquipmentStatus.Available;
    if (!found || found.e.storeId !== storeId || found.e.status !== expected) return false;
    if (holds && (await overlapping(tx, found.e.id, start, end)).length > 0) return false;
    items.push(found.e);
  }
  const categories = [];
  for (const code of demo.toBind ?? []) {
    const demoCategory = demoCategories.find((d) => d.code === code)!;
    const [row] = await tx
      .select()
      .from(equipmentCategories)
      .where(
        and(
          eq(equipmentCategories.tenantId, tenantId),
          eq(equipmentCategories.name, demoCategory.name),
        ),
      );
    if (!row) return false;
    categories.push({ row, demoCategory });
  }

  // Priced as a new order is (pricing.ts), with the store's fees.
  const free = isFreeOrderType(demo.orderType ?? OrderType.Normal);
  const days = rentalDays(start, end);
  const lines = [
    ...items.map((e) => ({
      equipmentId: e.id,
      categoryId: e.categoryId,
      label: `${e.name} ${e.barcodeNumber}`,
      labelEn: e.nameEn && `${e.nameEn} ${e.barcodeNumber}`,
      dailyPriceFen: e.dailyRentPriceFen,
      depositFen: free ? 0 : e.depositFen,
    })),
    ...categories.map(({ row, demoCategory }) => ({
      equipmentId: null,
      categoryId: row.id,
      label: row.name,
      labelEn: row.nameEn,
      dailyPriceFen: demoCategory.dailyRent * 100,
      depositFen: free ? 0 : demoCategory.deposit * 100,
    })),
  ];
  const [deliveryFee, pickupFee] = await Promise.all([
    businessParameter(tx, tenantId, storeId, BusinessParameterKey.DeliveryFee),
    businessParameter(tx, tenantId, storeId, BusinessParameterKey.PickupFee),
  ]);
  // On the store's cards and seasons, as the counter prices (modules/pricing).
  const startDay = localMinute(start, DEMO_TIME_ZONE).slice(0, 10);
  const rental = priceRental(
    await loadStorePricing(tx, tenantId, storeId, startDay),
    lines.map((l) => ({
      categoryId: l.categoryId,
      label: l.label,
      labelEn: l.labelEn ?? '',
      dailyFen: l.dailyPriceFen,
      depositFen: l.depositFen,
      // A free order holds no deposit, whatever a card says.
      depositOverridden: free,
    })),
    lines.map((_, i) => ({ lines: [i], pack: null, rider: null })),
    { start: startDay, bookedOn: startDay, days, online: false },
  );
  const priced = priceOrder({
    rents: rental.units,
    lines,
    deliveryFeeFen: demo.deliverTo ? feeParameter(deliveryFee) : 0,
    pickupFeeFen: demo.pickUpAt ? feeParameter(pickupFee) : 0,
    discountFen: free ? Number.MAX_SAFE_INTEGER : 0,
    free,
    labels: FEE_LINE_LABELS['zh-CN'],
    labelsEn: FEE_LINE_LABELS['en-US'],
  });
  const damages = (demo.back ?? []).flatMap(([state, yuan], i) =>
    yuan > 0
      ? [
          {
            kind: FeeItemKind.DamageFee,
            amountFen: yuan * 100,
            ...bothLanguages((english) =>
              textIn(english, 'DamageFeeFor', {
                barcode: items[i]!.barcodeNumber,
                state: textIn(english, RETURN_STATE_KEY[state]),
              }),
            ),
          },
        ]
      : [],
  );
  const totalFen = priced.totalFen + damages.reduce((n, d) => n + d.amountFen, 0);
  const depositsFen = priced.feeItems
    .filter((f) => f.kind === FeeItemKind.Deposit)
    .reduce((n, f) => n + f.amountFen, 0);

  // The timeline, bills and status the order went through, as the services would have made them.
  const orderId = randomUUID();
  const events: (typeof orderEvents.$inferInsert)[] = [];
  const billRows: (typeof bills.$inferInsert)[] = [];
  let clock = c.created.getTime();
  /** Times never run backwards nor past now. */
  const at = (time: number) => {
    clock = Math.max(clock, Math.min(time, c.now - MINUTE));
    return new Date(clock);
  };
  const log = (
    time: number,
    who: Person,
    kind: string,
    note: Text,
    move?: { from?: number; to: number },
  ) =>
    events.push({
      orderId,
      seq: events.length + 1,
      kind,
      fromStatus: move?.from ?? null,
      toStatus: move?.to ?? null,
      message: render(note, false),
      messageEn: render(note, true),
      userId: who.id,
      operatorName: who.name,
      operatorNameEn: who.nameEn ?? null,
      createdAt: at(time),
    });
  let status: number =
    target === OrderStatus.Pending
      ? OrderStatus.Pending
      : priced.totalFen === 0
        ? demo.deliverTo
          ? OrderStatus.PendingDelivery
          : OrderStatus.Reserved
        : OrderStatus.Unpaid;
  const moveTo = (time: number, who: Person, to: number, reason?: Text) => {
    log(
      time,
      who,
      'status',
      reason ?? text('StatusChangedTo', { status: (english) => orderStatusName(to, english) }),
      { from: status, to },
    );
    status = to;
  };
  const bill = (kind: BillKind, amountFen: number, paidAt: number | null, cancelled = false) =>
    billRows.push({
      tenantId,
      orderId,
      kind,
      amountFen,
      status: cancelled ? BillStatus.Cancelled : paidAt ? BillStatus.Paid : BillStatus.Pending,
      method: paidAt ? 'cash' : null,
      confirmedBy: paidAt ? c.staff.id : null,
      confirmedByName: paidAt ? c.staff.name : null,
      paidAt: paidAt ? at(paidAt) : null,
      createdAt: new Date(clock),
    });
  const collect = (time: number, kind: BillKind, amountFen: number) => {
    bill(kind, amountFen, time);
    log(time, c.staff, 'payment', text('CashReceived', { amount: amount(amountFen) }));
  };
  let deliveryDriverId: string | null = null;
  const startTime = start.getTime();
  const paidTime = c.created.getTime() + 10 * MINUTE;
  const returnTime = Math.min(end.getTime() - HOUR, c.now - 30 * MINUTE);

  log(c.created.getTime(), c.creator, 'created', text('OrderCreated'), { to: status });
  if (target === OrderStatus.Unpaid) {
    bill(BillKind.Payment, priced.totalFen, null);
  } else if (target === OrderStatus.Cancelled && !demo.cancelReason) {
    bill(BillKind.Payment, priced.totalFen, null, true);
    log(paidTime + 2 * HOUR, c.system, 'status', text('OrderAutoCancelled'), {
      from: status,
      to: OrderStatus.Cancelled,
    });
    status = OrderStatus.Cancelled;
  } else if (target !== OrderStatus.Pending) {
    if (status === OrderStatus.Unpaid) {
      collect(paidTime, BillKind.Payment, priced.totalFen);
      moveTo(
        paidTime,
        c.staff,
        demo.deliverTo ? OrderStatus.PendingDelivery : OrderStatus.Reserved,
      );
    }
    if (target === OrderStatus.Cancelled) {
      const time = c.created.getTime() + DAY;
      moveTo(
        time,
        c.staff,
        OrderStatus.Cancelled,
        text('OrderCancelled', {
          reason: (english) => demo.cancelReason![english ? 'en' : 'zh'],
        }),
      );
      bill(BillKind.Refund, priced.totalFen, time);
      log(time, c.staff, 'refund', text('RefundPaid', { amount: amount(priced.totalFen) }));
    }
    if (OUT.includes(target) || BACK.includes(target)) {
      if (demo.deliverTo) {
        // The driver takes the run first: the order then names its driver as the timeline does.
        const leaves = Math.min(startTime - 2 * HOUR, c.now - 40 * MINUTE);
        log(
          leaves - 20 * MINUTE,
          c.driver,
          driverAssignedKind('delivery'),
          text('OrderDriverAssigned', {
            kind: (english) => textIn(english, 'DeliveryKindDelivery'),
            name: c.driver.name,
          }),
        );
        deliveryDriverId = c.driver.id;
        moveTo(leaves, c.driver, OrderStatus.Delivering);
        if (target !== OrderStatus.Delivering) {
          moveTo(Math.min(startTime - HOUR, c.now - 20 * MINUTE), c.driver, OrderStatus.Delivered);
        }
        if (target !== OrderStatus.Delivering && target !== OrderStatus.Delivered) {
          moveTo(startTime, c.driver, OrderStatus.InUse);
        }
      } else {
        log(
          startTime,
          c.staff,
          'handover',
          text('OrderHandedOver', { barcodes: barcodes.join('、') }),
        );
        moveTo(startTime, c.staff, OrderStatus.InUse);
      }
    }
    if (target === OrderStatus.PendingReturn)
      moveTo(c.now - HOUR, c.staff, OrderStatus.PendingReturn);
    if (BACK.includes(target)) {
      for (const [i, [state]] of (demo.back ?? []).entries()) {
        log(
          returnTime,
          c.staff,
          'return',
          text('OrderItemReturned', {
            barcode: barcodes[i]!,
            state: (english) => textIn(english, RETURN_STATE_KEY[state]),
          }),
        );
      }
      moveTo(returnTime, c.staff, OrderStatus.Returned);
      // Settled as lifecycle.ts does: the deposits cover what is owed, the rest goes back.
      const paidFen = billRows.reduce(
        (n, b) => n + (b.status === BillStatus.Paid ? b.amountFen : 0),
        0,
      );
      const balance = paidFen - (totalFen - depositsFen);
      const settledTime = returnTime + 10 * MINUTE;
      const finished = target === OrderStatus.Completed;
      if (balance < 0) {
        bill(BillKind.Supplement, -balance, finished ? settledTime : null);
        moveTo(
          returnTime,
          c.staff,
          OrderStatus.PendingPayment,
          text('OrderSettledSupplement', { amount: amount(-balance) }),
        );
        if (finished) {
          log(settledTime, c.staff, 'payment', text('CashReceived', { amount: amount(-balance) }));
          moveTo(settledTime, c.staff, OrderStatus.Completed);
        }
      } else if (balance > 0) {
        bill(BillKind.Refund, balance, finished ? settledTime : null);
        log(returnTime, c.staff, 'settle', text('OrderSettledRefund', { amount: amount(balance) }));
        if (finished) {
          log(settledTime, c.staff, 'refund', text('RefundPaid', { amount: amount(balance) }));
          moveTo(settledTime, c.staff, OrderStatus.Completed);
        }
      } else {
        moveTo(returnTime, c.staff, OrderStatus.Completed);
      }
    }
  }
  if (status !== target)
    throw new Error(`seed: demo order of ${demo.customer} ends ${status}, not ${target}`);

  const orderNumber = await nextOrderNumber(tx, tenantId, c.created, DEMO_TIME_ZONE);
  if (!orderNumber) throw new Error('seed: no order number left for the day');
  await tx.insert(orders).values({
    id: orderId,
    tenantId,
    orderNumber,
    storeId,
    orderType: demo.orderType ?? OrderType.Normal,
    status,
    customerId: c.customerId,
    customerName: demo.customer,
    customerPhone: demo.phone,
    rentalStartAt: start,
    rentalEndAt: end,
    pricingCalendar: { ...rental.calendar, start: startDay },
    days,
    deliveryMethod: demo.deliverTo ? 'Delivery' : 'SelfPickup',
    deliveryAddress: demo.deliverTo ?? '',
    returnMethod: demo.pickUpAt ? 'Pickup' : 'SelfReturn',
    returnAddress: demo.pickUpAt ?? '',
    deliveryDriverId,
    agentId: c.agentId,
    remarks: demo.remarks ?? '',
    totalFen,
    createdBy: c.creator.id,
    createdAt: c.created,
    updatedAt: new Date(clock),
  });
  // A line booked by kind holds a free item of its kind while the order holds gear, as a new
  // order's does (orders/capacity.ts); a demo order whose kind is all taken is left out.
  const held: (string | null)[] = [];
  for (const l of lines) {
    if (l.equipmentId || !holds) {
      held.push(null);
      continue;
    }
    const id = await holdKind(tx, {
      tenantId,
      storeId,
      categoryId: l.categoryId,
      size: {},
      start,
      end,
      orderId,
      userId: c.creator.id,
    });
    if (!id) throw new Error(`seed: no ${l.label} free for demo order ${orderNumber}`);
    held.push(id);
  }
  await tx.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId,
      categoryId: l.categoryId,
      equipmentId: l.equipmentId,
      heldEquipmentId: held[i] ?? null,
      dailyPriceFen: l.dailyPriceFen,
      depositFen: l.depositFen,
      days,
      rentFen: rental.lines[i]!.rentFen,
      rateCard: rental.lines[i]!.card,
      returnState: BACK.includes(target) ? (demo.back?.[i]?.[0] ?? null) : null,
      sortOrder: i,
    })),
  );
  await tx
    .insert(orderFeeItems)
    .values([
      ...priced.feeItems.map((f, i) => ({ orderId, ...f, sortOrder: i, createdAt: c.created })),
      ...damages.map((d) => ({ orderId, ...d, sortOrder: 200, createdAt: new Date(returnTime) })),
    ]);
  if (billRows.length > 0) await tx.insert(bills).values(billRows);
  await tx.insert(orderEvents).values(events);

  if (holds && items.length > 0) {
    await tx.insert(equipmentUnavailableTimes).values(
      items.map((e) => ({
        tenantId,
        equipmentId: e.id,
        startAt: start,
        endAt: end,
        source: 'order' as const,
        orderId,
        createdBy: c.creator.id,
      })),
    );
  }
  if (OUT.includes(target)) {
    for (const e of items) {
      await tx
        .update(equipment)
        .set({ status: EquipmentStatus.InUse, usageCount: sql`${equipment.usageCount} + 1` })
        .where(eq(equipment.id, e.id));
      await tx.insert(equipmentOperationHistory).values({
        tenantId,
        equipmentId: e.id,
        operation: 'handover',
        fromStatus: EquipmentStatus.Available,
        toStatus: EquipmentStatus.InUse,
        remarks: orderNumber,
        orderId,
        userId: c.staff.id,
        operatorName: c.staff.name,
        storeId,
      });
    }
  }
  return true;
}
