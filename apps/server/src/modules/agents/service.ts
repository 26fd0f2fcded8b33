import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, lt, max, sql } from 'drizzle-orm';
import {
  ErrorCode,
  FeeItemKind,
  OrderStatus,
  RoleName,
  type AgentCustomer,
  type AgentOrder,
  type AgentOrderDetail,
  type AgentPerformance,
  type AgentPeriod,
  type AgentReferral,
  type PagedRequest,
  type PagedResult,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { orderFeeItems, orders, stores, userRoles, users } from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { localMinute, zonedMidnight } from '@/lib/local-time.js';
import { pageOf } from '@/lib/paging.js';
import { UNIQUE_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { conflictError, notFound } from '@/lib/errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import { releaseHolds } from '@/modules/orders/capacity.js';
import { findOrderDetail } from '@/modules/orders/repository.js';
import { rentalSummaryOf } from '@/modules/orders/rental-summary.js';
import { writeOrder } from '@/modules/orders/order-lock.js';
import { agentCommissionRate, commissionFen, earnedFen, NOT_PAID } from './earnings.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { orderActionName, orderStatusName } from '@/modules/orders/status.js';
import { appendEvent, say, withRemarks } from '@/modules/orders/timeline.js';

/** Letters and digits that cannot be misread on a poster (no I, O, 0 or 1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 86_400_000;
/** Orders that never brought money: not confirmed, unpaid or cancelled. */

export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * An agent's business (docs/agents.md): their referral link, the orders that carry them, the
 * customers those orders came from, and their performance and commission.
 */
export class AgentsService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get agentId() {
    return this.request.user!.id;
  }

  /** The agent's code, made the first time it is asked for (a clash makes another). */
  async referral(): Promise<AgentReferral> {
    const [me] = await this.db
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, this.agentId));
    let code = me?.code ?? null;
    for (let attempt = 0; !code && attempt < 5; attempt += 1) {
      const candidate = newReferralCode();
      try {
        const [set] = await this.db
          .update(users)
          .set({ referralCode: candidate })
          .where(and(eq(users.id, this.agentId), sql`${users.referralCode} is null`))
          .returning({ code: users.referralCode });
        code = set?.code ?? (await this.referral()).code;
      } catch (err) {
        if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
      }
    }
    if (!code) throw new Error('no free referral code');
    return { code, path: `/customer/order-create?ref=${code}` };
  }

  /** One of the agent's orders, with what it is for (404 for anyone else's). */
  async order(id: string): Promise<AgentOrderDetail> {
    const [row] = await this.orderRows().where(and(this.mine(), eq(orders.id, id)));
    const detail =
      row && (await findOrderDetail(this.db, this.tenantId, id, isEnglish(this.request)));
    if (!row || !detail) {
      throw notFound(ErrorCode.OrderNotFound, message(this.request, 'OrderNotFound'));
    }
    return {
      ...toAgentOrder(row),
      remarks: row.order.remarks,
      // Personal details only where the agent booked it (and typed them) for the customer.
      summary: rentalSummaryOf(detail, row.order.createdBy === this.agentId),
    };
  }

  private mine() {
    return and(eq(orders.tenantId, this.tenantId), eq(orders.agentId, this.agentId));
  }

  /**
   * The agent takes back an order the store has not confirmed yet: it is cancelled and its gear
   * is free again. Only the agent's own, only while Pending (409 once the store has acted).
   */
  async withdraw(id: string, reason: string): Promise<AgentOrder> {
    const [row] = await this.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(this.mine(), eq(orders.id, id)));
    if (!row) throw notFound(ErrorCode.OrderNotFound, message(this.request, 'OrderNotFound'));
    const english = isEnglish(this.request);
    const [me] = await this.db
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, this.agentId));
    const actor = { userId: this.agentId, operatorName: me?.name || me?.userName || '', english };
    const withdrawn = await writeOrder(this.db, id, async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: new Date() })
        .where(and(this.mine(), eq(orders.id, id), eq(orders.status, OrderStatus.Pending)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await releaseHolds(tx, id);
      await appendEvent(
        tx,
        id,
        {
          kind: 'status',
          from: OrderStatus.Pending,
          to: OrderStatus.Cancelled,
          message: withRemarks(say('OrderWithdrawn'), reason),
        },
        actor,
      );
      return true;
    });
    const [now] = await this.orderRows().where(and(this.mine(), eq(orders.id, id)));
    if (!withdrawn || !now) {
      throw conflictError(
        ErrorCode.OrderIllegalTransition,
        message(this.request, 'OrderIllegalTransition', {
          from: orderStatusName(now?.order.status ?? row.status, english),
          action: orderActionName('withdraw', english),
        }),
      );
    }
    return toAgentOrder(now);
  }

  private orderRows() {
    return this.db
      .select({
        order: orders,
        storeName: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn),
        depositFen: sql<number>`(select coalesce(sum(${orderFeeItems.amountFen}), 0)::int
          from ${orderFeeItems}
          where ${orderFeeItems.orderId} = ${orders.id} and ${orderFeeItems.kind} = ${FeeItemKind.Deposit})`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .$dynamic();
  }

  async orders(page: PagedRequest): Promise<PagedResult<AgentOrder>> {
    const [rows, [total]] = await Promise.all([
      this.orderRows()
        .where(this.mine())
        .orderBy(desc(orders.createdAt))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset),
      this.db.select({ n: count() }).from(orders).where(this.mine()),
    ]);
    return {
      totalCount: total?.n ?? 0,
      items: rows.map(toAgentOrder),
    };
  }

  async customers(page: PagedRequest): Promise<PagedResult<AgentCustomer>> {
    const grouped = this.db
      .select({
        phone: orders.customerPhone,
        name: max(orders.customerName),
        orders: count(),
        // What the customer's orders earn the agent: rent and paid fees, never the deposit.
        revenueFen: sql<number>`coalesce(sum(${earnedFen()}), 0)::int`.mapWith(Number),
        lastOrderAt: max(orders.createdAt),
      })
      .from(orders)
      .where(this.mine())
      .groupBy(orders.customerPhone);
    const [rows, [total]] = await Promise.all([
      grouped
        .orderBy(desc(max(orders.createdAt)))
        .limit(pageOf(page).limit)
        .offset(pageOf(page).offset),
      this.db
        .select({ n: sql<number>`count(distinct ${orders.customerPhone})::int` })
        .from(orders)
        .where(this.mine()),
    ]);
    return {
      totalCount: total?.n ?? 0,
      items: rows.map((r) => ({
        name: r.name ?? '',
        phone: r.phone,
        orders: r.orders,
        revenue: toYuan(r.revenueFen),
        lastOrderAt: (r.lastOrderAt ?? new Date(0)).toISOString(),
      })),
    };
  }

  private dayStart(day: string, plusDays = 0): Date {
    return zonedMidnight(day, this.timeZone, plusDays);
  }

  /**
   * The period's window and its chart's buckets: today (one bar), the last 7 days (a bar a day),
   * or the season since the last 1 November (a bar a week).
   */
  private window(period: AgentPeriod, now: Date) {
    const today = localMinute(now, this.timeZone).slice(0, 10);
    const end = this.dayStart(today, 1);
    if (period === 'day') return { from: this.dayStart(today), to: end, bucketDays: 1 };
    if (period === 'week') return { from: this.dayStart(today, -6), to: end, bucketDays: 1 };
    const [year, month] = today.split('-').map(Number) as [number, number];
    const seasonYear = month >= 11 ? year : year - 1;
    return { from: this.dayStart(`${seasonYear}-11-01`), to: end, bucketDays: 7 };
  }

  async performance(period: AgentPeriod, now = new Date()): Promise<AgentPerformance> {
    const { from, to, bucketDays } = this.window(period, now);
    const [rows, commissionRate] = await Promise.all([
      // One statement: the period's orders by the agent's index, each with what it earns.
      this.db
        .select({ status: orders.status, earnedFen: earnedFen(), createdAt: orders.createdAt })
        .from(orders)
        .where(and(this.mine(), gte(orders.createdAt, from), lt(orders.createdAt, to))),
      agentCommissionRate(this.db, this.tenantId),
    ]);
    const paid = rows.filter((r) => !NOT_PAID.includes(r.status));
    const revenueFen = rows.reduce((sum, r) => sum + r.earnedFen, 0);
    const buckets: AgentPerformance['series'] = [];
    for (let start = from.getTime(); start < to.getTime(); start += bucketDays * DAY_MS) {
      const stop = Math.min(start + bucketDays * DAY_MS, to.getTime());
      const inside = (r: { createdAt: Date }) =>
        r.createdAt.getTime() >= start && r.createdAt.getTime() < stop;
      buckets.push({
        from: new Date(start).toISOString(),
        label: localMinute(new Date(start), this.timeZone).slice(5, 10),
        orders: rows.filter(inside).length,
        revenue: toYuan(rows.filter(inside).reduce((sum, r) => sum + r.earnedFen, 0)),
      });
    }
    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      orders: rows.length,
      paidOrders: paid.length,
      revenue: toYuan(revenueFen),
      commissionRate,
      commission: toYuan(commissionFen(revenueFen, commissionRate)),
      series: buckets,
    };
  }
}

function toAgentOrder({
  order,
  storeName,
  depositFen,
}: {
  order: typeof orders.$inferSelect;
  storeName: string;
  depositFen: number;
}): AgentOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    storeName,
    status: order.status,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    rentalStartTime: order.rentalStartAt.toISOString(),
    rentalEndTime: order.rentalEndAt.toISOString(),
    totalAmount: toYuan(order.totalFen),
    deposit: toYuan(depositFen),
    amount: toYuan(order.totalFen - depositFen),
    createdAt: order.createdAt.toISOString(),
  };
}

/** The agent a referral code names, if it is one of this tenant's active agents. */
export async function agentOfReferral(
  db: Database,
  tenantId: string,
  code: string | undefined,
): Promise<string | null> {
  const wanted = code?.trim().toUpperCase();
  if (!wanted) return null;
  const [agent] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.referralCode, wanted),
        eq(users.isActive, true),
        eq(userRoles.roleName, RoleName.Agent),
      ),
    );
  return agent?.id ?? null;
}
