import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BusinessParameterKey, formatSize } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { fromJsonRow, jsonRow } from '@/db/json-rows.js';
import { preparedFor } from '@/db/prepared.js';
import { inLanguage } from '@/lib/english.js';
import {
  attributeDefinitions,
  bills,
  businessParameters,
  equipment,
  equipmentCategories,
  orderEvents,
  orderFeeItems,
  orderItems,
  orders,
  payments,
  refunds,
  stores,
  users,
} from '@/db/schema.js';

/**
 * An order with everything its detail shows, as read in one statement. The business's names in it
 * (store, items, kinds, packs, sizes, fee lines) are in the reader's language: `item.packName` and
 * each fee's `description` hold the English value for an English reader where one was given.
 */
export interface OrderDetailRows {
  order: typeof orders.$inferSelect;
  storeName: string | null;
  /** Lines in their order, with their gear's and kind's names. */
  items: {
    item: typeof orderItems.$inferSelect;
    equipmentName: string | null;
    barcodeNumber: string | null;
    heldBarcodeNumber: string | null;
    categoryName: string | null;
    dinAdjustable: boolean | null;
    /** The line's size as read ('27.5 · 中'), its options in the reader's language. */
    sizeLabel: string;
  }[];
  fees: (typeof orderFeeItems.$inferSelect)[];
  bills: (typeof bills.$inferSelect)[];
  /** Refund bills with money still on its way back online (the provider is processing it). */
  refundingBillIds: string[];
  /** Online payments that found their bill settled, and how their refund stands. */
  returnedPayments: {
    method: string;
    amountFen: number;
    paidAt: string | null;
    refundStatus: 'pending' | 'succeeded' | 'failed' | null;
  }[];
  events: (typeof orderEvents.$inferSelect)[];
  /** The size attributes the lines' sizes name, in their display order. */
  sizeAttributes: SizeAttribute[];
  /** The drivers and the agent named on the order. */
  people: { id: string; name: string; realName: string; userName: string }[];
  /** The store's and the global `OrderTimeoutHours` (business-parameters.ts picks). */
  timeoutParameters: { storeId: string | null; value: string }[];
}

/** A size attribute with its options in both languages (aligned by position). */
export interface SizeAttribute {
  id: string;
  unit: string;
  options: string[];
  optionsEn: string[];
}

/**
 * A line's size as read: each value (stored as the Chinese option) shown with its English option
 * for an English reader where one was given.
 */
export function sizeLabelIn(
  english: boolean,
  size: Record<string, string>,
  attributes: readonly SizeAttribute[],
): string {
  const shown = Object.fromEntries(
    Object.entries(size).map(([id, value]) => {
      const attribute = attributes.find((a) => a.id === id);
      if (!english || !attribute) return [id, value];
      const at = attribute.options.indexOf(value);
      return [id, (at >= 0 && attribute.optionsEn[at]) || value];
    }),
  );
  return formatSize(shown, attributes);
}

type Json = Record<string, unknown>;
const held = alias(equipment, 'held');

/**
 * The order and its children, each child list built by PostgreSQL as JSON beside the order's
 * row: one statement where the detail took seven or more, prepared once per database (a named
 * statement on PostgreSQL). Each list keeps the order it was read in before.
 */
function orderDetail(db: Database) {
  return db
    .select({
      order: orders,
      storeName: stores.name,
      storeNameEn: stores.nameEn,
      items: sql<Json[]>`(
        select coalesce(json_agg(json_build_object(
          'item', ${jsonRow(orderItems)},
          'equipmentName', ${equipment.name},
          'equipmentNameEn', ${equipment.nameEn},
          'barcodeNumber', ${equipment.barcodeNumber},
          'heldBarcodeNumber', ${held.barcodeNumber},
          'categoryName', ${equipmentCategories.name},
          'categoryNameEn', ${equipmentCategories.nameEn},
          'dinAdjustable', ${equipmentCategories.dinAdjustable}
        ) order by ${orderItems.sortOrder}), '[]')
        from ${orderItems}
          left join ${equipment} on ${equipment.id} = ${orderItems.equipmentId}
          left join ${equipment} as ${sql.identifier('held')}
            on ${held.id} = ${orderItems.heldEquipmentId}
          left join ${equipmentCategories} on ${equipmentCategories.id} = ${orderItems.categoryId}
        where ${orderItems.orderId} = ${orders.id})`,
      fees: sql<Json[]>`(
        select coalesce(json_agg(${jsonRow(orderFeeItems)}
          order by ${orderFeeItems.sortOrder}, ${orderFeeItems.createdAt}), '[]')
        from ${orderFeeItems} where ${orderFeeItems.orderId} = ${orders.id})`,
      bills: sql<Json[]>`(
        select coalesce(json_agg(${jsonRow(bills)} order by ${bills.createdAt}), '[]')
        from ${bills} where ${bills.orderId} = ${orders.id})`,
      refundingBillIds: sql<string[]>`(
        select coalesce(json_agg(distinct ${refunds.billId}), '[]')
        from ${refunds} join ${bills} on ${bills.id} = ${refunds.billId}
        where ${bills.orderId} = ${orders.id} and ${refunds.status} = 'pending')`,
      returnedPayments: sql<OrderDetailRows['returnedPayments']>`(
        select coalesce(json_agg(json_build_object(
          'method', ${payments.method}, 'amountFen', ${payments.amountFen},
          'paidAt', ${payments.paidAt},
          'refundStatus', (select ${refunds.status} from ${refunds}
            where ${refunds.paymentId} = ${payments.id} and ${refunds.billId} is null
            order by ${refunds.createdAt} desc limit 1)
        ) order by ${payments.paidAt}), '[]')
        from ${payments}
        where ${payments.orderId} = ${orders.id} and ${payments.duplicate})`,
      events: sql<Json[]>`(
        select coalesce(json_agg(${jsonRow(orderEvents)} order by ${orderEvents.seq}), '[]')
        from ${orderEvents} where ${orderEvents.orderId} = ${orders.id})`,
      sizeAttributes: sql<OrderDetailRows['sizeAttributes']>`(
        select coalesce(json_agg(json_build_object(
          'id', ${attributeDefinitions.id}, 'unit', ${attributeDefinitions.unit},
          'options', ${attributeDefinitions.options}, 'optionsEn', ${attributeDefinitions.optionsEn}
        ) order by ${attributeDefinitions.sortOrder}), '[]')
        from ${attributeDefinitions}
        where ${attributeDefinitions.id} in (
          select jsonb_object_keys(${orderItems.size})::uuid
          from ${orderItems} where ${orderItems.orderId} = ${orders.id}))`,
      people: sql<OrderDetailRows['people']>`(
        select coalesce(json_agg(json_build_object(
          'id', ${users.id}, 'name', ${users.name}, 'realName', ${users.realName},
          'userName', ${users.userName})), '[]')
        from ${users}
        where ${users.id} in (${orders.deliveryDriverId}, ${orders.pickupDriverId}, ${orders.agentId}))`,
      timeoutParameters: sql<OrderDetailRows['timeoutParameters']>`(
        select coalesce(json_agg(json_build_object(
          'storeId', ${businessParameters.storeId}, 'value', ${businessParameters.value})), '[]')
        from ${businessParameters}
        where ${businessParameters.tenantId} = ${orders.tenantId}
          and ${businessParameters.key} = ${BusinessParameterKey.OrderTimeoutHours}
          and (${businessParameters.storeId} is null
            or ${businessParameters.storeId} = ${orders.storeId}))`,
    })
    .from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(eq(orders.tenantId, sql.placeholder('tenantId')), eq(orders.id, sql.placeholder('id'))),
    )
    .prepare('order_detail');
}

/**
 * This tenant's order with this id and everything its detail shows, its names in English for an
 * `english` reader; undefined when none.
 */
export async function findOrderDetail(
  db: Database,
  tenantId: string,
  id: string,
  english = false,
): Promise<OrderDetailRows | undefined> {
  const query = preparedFor(db, orderDetail);
  const [r] = await query.execute({ tenantId, id });
  if (!r) return undefined;
  const named = (zh: unknown, en: unknown) =>
    zh === null ? null : inLanguage(english, zh as string, en as string | null);
  return {
    order: r.order,
    storeName: named(r.storeName, r.storeNameEn),
    items: r.items.map((line) => {
      const item = fromJsonRow(orderItems, line.item as Json);
      return {
        item: { ...item, packName: inLanguage(english, item.packName, item.packNameEn) },
        equipmentName: named(line.equipmentName, line.equipmentNameEn),
        barcodeNumber: line.barcodeNumber as string | null,
        heldBarcodeNumber: line.heldBarcodeNumber as string | null,
        categoryName: named(line.categoryName, line.categoryNameEn),
        dinAdjustable: line.dinAdjustable as boolean | null,
        sizeLabel: sizeLabelIn(english, item.size, r.sizeAttributes),
      };
    }),
    fees: r.fees.map((f) => {
      const fee = fromJsonRow(orderFeeItems, f);
      return { ...fee, description: inLanguage(english, fee.description, fee.descriptionEn) };
    }),
    bills: r.bills.map((b) => fromJsonRow(bills, b)),
    refundingBillIds: r.refundingBillIds,
    returnedPayments: r.returnedPayments,
    events: r.events.map((e) => fromJsonRow(orderEvents, e)),
    sizeAttributes: r.sizeAttributes,
    people: r.people,
    timeoutParameters: r.timeoutParameters,
  };
}

const gearQuery = (db: Database) =>
  db
    .select({
      e: equipment,
      categoryName: equipmentCategories.name,
      categoryDin: equipmentCategories.dinAdjustable,
    })
    .from(equipment)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(
      and(
        eq(equipment.tenantId, sql.placeholder('tenantId')),
        sql`${equipment.id} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('order_gear');

/** This tenant's items among `ids`, with their kind's name: what a booking's lines name. */
export async function findGear(db: Database, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return preparedFor(db, gearQuery).execute({ tenantId, ids });
}
