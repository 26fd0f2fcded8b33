import { sql, type SQL } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  BusinessParameterKey,
  FeeItemKind,
  OrderStatus,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { bills, orderFeeItems, orders } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';

/** Not paid for (yet): waiting for the store, or for the customer's payment. */
const UNPAID = [OrderStatus.Pending, OrderStatus.Unpaid];

/**
 * The gear is out or about to go, and the settlement (one bill for the balance once every item is
 * back) has not been made: the deposit the customer paid is still held, to be given back.
 */
const DEPOSIT_HELD = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

const inList = (values: readonly number[]) =>
  sql.raw(values.map((v) => String(Number(v))).join(', '));

/**
 * What an order earns its agent, in fen (docs/agents.md): the rent and the fees other than the
 * refundable deposit (delivery, extension, damage, cleaning, other; less discounts), as far as
 * the customer has paid them and the business keeps them.
 *
 *   earned = max(0, min(charges, kept − deposit still held))
 *
 * - charges: the order's fee items but its deposits. A fee taken off (a discount, a delivery
 *   changed to self pickup) lowers it at once.
 * - kept: the bills paid in (payment, supplement) less the refunds paid out or still owed. A
 *   cancelled order owes back what was paid, so it earns nothing; a partial refund earns less.
 * - the deposit is held until the settlement, which folds it into the balance bill (what is
 *   left of it refunded, or the deposit set against damage); after it, nothing is held back.
 *   So an extension not paid yet earns nothing until it is, and what the deposit pays of the
 *   damage counts once settled.
 * - Pending and unpaid orders earn nothing.
 *
 * An SQL expression over `orders`: three look-ups by `order_id`, each on its index.
 */
export function earnedFen(): SQL<number> {
  const charges = sql`(select coalesce(sum(${orderFeeItems.amountFen}), 0) from ${orderFeeItems}
    where ${orderFeeItems.orderId} = ${orders.id} and ${orderFeeItems.kind} <> ${FeeItemKind.Deposit})`;
  const deposits = sql`(select coalesce(sum(${orderFeeItems.amountFen}), 0) from ${orderFeeItems}
    where ${orderFeeItems.orderId} = ${orders.id} and ${orderFeeItems.kind} = ${FeeItemKind.Deposit})`;
  const kept = sql`(select coalesce(sum(case
      when ${bills.kind} = ${BillKind.Refund} then -${bills.amountFen}
      when ${bills.status} = ${BillStatus.Paid} then ${bills.amountFen}
      else 0 end), 0)
    from ${bills}
    where ${bills.orderId} = ${orders.id}
      and (${bills.status} = ${BillStatus.Paid}
        or (${bills.status} = ${BillStatus.Pending} and ${bills.kind} = ${BillKind.Refund})))`;
  return sql<number>`(case when ${orders.status} in (${inList(UNPAID)}) then 0
    else greatest(0, least(${charges}, ${kept}
      - case when ${orders.status} in (${inList(DEPOSIT_HELD)}) then ${deposits} else 0 end))
    end)::int`.mapWith(Number);
}

/** Statuses whose orders are not paid for: counted as orders, never as paid ones. */
export const NOT_PAID: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Cancelled,
];

/**
 * The business's commission rate (percent, set globally: a store value does not apply to an
 * agent); 0 when unset or out of range.
 */
export async function agentCommissionRate(db: Database, tenantId: string): Promise<number> {
  const value = await businessParameter(
    db,
    tenantId,
    '00000000-0000-0000-0000-000000000000',
    BusinessParameterKey.AgentCommissionRate,
  );
  const rate = Number(value ?? '0');
  return Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : 0;
}

/** An agent's commission on what their orders earned (fen), rounded once, to the fen. */
export function commissionFen(earnedFen: number, rate: number): number {
  return Math.round((earnedFen * rate) / 100);
}
