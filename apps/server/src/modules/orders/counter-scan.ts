import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  EquipmentStatus,
  ErrorCode,
  HANDOVER_AT_PAYMENT_MINUTES,
  ItemAvailabilityReason,
  OrderStatus,
  type ItemAvailability,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  equipment,
  equipmentOperationHistory,
  equipmentUnavailableTimes,
  orderEvents,
  orderItems,
  orders,
  stores,
} from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { AppError } from '@/lib/errors.js';
import { localMinute } from '@/lib/local-time.js';
import { lockEquipment } from '@/modules/equipment/repository.js';
import { statusName } from '@/modules/equipment/status.js';
import { appendEvent, moveOrder, say, type Actor } from './timeline.js';

/**
 * The counter's scan-to-order (issue 38): what a scanned item's answer says for a window (free,
 * or booked / out / locked / not in stock, and by which order), every refused item of an order in
 * one 409, and the scanned gear of a rental that starts now handed over with the order.
 */

const zh = {
  ItemBooked: '{barcode} 已被订单 {order} 预订：{start} 至 {end}',
  ItemOut: '{barcode} 正随订单 {order} 租出中，应于{end} 归还',
  ItemOutOverdue: '{barcode} 正随订单 {order} 租出，已超时未还（应于 {end} 归还）',
  ItemOutUnknown: '{barcode} 已租出，尚未归还',
  ItemLocked: '{barcode} 在 {start} 至 {end} 被锁定{reason}',
  ItemNotInStock: '设备 {barcode} 当前为“{status}”，不能出租',
  ItemOtherStore: '{barcode} 属于{store}，不是本门店的设备',
  ItemNotHere: '{barcode} 现在不在店里（{status}），不能当场交付',
  OrderItemsUnavailable: '{count} 件设备在此租期不能出租：{list}',
  OrderStartInPast: '开始时间已过，不能补录过去的订单（最多可早于现在 {minutes} 分钟）',
  HandOverOnPayment: '扫码添加的设备将在付款后直接交付',
  Today: '今天 {time}',
  Tomorrow: '明天 {time}',
};
type Key = keyof typeof zh;
const en: Record<Key, string> = {
  ItemBooked: '{barcode} is booked on order {order} from {start} to {end}',
  ItemOut: '{barcode} is out on order {order}, due back {end}',
  ItemOutOverdue: '{barcode} is out on order {order} and overdue (due back {end})',
  ItemOutUnknown: '{barcode} is out and not back yet',
  ItemLocked: '{barcode} is locked from {start} to {end}{reason}',
  ItemNotInStock: 'Item {barcode} is {status} and cannot be rented',
  ItemOtherStore: '{barcode} belongs to {store}, not to this store',
  ItemNotHere: '{barcode} is not in the store now ({status}) and cannot go out at once',
  OrderItemsUnavailable: '{count} items cannot be rented for this window: {list}',
  OrderStartInPast:
    'The start has passed: an order cannot be backdated (at most {minutes} minutes before now)',
  HandOverOnPayment: 'The scanned gear goes out as soon as the order is paid',
  Today: 'today {time}',
  Tomorrow: 'tomorrow {time}',
};

export function scanText(
  english: boolean,
  key: Key,
  params: Record<string, string | number> = {},
): string {
  return (english ? en : zh)[key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

/** Gear in these states is not in stock and cannot be booked at all (spec §4). */
const NOT_IN_STOCK: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

/** Orders whose gear is with the customer (or on its way to them). */
const GEAR_OUT: readonly number[] = [
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

type EquipmentRow = typeof equipment.$inferSelect;

/**
 * Each item's answer for a new order at `storeId` over [start, end): free, or why not, naming the
 * order that holds it and when. `inStoreNow` (gear handed over at once) also refuses an item that
 * is not on the shelf right now, even if it is back before the window.
 */
export async function itemAnswers(
  db: Database | Transaction,
  items: EquipmentRow[],
  window: { storeId: string; start: Date; end: Date },
  words: { english: boolean; timeZone: string; inStoreNow?: boolean },
): Promise<ItemAvailability[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const { start, end } = window;
  const now = new Date();
  const [holds, outOn, storeRows] = await Promise.all([
    db
      .select({
        equipmentId: equipmentUnavailableTimes.equipmentId,
        startAt: equipmentUnavailableTimes.startAt,
        endAt: equipmentUnavailableTimes.endAt,
        reason: equipmentUnavailableTimes.reason,
        orderId: equipmentUnavailableTimes.orderId,
        orderNumber: orders.orderNumber,
      })
      .from(equipmentUnavailableTimes)
      .leftJoin(orders, eq(orders.id, equipmentUnavailableTimes.orderId))
      .where(
        and(
          inArray(equipmentUnavailableTimes.equipmentId, ids),
          sql`(tstzrange(${equipmentUnavailableTimes.startAt}, ${equipmentUnavailableTimes.endAt}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
            or (${equipmentUnavailableTimes.startAt} <= now() and ${equipmentUnavailableTimes.endAt} > now()))`,
        ),
      )
      .orderBy(asc(equipmentUnavailableTimes.startAt)),
    // The order an item is out on (for gear out without a hold in force: overdue).
    db
      .select({
        equipmentId: orderItems.equipmentId,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        endAt: orders.rentalEndAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          inArray(orderItems.equipmentId, ids),
          isNull(orderItems.returnState),
          inArray(orders.status, [...GEAR_OUT]),
        ),
      )
      .orderBy(desc(orders.rentalStartAt)),
    db
      .select({ id: stores.id, name: columnInLanguage(words.english, stores.name, stores.nameEn) })
      .from(stores),
  ]);
  const fmt = (d: Date) => localMinute(d, words.timeZone);
  /** A due time as a clerk says it: today or tomorrow at a time, else the date and time. */
  const dueText = (d: Date) => {
    const [day, time] = fmt(d).split(' ') as [string, string];
    const today = fmt(now).slice(0, 10);
    const tomorrow = fmt(new Date(now.getTime() + 86_400_000)).slice(0, 10);
    if (day === today) return scanText(words.english, 'Today', { time });
    if (day === tomorrow) return scanText(words.english, 'Tomorrow', { time });
    return fmt(d);
  };
  const say = (key: Key, params: Record<string, string | number>) =>
    scanText(words.english, key, params);
  return items.map((item) => {
    const barcode = item.barcodeNumber;
    const answer = (
      reason: ItemAvailability['reason'],
      message: string,
      more: Partial<ItemAvailability> = {},
    ): ItemAvailability => ({
      equipmentId: item.id,
      barcodeNumber: barcode,
      name: item.name,
      free: reason === ItemAvailabilityReason.Free,
      reason,
      message,
      orderId: null,
      orderNumber: null,
      conflictStartTime: null,
      conflictEndTime: null,
      ...more,
    });
    if (item.storeId !== window.storeId) {
      const store = storeRows.find((s) => s.id === item.storeId)?.name ?? '';
      return answer(ItemAvailabilityReason.OtherStore, say('ItemOtherStore', { barcode, store }));
    }
    if (NOT_IN_STOCK.includes(item.status)) {
      return answer(
        ItemAvailabilityReason.NotInStock,
        say('ItemNotInStock', { barcode, status: statusName(item.status, words.english) }),
      );
    }
    const mine = holds.filter((h) => h.equipmentId === item.id);
    const inForce = mine.find((h) => h.startAt <= now && h.endAt > now);
    const out = item.status === EquipmentStatus.InUse;
    const overlapping = mine.find((h) => h.startAt < end && h.endAt > start);
    if (out && (!inForce || (overlapping && inForce === overlapping))) {
      // With a customer now: until its hold ends, or overdue (nobody knows when it is back).
      const on = outOn.find((o) => o.equipmentId === item.id);
      const orderId = inForce?.orderId ?? on?.orderId ?? null;
      const orderNumber = inForce?.orderNumber ?? on?.orderNumber ?? null;
      const due = inForce?.endAt ?? on?.endAt ?? null;
      const more = {
        orderId,
        orderNumber,
        conflictStartTime: inForce?.startAt.toISOString() ?? null,
        conflictEndTime: due?.toISOString() ?? null,
      };
      if (!orderNumber || !due) {
        return answer(ItemAvailabilityReason.Out, say('ItemOutUnknown', { barcode }), more);
      }
      // Overdue only once its due time has passed: gear handed over before its window begins
      // (an early pick-up) has no hold in force yet and is not late.
      return due > now
        ? answer(
            ItemAvailabilityReason.Out,
            say('ItemOut', { barcode, order: orderNumber, end: dueText(due) }),
            more,
          )
        : answer(
            ItemAvailabilityReason.Out,
            say('ItemOutOverdue', { barcode, order: orderNumber, end: fmt(due) }),
            more,
          );
    }
    if (overlapping) {
      const more = {
        orderId: overlapping.orderId,
        orderNumber: overlapping.orderNumber,
        conflictStartTime: overlapping.startAt.toISOString(),
        conflictEndTime: overlapping.endAt.toISOString(),
      };
      const times = { barcode, start: fmt(overlapping.startAt), end: fmt(overlapping.endAt) };
      if (overlapping.orderNumber) {
        return answer(
          ItemAvailabilityReason.Booked,
          say('ItemBooked', { ...times, order: overlapping.orderNumber }),
          more,
        );
      }
      const reason = overlapping.reason ? `（${overlapping.reason}）` : '';
      return answer(
        ItemAvailabilityReason.Locked,
        say('ItemLocked', {
          ...times,
          reason: words.english && reason ? ` (${overlapping.reason})` : reason,
        }),
        more,
      );
    }
    if (words.inStoreNow && item.status !== EquipmentStatus.Available) {
      return answer(
        ItemAvailabilityReason.Out,
        say('ItemNotHere', { barcode, status: statusName(item.status, words.english) }),
      );
    }
    return answer(ItemAvailabilityReason.Free, '');
  });
}

/**
 * One 409 naming every item an order cannot have, each with why (`data.conflicts`); the first's
 * item and window stay at the top of `data`, as a refusal of one item always had them.
 */
export function itemsUnavailable(refused: ItemAvailability[], english: boolean): AppError {
  const first = refused[0]!;
  const message =
    refused.length === 1
      ? first.message
      : scanText(english, 'OrderItemsUnavailable', {
          count: refused.length,
          list: refused.map((r) => r.message).join(english ? '; ' : '；'),
        });
  return new AppError(409, ErrorCode.EquipmentUnavailable, message, undefined, {
    equipmentId: first.equipmentId,
    barcodeNumber: first.barcodeNumber,
    conflictStartTime: first.conflictStartTime,
    conflictEndTime: first.conflictEndTime,
    orderId: first.orderId,
    conflicts: refused,
  });
}

/** The timeline kind that marks an unpaid order whose scanned gear goes out with its payment. */
export const HANDOVER_ON_PAYMENT = 'handover:on-payment';

/**
 * The scanned gear of a counter order goes out now, as the handover does: each item 'in use'
 * with its history, the handover line on the timeline, the order Reserved → InUse. False (and
 * nothing changed) when an item is no longer on the shelf: the clerk hands over by scan as usual.
 */
export async function handOverScanned(
  tx: Transaction,
  order: { id: string; status: number; orderNumber: string; storeId: string; tenantId: string },
  actor: Actor,
): Promise<boolean> {
  const lines = await tx
    .select({ equipmentId: orderItems.equipmentId })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const ids = lines.flatMap((l) => (l.equipmentId ? [l.equipmentId] : []));
  if (ids.length === 0 || ids.length !== lines.length) return false;
  await lockEquipment(tx, ids);
  const gear = await tx
    .select({
      id: equipment.id,
      barcode: equipment.barcodeNumber,
      status: equipment.status,
      storeId: equipment.storeId,
    })
    .from(equipment)
    .where(inArray(equipment.id, ids))
    .orderBy(asc(equipment.barcodeNumber));
  if (gear.some((g) => g.status !== EquipmentStatus.Available || g.storeId !== order.storeId)) {
    return false;
  }
  await tx
    .update(equipment)
    .set({
      status: EquipmentStatus.InUse,
      usageCount: sql`${equipment.usageCount} + 1`,
      updatedAt: new Date(),
    })
    .where(inArray(equipment.id, ids));
  await tx.insert(equipmentOperationHistory).values(
    gear.map((g) => ({
      tenantId: order.tenantId,
      equipmentId: g.id,
      operation: 'handover',
      fromStatus: EquipmentStatus.Available,
      toStatus: EquipmentStatus.InUse,
      reason: '',
      remarks: order.orderNumber,
      orderId: order.id,
      userId: actor.userId,
      operatorName: actor.operatorName,
      storeId: g.storeId,
    })),
  );
  await appendEvent(
    tx,
    order.id,
    {
      kind: 'handover',
      message: say('OrderHandedOver', { barcodes: gear.map((g) => g.barcode).join('、') }),
    },
    actor,
  );
  return moveOrder(tx, order, OrderStatus.InUse, actor);
}

/**
 * The payment of a counter order made with scanned gear for a rental that starts now (marked
 * `HANDOVER_ON_PAYMENT` at creation) hands that gear over, in the payment's transaction, when it
 * comes soon after the order (HANDOVER_AT_PAYMENT_MINUTES); later, the gear is scanned as usual.
 * The gear goes out from the hands of the clerk who scanned it: a payment confirmed by a person
 * names them, one the provider reports (no person) names that clerk, not the provider.
 */
export async function handOverOnPayment(tx: Transaction, orderId: string, actor: Actor) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== OrderStatus.Reserved) return;
  if (Date.now() - order.createdAt.getTime() > HANDOVER_AT_PAYMENT_MINUTES * 60_000) return;
  const [marked] = await tx
    .select({ userId: orderEvents.userId, operatorName: orderEvents.operatorName })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, HANDOVER_ON_PAYMENT)));
  if (!marked) return;
  const handedBy: Actor =
    actor.userId === null && marked.userId !== null
      ? { userId: marked.userId, operatorName: marked.operatorName, english: actor.english }
      : actor;
  await handOverScanned(tx, order, handedBy);
}
