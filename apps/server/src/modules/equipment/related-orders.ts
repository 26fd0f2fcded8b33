import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  EquipmentOrderSchema,
  EquipmentOrdersCountSchema,
  EquipmentOrdersQuerySchema,
  type EquipmentOrderGroup,
  ErrorCode,
  OrderStatus,
  pagedResultSchema,
  RoleName,
  type EquipmentOrder,
  type EquipmentOrdersCount,
  type EquipmentOrdersQuery,
  type PagedResult,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { equipment, orderItems, orders } from '@/db/schema.js';
import type { RouteAccess } from '@/lib/access.js';
import { notFound } from '@/lib/errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import { pageOf } from '@/lib/paging.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { orderStatusName } from '@/modules/orders/status.js';
import { GEAR_OUT_ORDER_STATUSES } from './repository.js';

/** The order statuses each tab of the equipment dialog's related orders shows; cancelled in none. */
export const RELATED_ORDER_GROUPS = {
  inUse: GEAR_OUT_ORDER_STATUSES,
  reserved: [OrderStatus.Reserved, OrderStatus.PendingDelivery, OrderStatus.Pending],
  unpaid: [OrderStatus.Unpaid, OrderStatus.PendingPayment],
  completed: [OrderStatus.Returned, OrderStatus.Completed],
} as const satisfies Record<EquipmentOrderGroup, readonly OrderStatus[]>;
export type RelatedOrderGroup = EquipmentOrderGroup;

const LIST_PATHS: Record<RelatedOrderGroup, string> = {
  inUse: '/api/app/equipment/in-use-orders',
  reserved: '/api/app/equipment/reserved-orders',
  unpaid: '/api/app/equipment/unpaid-orders',
  completed: '/api/app/equipment/completed-orders',
};

/**
 * The orders that hold an item. Anyone who may view the item sees its orders within the same
 * scope as the order list: staff their own store's, a SuperAdmin all.
 */
export class RelatedOrdersService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  /** The condition for the item's orders the caller may see; 404 for an unknown item. */
  private async visibleOrdersOf(equipmentId: string): Promise<SQL> {
    const tenantId = this.request.tenantId;
    const [item] = await this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, equipmentId)));
    if (!item) {
      throw notFound(ErrorCode.EquipmentNotFound, message(this.request, 'EquipmentNotFound'));
    }
    const user = this.request.user!;
    const storeScope = user.roles.includes(RoleName.SuperAdmin)
      ? undefined
      : user.primaryStoreId
        ? eq(orders.storeId, user.primaryStoreId)
        : sql`false`;
    const holdsItem = exists(
      this.db
        .select({ one: sql`1` })
        .from(orderItems)
        .where(
          and(
            eq(orderItems.orderId, orders.id),
            // The line it went out for, or a line booked by kind that holds it until one is bound.
            or(
              eq(orderItems.equipmentId, equipmentId),
              and(isNull(orderItems.equipmentId), eq(orderItems.heldEquipmentId, equipmentId)),
            ),
          ),
        ),
    );
    return and(eq(orders.tenantId, tenantId), holdsItem, storeScope)!;
  }

  async count(equipmentId: string): Promise<EquipmentOrdersCount> {
    const rows = await this.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(await this.visibleOrdersOf(equipmentId))
      .groupBy(orders.status);
    const total = (group: RelatedOrderGroup) =>
      rows
        .filter((r) => (RELATED_ORDER_GROUPS[group] as readonly number[]).includes(r.status))
        .reduce((n, r) => n + r.n, 0);
    const inUse = total('inUse');
    const reserved = total('reserved');
    const unpaid = total('unpaid');
    const completed = total('completed');
    return {
      totalCount: inUse + reserved + unpaid + completed,
      inUseCount: inUse,
      reservedCount: reserved,
      unpaidCount: unpaid,
      completedCount: completed,
      inUse,
      reserved,
      unpaid,
      completed,
    };
  }

  /** One tab's orders, newest rental first. */
  async list(
    group: RelatedOrderGroup,
    query: EquipmentOrdersQuery,
  ): Promise<PagedResult<EquipmentOrder>> {
    const where = and(
      await this.visibleOrdersOf(query.equipmentId),
      inArray(orders.status, [...RELATED_ORDER_GROUPS[group]]),
    );
    const page = pageOf(query);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.rentalStartAt), desc(orders.orderNumber))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        orderId: r.id,
        id: r.id,
        orderNumber: r.orderNumber,
        status: r.status,
        statusDescription: capitalized(orderStatusName(r.status, isEnglish(this.request))),
        customerName: r.customerName,
        rentalStartTime: r.rentalStartAt.toISOString(),
        rentalEndTime: r.rentalEndAt.toISOString(),
        totalAmount: toYuan(r.totalFen),
      })),
      totalCount: total?.n ?? 0,
    };
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The related-orders calls of spec §7, open to whoever may view the item (`access`). */
export async function relatedOrderRoutes(app: FastifyInstance, access: RouteAccess) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new RelatedOrdersService(app.db, request);
  const tags = ['equipment'];

  r.get(
    '/api/app/equipment/orders-count',
    {
      config: { access },
      schema: {
        tags,
        summary: "How many of the item's orders each related-orders tab holds",
        querystring: z.object({ equipmentId: z.uuid() }),
        response: { 200: EquipmentOrdersCountSchema },
      },
    },
    async (request) => service(request).count(request.query.equipmentId),
  );

  for (const group of Object.keys(LIST_PATHS) as RelatedOrderGroup[]) {
    r.get(
      LIST_PATHS[group],
      {
        config: { access },
        schema: {
          tags,
          summary: `Orders holding the item with status ${RELATED_ORDER_GROUPS[group].join(', ')}, newest rental first`,
          querystring: EquipmentOrdersQuerySchema,
          response: { 200: pagedResultSchema(EquipmentOrderSchema) },
        },
      },
      async (request) => service(request).list(group, request.query),
    );
  }
}
