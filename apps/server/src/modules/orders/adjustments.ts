import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  ErrorCode,
  FEE_ADDABLE_STATUSES,
  FeeItemKind,
  GOODWILL_REFUND_STATUSES,
  MoneyApprovalKind,
  OrderStatus,
  type GoodwillRefundSchema,
  type Order,
  type OrderFeeAddSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Transaction } from '@/db/client.js';
import { bills, orderFeeItems, orders, payments, refunds } from '@/db/schema.js';
import { AppError, conflictError } from '@/lib/errors.js';
import { allowMoneyChange } from './approvals.js';
import { moneyLine } from './discounts.js';
import { OrderLifecycle } from './lifecycle.js';
import { moneyMessage, moneyText } from './money-messages.js';
import { toFen, toYuan } from './pricing.js';
import { paidFen } from './service.js';
import { orderStatusName } from './status.js';

type FeeInput = z.output<typeof OrderFeeAddSchema>;
type RefundInput = z.output<typeof GoodwillRefundSchema>;

const FEE_ALLOWED = FEE_ADDABLE_STATUSES;
const REFUND_ALLOWED = GOODWILL_REFUND_STATUSES;

/** After the return the order's one balance takes every change (settle in lifecycle.ts). */
const SETTLING: readonly number[] = [OrderStatus.Returned, OrderStatus.PendingPayment];

/**
 * Money changed on an existing order by hand (issue: a forgotten helmet added at the door, a
 * goodwill refund): a fee line, or a negative line, with its reason and, beyond the clerk's limit
 * (a percent of the rent), the manager who approved it; the bills follow, and the timeline and
 * the audit log say who did what and why.
 */
export class OrderAdjustments extends OrderLifecycle {
  /** The rent an order's limits are a percent of: its rent and extension lines. */
  async rentOf(orderId: string, tx?: Transaction): Promise<number> {
    const [row] = await (tx ?? this.db)
      .select({ fen: sql<number>`coalesce(sum(${orderFeeItems.amountFen}), 0)`.mapWith(Number) })
      .from(orderFeeItems)
      .where(
        and(
          eq(orderFeeItems.orderId, orderId),
          inArray(orderFeeItems.kind, [FeeItemKind.Rent, FeeItemKind.ExtensionFee]),
        ),
      );
    return row?.fen ?? 0;
  }

  /**
   * A fee of a kind (cleaning, damage, other) with a reason. Before the return it is billed as
   * any later charge (the open payment grows, or a supplement); after the return it is folded
   * into the order's one balance. Refused (409, naming the status) once the order is closed.
   */
  async addFee(id: string, input: FeeInput): Promise<Order> {
    const order = await this.row(id);
    this.assertAllowed(order, FEE_ALLOWED, 'FeeNotNow');
    const amountFen = toFen(input.amount);
    this.assertWithinTotal(order.totalFen + amountFen);
    const allowed = await allowMoneyChange(this.db, this.request, {
      storeId: order.storeId,
      orderId: id,
      kind: MoneyApprovalKind.Fee,
      amountFen,
      baseFen: await this.rentOf(id),
      reason: input.reason,
      approval: input.approval,
      approvalId: input.approvalId,
    });
    await this.orderTransaction(id, async (tx) => {
      const current = await this.lockOrder(tx, id, FEE_ALLOWED, 'FeeNotNow');
      await allowed.consume(tx);
      await tx.insert(orderFeeItems).values({
        orderId: id,
        kind: input.kind,
        amountFen,
        description: moneyText(false, `Fee${input.kind}`),
        descriptionEn: moneyText(true, `Fee${input.kind}`),
        reason: allowed.reason,
        createdBy: this.user.id,
        approvedBy: allowed.approvedBy,
        approvedByName: allowed.approvedByName,
        sortOrder: 300,
      });
      await tx
        .update(orders)
        .set({ totalFen: sql`${orders.totalFen} + ${amountFen}`, updatedAt: new Date() })
        .where(eq(orders.id, id));
      await this.event(tx, id, {
        kind: 'adjustment',
        message: moneyLine('FeeAdded', { ...allowed, amountFen, kind: input.kind }),
      });
      await this.billChange(tx, current, amountFen);
    });
    return this.get(id);
  }

  /**
   * Money given back out of goodwill: a negative line (kind Discount, with its reason) and a
   * refund bill, or less to pay on the balance after the return. Never more than the rent paid
   * (the deposit goes back at settlement, not this way), within the clerk's limit or approved.
   */
  async goodwillRefund(id: string, input: RefundInput): Promise<Order> {
    const order = await this.row(id);
    this.assertAllowed(order, REFUND_ALLOWED, 'RefundNotNow');
    const amountFen = toFen(input.amount);
    const rentFen = await this.rentOf(id);
    this.assertRefundable(amountFen, await this.refundableFen(id));
    const allowed = await allowMoneyChange(this.db, this.request, {
      storeId: order.storeId,
      orderId: id,
      kind: MoneyApprovalKind.Refund,
      amountFen,
      baseFen: rentFen,
      reason: input.reason,
      approval: input.approval,
      approvalId: input.approvalId,
    });
    await this.orderTransaction(id, async (tx) => {
      const current = await this.lockOrder(tx, id, REFUND_ALLOWED, 'RefundNotNow');
      // Read again under the order's lock: two refunds at once never give more than the rent.
      this.assertRefundable(amountFen, await this.refundableFen(id, tx));
      await allowed.consume(tx);
      await tx.insert(orderFeeItems).values({
        orderId: id,
        kind: FeeItemKind.Discount,
        amountFen: -amountFen,
        description: moneyText(false, 'RefundLine'),
        descriptionEn: moneyText(true, 'RefundLine'),
        reason: allowed.reason,
        createdBy: this.user.id,
        approvedBy: allowed.approvedBy,
        approvedByName: allowed.approvedByName,
        sortOrder: 300,
      });
      await tx
        .update(orders)
        .set({ totalFen: sql`${orders.totalFen} - ${amountFen}`, updatedAt: new Date() })
        .where(eq(orders.id, id));
      await this.event(tx, id, {
        kind: 'adjustment',
        message: moneyLine('RefundGiven', { ...allowed, amountFen }),
      });
      await this.billChange(tx, current, -amountFen);
    });
    return this.get(id);
  }

  private assertAllowed(
    order: { status: number },
    allowed: readonly number[],
    key: 'FeeNotNow' | 'RefundNotNow',
  ) {
    if (allowed.includes(order.status)) return;
    throw conflictError(
      ErrorCode.OrderIllegalTransition,
      moneyMessage(this.request, key, { status: orderStatusName(order.status, this.en) }),
      { status: order.status },
    );
  }

  /** The order's row under its lock, still in a status that allows the change. */
  private async lockOrder(
    tx: Transaction,
    id: string,
    allowed: readonly number[],
    key: 'FeeNotNow' | 'RefundNotNow',
  ) {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
    this.assertAllowed(row ?? { status: -1 }, allowed, key);
    return row!;
  }

  /**
   * What may still be given back: the rent and extensions less every discount and goodwill
   * refund so far, and never more than the customer has paid.
   */
  private async refundableFen(orderId: string, tx?: Transaction): Promise<number> {
    const db = tx ?? this.db;
    const [fees, billRows] = await Promise.all([
      db
        .select({ kind: orderFeeItems.kind, amountFen: orderFeeItems.amountFen })
        .from(orderFeeItems)
        .where(eq(orderFeeItems.orderId, orderId)),
      db.select().from(bills).where(eq(bills.orderId, orderId)),
    ]);
    const rentNet = fees
      .filter((f) =>
        ([FeeItemKind.Rent, FeeItemKind.ExtensionFee, FeeItemKind.Discount] as string[]).includes(
          f.kind,
        ),
      )
      .reduce((sum, f) => sum + f.amountFen, 0);
    return Math.max(0, Math.min(rentNet, paidFen(billRows)));
  }

  private assertRefundable(amountFen: number, maxFen: number) {
    if (amountFen <= maxFen) return;
    throw new AppError(
      400,
      ErrorCode.RefundAboveRentPaid,
      moneyMessage(this.request, 'RefundAboveRentPaid', { max: toYuan(maxFen).toFixed(2) }),
      undefined,
      { max: toYuan(maxFen) },
    );
  }

  /**
   * The bills follow a change of the total. Before the return as any later charge (`rebill`).
   * After it, into the one balance: a bill still owed the other way (a deposit refund not yet
   * given, a supplement not yet paid) takes the change first, unless a payment or refund is under
   * way on it; what is left becomes a supplement or a refund. The order then waits for payment,
   * for its refund, or is complete.
   */
  private async billChange(
    tx: Transaction,
    order: { id: string; status: number },
    changeFen: number,
  ) {
    if (!SETTLING.includes(order.status)) {
      await this.rebill(tx, order, changeFen);
      return;
    }
    const against = changeFen > 0 ? BillKind.Refund : BillKind.Supplement;
    const open = await tx
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.orderId, order.id),
          eq(bills.kind, against),
          eq(bills.status, BillStatus.Pending),
        ),
      )
      .for('update');
    let left = Math.abs(changeFen);
    for (const bill of open) {
      if (left === 0) break;
      if (await this.underWay(tx, bill.id)) continue;
      const taken = Math.min(left, bill.amountFen);
      const rest = bill.amountFen - taken;
      await tx
        .update(bills)
        .set(rest > 0 ? { amountFen: rest } : { status: BillStatus.Cancelled })
        .where(and(eq(bills.id, bill.id), eq(bills.status, BillStatus.Pending)));
      left -= taken;
    }
    if (left > 0) {
      await tx.insert(bills).values({
        tenantId: this.tenantId,
        orderId: order.id,
        kind: changeFen > 0 ? BillKind.Supplement : BillKind.Refund,
        amountFen: left,
        status: BillStatus.Pending,
      });
    }
    const owed = await tx
      .select({ kind: bills.kind })
      .from(bills)
      .where(and(eq(bills.orderId, order.id), eq(bills.status, BillStatus.Pending)));
    if (order.status === OrderStatus.Returned && owed.some((b) => b.kind !== BillKind.Refund)) {
      await this.moveTo(tx, order, OrderStatus.PendingPayment);
      return;
    }
    await this.afterPayment(tx, order.id);
  }

  /**
   * A provider is paying or refunding this bill now (a refund it has taken counts until the
   * bill is closed): it is not changed under them.
   */
  private async underWay(tx: Transaction, billId: string): Promise<boolean> {
    const [paying] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.billId, billId), eq(payments.status, 'pending')))
      .limit(1);
    if (paying) return true;
    const [refunding] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.billId, billId), inArray(refunds.status, ['pending', 'succeeded'])))
      .limit(1);
    return !!refunding;
  }
}
