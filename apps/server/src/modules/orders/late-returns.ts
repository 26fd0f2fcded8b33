import { and, eq, inArray, max } from 'drizzle-orm';
import {
  BusinessParameterKey,
  FeeItemKind,
  OrderStatus,
  type OrderLateFee,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  equipmentOperationHistory,
  type orderFeeItems,
  type orderItems,
  type orders,
} from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { graceHoursOf, lateFee, linesBack, type LateFeeFigures } from './late-fee.js';
import { lineDaysFen } from '@/modules/pricing/more-days.js';
import { toYuan } from './pricing.js';

/**
 * The order's side of the late-fee rule (late-fee.ts): when each line came back, the store's
 * grace, and what the order shows of it before and after settlement.
 */

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type FeeRow = typeof orderFeeItems.$inferSelect;

/** Gear on these orders went out to the customer: only they can come back late. */
const GEAR_WENT_OUT: readonly number[] = [
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
  OrderStatus.Completed,
];
/** Not settled yet: the late fee is still worked out from the clock. */
export const BEFORE_SETTLEMENT: readonly number[] = [
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

/** A manager's waiver: a late-fee line of nothing, with the reason and the manager. */
export const isLateFeeWaiver = (f: Pick<FeeRow, 'kind' | 'amountFen'>) =>
  f.kind === FeeItemKind.LateFee && f.amountFen === 0;
/** The late fee charged at settlement. */
const isLateFeeCharge = (f: Pick<FeeRow, 'kind' | 'amountFen'>) =>
  f.kind === FeeItemKind.LateFee && f.amountFen > 0;

/** The store's grace in hours (the store's value wins over the global one). */
export async function lateReturnGraceHours(
  db: Database | Transaction,
  tenantId: string,
  storeId: string,
): Promise<number> {
  return graceHoursOf(
    await businessParameter(db, tenantId, storeId, BusinessParameterKey.LateReturnGraceHours),
  );
}

/** When the store checked each of the order's items in or released it early, by item. */
export async function checkInTimes(
  db: Database | Transaction,
  orderId: string,
  equipmentIds: string[],
): Promise<Map<string, Date>> {
  if (equipmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      equipmentId: equipmentOperationHistory.equipmentId,
      at: max(equipmentOperationHistory.createdAt),
    })
    .from(equipmentOperationHistory)
    .where(
      and(
        inArray(equipmentOperationHistory.equipmentId, equipmentIds),
        eq(equipmentOperationHistory.orderId, orderId),
        inArray(equipmentOperationHistory.operation, ['orderReturn', 'earlyReturn']),
      ),
    )
    .groupBy(equipmentOperationHistory.equipmentId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.equipmentId, new Date(r.at)]] : [])));
}

/**
 * The order's late fee by the rule, measured `now` for gear still out. Null when nothing was out
 * past the end (or the order is free).
 */
export async function measureLateFee(
  db: Database | Transaction,
  tenantId: string,
  order: Pick<
    OrderRow,
    | 'id'
    | 'storeId'
    | 'orderType'
    | 'rentalEndAt'
    | 'selfReturnAt'
    | 'pickedUpAt'
    | 'pricingCalendar'
  >,
  items: readonly Pick<
    ItemRow,
    'dailyPriceFen' | 'equipmentId' | 'returnState' | 'rateCard' | 'days'
  >[],
  free: boolean,
  now: Date,
): Promise<LateFeeFigures | null> {
  if (free || order.rentalEndAt.getTime() >= now.getTime()) return null;
  const back = items.filter((i) => i.returnState && i.equipmentId).map((i) => i.equipmentId!);
  const [graceHours, checkedIn] = await Promise.all([
    lateReturnGraceHours(db, tenantId, order.storeId),
    checkInTimes(db, order.id, back),
  ]);
  return lateFee({
    rentalEnd: order.rentalEndAt,
    graceHours,
    free,
    lines: linesBack(
      order,
      items.map((i) => ({
        dailyPriceFen: i.dailyPriceFen,
        // A day late is the day after the rental's last, at the card's rate for that day.
        lateFen: (days: number) => lineDaysFen(i, order.pricingCalendar, i.days + 1, i.days + days),
        equipmentId: i.equipmentId,
        returnState: i.returnState,
        checkedInAt: i.equipmentId ? (checkedIn.get(i.equipmentId) ?? null) : null,
      })),
      now,
    ),
  });
}

/**
 * What the order shows of its late fee: before settlement, the rule's figure as of now (growing
 * while the gear is out); after it, what the fee line charged. `nameOf` names the waiving manager
 * as the reader may see them.
 */
export async function lateFeeView(
  db: Database,
  tenantId: string,
  input: {
    order: OrderRow;
    items: readonly ItemRow[];
    fees: readonly FeeRow[];
    free: boolean;
    now: Date;
    nameOf: (userId: string | null, name: string) => string;
  },
): Promise<OrderLateFee | null> {
  const { order, items, fees } = input;
  if (!GEAR_WENT_OUT.includes(order.status)) return null;
  const settled = !BEFORE_SETTLEMENT.includes(order.status);
  const charged = fees.filter(isLateFeeCharge);
  const waiver = fees.find(isLateFeeWaiver);
  // An order settled without a late fee (on time, or before late fees were charged) shows none.
  if (settled && charged.length === 0 && !waiver) return null;
  const figures = await measureLateFee(db, tenantId, order, items, input.free, input.now);
  if (!figures) return null;
  const amountFen = settled ? charged.reduce((n, f) => n + f.amountFen, 0) : figures.amountFen;
  return {
    amount: toYuan(amountFen),
    days: figures.days,
    hoursLate: figures.hoursLate,
    since: figures.since.toISOString(),
    chargedFrom: figures.chargedFrom.toISOString(),
    graceHours: figures.graceHours,
    dailyRent: toYuan(figures.dailyRentFen),
    growing:
      !settled &&
      !order.selfReturnAt &&
      !order.pickedUpAt &&
      items.some((i) => i.equipmentId && !i.returnState),
    settled,
    waiver: waiver
      ? {
          byName: input.nameOf(waiver.approvedBy, waiver.approvedByName ?? ''),
          reason: waiver.reason,
          at: waiver.createdAt.toISOString(),
        }
      : null,
  };
}
