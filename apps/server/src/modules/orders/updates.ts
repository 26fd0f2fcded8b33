import type { FastifyRequest } from 'fastify';
import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  FEE_LINE_LABELS,
  BusinessParameterKey,
  DeliveryMethod,
  EARLY_RETURN_FROM,
  ErrorCode,
  FeeItemKind,
  ORDER_STATUSES,
  OrderStatus,
  ReturnMethod,
  type Order,
  type OrderDeliveryMethodSchema,
  type OrderUpdateSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { orderFeeItems, orderItems, orders } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError, conflictError } from '@/lib/errors.js';
import { dueAtDoorFen, openPayments } from './cash-on-delivery.js';
import { OrderLifecycle } from './lifecycle.js';
import { feeParameter, toYuan, type FeeLine } from './pricing.js';
import { isFreeOrderType } from './service.js';
import { ORDER_ALLOWED_FROM, orderStatusName } from './status.js';
import { say } from './timeline.js';

type DetailsInput = z.output<typeof OrderUpdateSchema>;
type DeliveryInput = z.output<typeof OrderDeliveryMethodSchema>;
type OrderRow = typeof orders.$inferSelect;

/** Until the rental starts, an order's details and how it is delivered may change. */
const EDITABLE: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
];
/** A finished order keeps the agent it was credited to. */
const AGENT_CHANGEABLE: readonly number[] = ORDER_STATUSES.filter(
  (s) => s !== OrderStatus.Completed && s !== OrderStatus.Cancelled,
);

const DETAIL_NAMES: Record<keyof DetailsInput, [zh: string, en: string]> = {
  customerName: ['客户姓名', 'name'],
  customerPhone: ['联系电话', 'phone'],
  deliveryAddress: ['送货地址', 'delivery address'],
  returnAddress: ['取件地址', 'pickup address'],
  remarks: ['备注', 'remarks'],
};
const METHOD_NAMES: Record<DeliveryMethod | ReturnMethod, [zh: string, en: string]> = {
  [DeliveryMethod.SelfPickup]: ['到店自取', 'collected at the store'],
  [DeliveryMethod.Delivery]: ['送货上门', 'delivered'],
  [ReturnMethod.SelfReturn]: ['到店归还', 'returned at the store'],
  [ReturnMethod.Pickup]: ['上门取件', 'picked up'],
};

const sum = (rows: { amountFen: number }[]) => rows.reduce((n, r) => n + r.amountFen, 0);

/**
 * Changes to an order besides its lifecycle: its details, delivery and return, its agent, and
 * the order's side of an item's early return. Like every transition, each is one transaction
 * that re-checks the status and writes a timeline event.
 */
export class OrderUpdates extends OrderLifecycle {
  private name([zh, en]: [string, string]) {
    return this.en ? en : zh;
  }

  private notEditable(row: { status: number }) {
    return conflictError(
      ErrorCode.OrderIllegalTransition,
      this.msg('OrderNotEditable', { status: orderStatusName(row.status, this.en) }),
      { status: row.status },
    );
  }

  /** The order row, locked for the rest of the transaction, while its status is one of `allowed`. */
  private async lockIn(tx: Transaction, id: string, allowed: readonly number[]): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
    if (!row || !allowed.includes(row.status)) throw this.notEditable(row ?? { status: -1 });
    return row;
  }

  private assertAddresses(
    order: { deliveryMethod: string; returnMethod: string },
    addresses: { deliveryAddress: string; returnAddress: string },
  ) {
    if (order.deliveryMethod === DeliveryMethod.Delivery && !addresses.deliveryAddress) {
      throw new AppError(400, ErrorCode.Validation, this.msg('OrderDeliveryAddressRequired'));
    }
    if (order.returnMethod === ReturnMethod.Pickup && !addresses.returnAddress) {
      throw new AppError(400, ErrorCode.Validation, this.msg('OrderReturnAddressRequired'));
    }
  }

  // ---- details ---------------------------------------------------------------------------------

  /** Customer, addresses and remarks; the timeline names what changed. */
  async updateDetails(id: string, input: DetailsInput): Promise<Order> {
    await this.row(id);
    await this.orderTransaction(id, async (tx) => {
      const current = await this.lockIn(tx, id, EDITABLE);
      this.assertAddresses(current, input);
      const changed = (Object.keys(DETAIL_NAMES) as (keyof DetailsInput)[]).filter(
        (field) => current[field] !== input[field],
      );
      if (changed.length === 0) return;
      await tx
        .update(orders)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(orders.id, id));
      await this.event(tx, id, {
        kind: 'update',
        message: say('OrderDetailsChanged', {
          fields: (english) =>
            changed.map((f) => DETAIL_NAMES[f][english ? 1 : 0]).join(english ? ', ' : '、'),
        }),
      });
    });
    return this.get(id);
  }

  // ---- delivery and return ---------------------------------------------------------------------

  /**
   * Delivery and return methods with their addresses. The delivery and pickup fees are priced
   * again from the store's business parameters; the bills follow the new total (see `rebill`),
   * and a paid order waits for delivery exactly when it is delivered (Reserved ⇄ PendingDelivery).
   */
  async changeDelivery(id: string, input: DeliveryInput): Promise<Order> {
    const { storeId } = await this.row(id);
    const [deliveryFee, pickupFee] = await Promise.all([
      businessParameter(this.db, this.tenantId, storeId, BusinessParameterKey.DeliveryFee),
      businessParameter(this.db, this.tenantId, storeId, BusinessParameterKey.PickupFee),
    ]);
    const fees: FeeLine[] = [];
    const deliveryFen = feeParameter(deliveryFee);
    const pickupFen = feeParameter(pickupFee);
    if (input.deliveryMethod === DeliveryMethod.Delivery && deliveryFen > 0) {
      fees.push({
        kind: FeeItemKind.DeliveryFee,
        amountFen: deliveryFen,
        description: FEE_LINE_LABELS['zh-CN'].delivery,
        descriptionEn: FEE_LINE_LABELS['en-US'].delivery,
      });
    }
    if (input.returnMethod === ReturnMethod.Pickup && pickupFen > 0) {
      fees.push({
        kind: FeeItemKind.DeliveryFee,
        amountFen: pickupFen,
        description: FEE_LINE_LABELS['zh-CN'].pickup,
        descriptionEn: FEE_LINE_LABELS['en-US'].pickup,
      });
    }
    const methods = {
      deliveryMethod: input.deliveryMethod,
      deliveryAddress:
        input.deliveryMethod === DeliveryMethod.Delivery ? input.deliveryAddress : '',
      returnMethod: input.returnMethod,
      returnAddress: input.returnMethod === ReturnMethod.Pickup ? input.returnAddress : '',
    };

    await this.orderTransaction(id, async (tx) => {
      const current = await this.lockIn(tx, id, EDITABLE);
      // Cash on delivery is paid at the door: without one, the payment comes first.
      if (
        input.deliveryMethod !== DeliveryMethod.Delivery &&
        dueAtDoorFen(current, await openPayments(tx, id)) > 0
      ) {
        throw conflictError(
          ErrorCode.OrderPayAtDoorUnavailable,
          this.msg('OrderPayAtDoorNoPickup'),
        );
      }
      const items = await tx.select().from(orderFeeItems).where(eq(orderFeeItems.orderId, id));
      // A free order stays free: its discount follows the rent and the delivery fees. A fee
      // added by hand since (damage, cleaning) is still charged, as free orders charge damage.
      // Any other order keeps its discount lines as given (rent only, with their reason and
      // approver): the rent does not change.
      const free = isFreeOrderType(current.orderType);
      const kept = items.filter(
        (f) => f.kind !== FeeItemKind.DeliveryFee && (!free || f.kind !== FeeItemKind.Discount),
      );
      const discounts = items.filter((f) => f.kind === FeeItemKind.Discount);
      const beforeDiscount = sum(kept) + sum(fees);
      const discountFen = free
        ? sum(kept.filter((f) => f.kind === FeeItemKind.Rent)) + sum(fees)
        : 0;
      const totalFen = beforeDiscount - discountFen;
      const changeFen = totalFen - current.totalFen;
      const unchanged =
        changeFen === 0 &&
        (Object.keys(methods) as (keyof typeof methods)[]).every((k) => current[k] === methods[k]);
      if (unchanged) return;

      await tx
        .delete(orderFeeItems)
        .where(
          and(
            eq(orderFeeItems.orderId, id),
            inArray(
              orderFeeItems.kind,
              free ? [FeeItemKind.DeliveryFee, FeeItemKind.Discount] : [FeeItemKind.DeliveryFee],
            ),
          ),
        );
      const added: FeeLine[] = [...fees];
      if (discountFen > 0) {
        added.push({
          kind: FeeItemKind.Discount,
          amountFen: -discountFen,
          description: discounts[0]?.description ?? FEE_LINE_LABELS['zh-CN'].discount,
          descriptionEn: discounts[0]?.descriptionEn ?? FEE_LINE_LABELS['en-US'].discount,
        });
      }
      if (added.length > 0) {
        // Right after rent and deposits, as on a new order.
        const after = kept
          .filter((f) => f.kind === FeeItemKind.Rent || f.kind === FeeItemKind.Deposit)
          .reduce((max, f) => Math.max(max, f.sortOrder), -1);
        await tx
          .insert(orderFeeItems)
          .values(added.map((f, i) => ({ orderId: id, ...f, sortOrder: after + 1 + i })));
      }
      await tx
        .update(orders)
        .set({ ...methods, totalFen, updatedAt: new Date() })
        .where(eq(orders.id, id));
      if (changeFen !== 0) await this.rebill(tx, current, changeFen);
      const sign = changeFen > 0 ? '+' : changeFen < 0 ? '-' : '';
      await this.event(tx, id, {
        kind: 'delivery',
        message: say('OrderDeliveryChanged', {
          delivery: (english) => METHOD_NAMES[input.deliveryMethod][english ? 1 : 0],
          return: (english) => METHOD_NAMES[input.returnMethod][english ? 1 : 0],
          change: `${sign}¥${toYuan(Math.abs(changeFen)).toFixed(2)}`,
        }),
      });
      if (
        current.status === OrderStatus.Reserved ||
        current.status === OrderStatus.PendingDelivery
      ) {
        const next = this.paidStatus(input.deliveryMethod);
        if (next !== current.status) await this.moveTo(tx, current, next);
      }
      // An open payment that went down to nothing was cancelled: the order counts as paid.
      await this.afterPayment(tx, id);
    });
    return this.get(id);
  }

  // ---- agent -----------------------------------------------------------------------------------

  /** Credits the order to an agent (a user holding the Agent role), or to none. */
  async assignAgent(id: string, agentId: string | null): Promise<Order> {
    await this.row(id);
    const agentName = agentId ? await this.agentName(agentId) : null;
    await this.orderTransaction(id, async (tx) => {
      const current = await this.lockIn(tx, id, AGENT_CHANGEABLE);
      if (current.agentId === agentId) return;
      await tx.update(orders).set({ agentId, updatedAt: new Date() }).where(eq(orders.id, id));
      await this.event(tx, id, {
        kind: 'agent',
        message: agentName ? say('OrderAgentSet', { name: agentName }) : say('OrderAgentRemoved'),
      });
    });
    return this.get(id);
  }

  // ---- early return ----------------------------------------------------------------------------

  private noEarlyReturn(row: { status: number }) {
    return conflictError(
      ErrorCode.OrderIllegalTransition,
      this.msg('OrderNoEarlyReturn', { status: orderStatusName(row.status, this.en) }),
      { status: row.status },
    );
  }

  /**
   * Before an item's early return for `orderId`: the order must be the caller's to handle and 2
   * to 8. False when no order of this tenant has that id (an orphaned lock: nothing to record).
   */
  async checkEarlyReturn(orderId: string): Promise<boolean> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.id, orderId)));
    if (!order) return false;
    await this.assertMayHandle(order);
    if (!(EARLY_RETURN_FROM as readonly number[]).includes(order.status))
      throw this.noEarlyReturn(order);
    return true;
  }

  /**
   * In the equipment service's transaction, once the item's lock is released: the order's line
   * is marked returned early, the timeline says so, and when that was the last item out the
   * order is settled like any return (with the customer) or waits for delivery again (the
   * driver brought it back).
   */
  async recordEarlyReturn(
    tx: Transaction,
    orderId: string,
    item: { id: string; barcodeNumber: string },
    reason: string,
  ) {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('no key update');
    if (!order || !(EARLY_RETURN_FROM as readonly number[]).includes(order.status)) {
      throw this.noEarlyReturn(order ?? { status: -1 });
    }
    // The line the item went out for, or the kind line holding it (it then holds nothing).
    await tx
      .update(orderItems)
      .set({ returnState: 'earlyReturned', heldEquipmentId: null })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          or(
            eq(orderItems.equipmentId, item.id),
            and(isNull(orderItems.equipmentId), eq(orderItems.heldEquipmentId, item.id)),
          ),
          isNull(orderItems.returnState),
        ),
      );
    await this.event(tx, orderId, {
      kind: 'earlyReturn',
      message: say('OrderItemReturnedEarly', { barcode: item.barcodeNumber, reason }),
    });
    const withCustomer = (ORDER_ALLOWED_FROM.return as readonly number[]).includes(order.status);
    const onTheWay = order.status === OrderStatus.Delivering;
    if (!withCustomer && !onTheWay) return;
    const [out] = await tx
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.returnState)));
    if ((out?.n ?? 0) > 0) return;
    // The last item out is back. With the customer: settled like any return. On its way to them
    // (the driver brought it back): nothing was handed over, so the order waits for delivery
    // again, where the store can cancel it and give back what was paid; settling it would charge
    // the rent of gear the customer never had.
    if (withCustomer) await this.settle(tx, orderId);
    else await this.moveTo(tx, order, OrderStatus.PendingDelivery, say('OrderBackFromDelivery'));
  }
}

/**
 * The order's side of an early return, for the equipment service. That service has no business
 * time zone, and nothing on this path reads a business day or formats a time, so UTC stands in.
 */
export function earlyReturnOrders(db: Database, request: FastifyRequest): OrderUpdates {
  return new OrderUpdates(db, request, 'UTC');
}
