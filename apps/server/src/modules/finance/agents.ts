import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FinanceAgents, FinanceRangeQuerySchema } from '@snowgear/contracts';
import type { z } from 'zod';
import { orders, users } from '@/db/schema.js';
import {
  agentCommissionRate,
  commissionFen,
  earnedFen,
  NOT_PAID,
} from '@/modules/agents/earnings.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { FinanceService } from './service.js';

type RangeInput = z.output<typeof FinanceRangeQuerySchema>;

/**
 * The agents' business as the store (or the super admin across stores) sees it: orders placed in
 * the range that carry an agent, what they earned and the commission, by the very rule and
 * rounding of the agent's own page (modules/agents/earnings.ts), so the two agree to the fen.
 */
export class FinanceAgentsService extends FinanceService {
  async agents(input: RangeInput): Promise<FinanceAgents> {
    const scope = await this.scope(input.storeId);
    const range = this.range(input);
    const tenantId = this.request.tenantId;
    const [rows, rate] = await Promise.all([
      this.db
        .select({
          agentId: orders.agentId,
          name: sql<string>`max(coalesce(nullif(${users.name}, ''), ${users.userName}))`,
          orders: sql<number>`count(*)::int`.mapWith(Number),
          paidOrders: sql<number>`(count(*) filter (where ${orders.status} not in (${sql.raw(
            NOT_PAID.map(Number).join(', '),
          )})))::int`.mapWith(Number),
          earnedFen: sql<number>`coalesce(sum(${earnedFen()}), 0)::int`.mapWith(Number),
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.agentId))
        .where(
          and(
            eq(orders.tenantId, tenantId),
            isNotNull(orders.agentId),
            gte(orders.createdAt, range.start),
            lt(orders.createdAt, range.end),
            scope.storeId ? eq(orders.storeId, scope.storeId) : undefined,
          ),
        )
        .groupBy(orders.agentId),
      agentCommissionRate(this.db, tenantId),
    ]);
    const agents = rows
      .map((r) => ({
        agentId: r.agentId!,
        name: r.name ?? '',
        orders: r.orders,
        paidOrders: r.paidOrders,
        earnedFen: r.earnedFen,
        commissionFen: commissionFen(r.earnedFen, rate),
      }))
      .sort((a, b) => b.earnedFen - a.earnedFen || a.name.localeCompare(b.name));
    const sum = (pick: (a: (typeof agents)[number]) => number) =>
      agents.reduce((n, a) => n + pick(a), 0);
    return {
      storeId: scope.storeId,
      storeName: scope.storeName,
      from: range.from,
      to: range.to,
      commissionRate: rate,
      agents: agents.map((a) => ({
        agentId: a.agentId,
        name: a.name,
        orders: a.orders,
        paidOrders: a.paidOrders,
        revenue: toYuan(a.earnedFen),
        commission: toYuan(a.commissionFen),
      })),
      totals: {
        orders: sum((a) => a.orders),
        paidOrders: sum((a) => a.paidOrders),
        revenue: toYuan(sum((a) => a.earnedFen)),
        commission: toYuan(sum((a) => a.commissionFen)),
      },
    };
  }
}
