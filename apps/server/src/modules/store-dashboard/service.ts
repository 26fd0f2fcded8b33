import type { FastifyRequest } from 'fastify';
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import {
  EquipmentListQuerySchema,
  EquipmentStatus,
  ErrorCode,
  OrderListQuerySchema,
  OrderStatus,
  Permissions,
  RoleName,
  STORE_ORDER_FIGURES,
  storeFigureList,
  storeFigureQuery,
  type StoreDashboard,
  type StoreOrderFigure,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { orders, smallEquipmentStock } from '@/db/schema.js';
import { AppError, notFound } from '@/lib/errors.js';
import { localMinute, zonedMidnight } from '@/lib/local-time.js';
import { isEnglish, message } from '@/lib/messages.js';
import { findStore } from '@/lib/stores.js';
import { EquipmentService } from '@/modules/equipment/service.js';
import { FinanceService } from '@/modules/finance/service.js';
import { OrdersService } from '@/modules/orders/service.js';
import { smallEquipmentWhere } from '@/modules/small-equipment/filters.js';

const DAY_MS = 86_400_000;
/** Orders that never became a rental, or not yet. */
const NOT_RENTED = [OrderStatus.Pending, OrderStatus.Unpaid, OrderStatus.Cancelled];

/**
 * Today at one store: each figure counted with the very query of the list it opens (orders,
 * stock, small equipment, finance), and the last seven days' rentals and takings.
 */
export class StoreDashboardService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get user() {
    return this.request.user!;
  }

  /** Staff see their own store; a super admin the one asked for, else their own. */
  private async store(requested: string | undefined) {
    const seesAll = this.user.roles.includes(RoleName.SuperAdmin);
    const own = this.user.primaryStoreId;
    if (!seesAll && requested && requested !== own) {
      throw new AppError(403, ErrorCode.Forbidden, message(this.request, 'DashboardOtherStore'));
    }
    const storeId = seesAll ? (requested ?? own) : own;
    if (!storeId) {
      throw new AppError(400, ErrorCode.Validation, message(this.request, 'DashboardNoStore'));
    }
    const store = await findStore(this.db, this.request.tenantId, storeId, isEnglish(this.request));
    if (!store) throw notFound(ErrorCode.StoreNotFound, message(this.request, 'StoreNotFound'));
    return store;
  }

  async get(query: { storeId?: string | undefined }, now = new Date()): Promise<StoreDashboard> {
    const store = await this.store(query.storeId);
    const today = localMinute(now, this.timeZone).slice(0, 10);
    const tomorrow = localMinute(
      new Date(zonedMidnight(today, this.timeZone, 1)),
      this.timeZone,
    ).slice(0, 10);
    const weekFrom = localMinute(
      new Date(zonedMidnight(today, this.timeZone, -6)),
      this.timeZone,
    ).slice(0, 10);
    const seesFinance =
      this.user.roles.includes(RoleName.SuperAdmin) ||
      this.user.permissions.includes(Permissions.StoreManagement.Finance);
    const orderService = new OrdersService(this.db, this.request, this.timeZone);
    const countOf = async (figure: StoreOrderFigure) => {
      const list = OrderListQuerySchema.parse({
        ...storeFigureQuery(storeFigureList(figure, today, tomorrow)),
        storeId: store.id,
      });
      return [figure, await orderService.count(list)] as const;
    };
    const finance = new FinanceService(this.db, this.request, this.timeZone);
    const [figures, gearInUse, lowStock, rentals, takingsToday, takingsWeek] = await Promise.all([
      Promise.all(STORE_ORDER_FIGURES.map(countOf)),
      new EquipmentService(this.db, this.request, this.timeZone).count(
        EquipmentListQuerySchema.parse({ storeId: store.id, status: EquipmentStatus.InUse }),
      ),
      this.lowStock(store.id),
      this.rentalsByDay(store.id, weekFrom, today),
      seesFinance ? finance.summary({ from: today, to: today, storeId: store.id }) : null,
      seesFinance ? finance.summary({ from: weekFrom, to: today, storeId: store.id }) : null,
    ]);
    const netByDay = new Map(takingsWeek?.daily.map((d) => [d.date, d.net]));
    return {
      storeId: store.id,
      storeName: store.name,
      today,
      tomorrow,
      orders: Object.fromEntries(figures) as Record<StoreOrderFigure, number>,
      gearInUse,
      lowStock,
      takings: takingsToday
        ? {
            byMethod: takingsToday.byMethod.map((m) => ({
              method: m.method,
              payments: m.payments,
              refunds: m.refunds,
              net: m.net,
            })),
            net: takingsToday.totals.net,
          }
        : null,
      week: daysFrom(weekFrom, 7).map((day) => ({
        day,
        rentals: rentals.get(day) ?? 0,
        takings: seesFinance ? (netByDay.get(day) ?? 0) : null,
      })),
    };
  }

  private async lowStock(storeId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(smallEquipmentStock)
      .where(smallEquipmentWhere(this.request.tenantId, { storeId, low: true }));
    return row?.n ?? 0;
  }

  /** Rentals that started on each business day of the range (booked and paid, or out). */
  private async rentalsByDay(storeId: string, from: string, to: string) {
    const day = sql<string>`to_char(${orders.rentalStartAt} at time zone ${this.timeZone}, 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, this.request.tenantId),
          eq(orders.storeId, storeId),
          gte(orders.rentalStartAt, zonedMidnight(from, this.timeZone)),
          lt(orders.rentalStartAt, zonedMidnight(to, this.timeZone, 1)),
          notInArray(orders.status, NOT_RENTED),
        ),
      )
      // By position: the time zone is a bound parameter, so the expressions would not match.
      .groupBy(sql`1`);
    return new Map(rows.map((r) => [r.day, r.n]));
  }
}

/** `count` business days from `first`, as YYYY-MM-DD. */
function daysFrom(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
}
