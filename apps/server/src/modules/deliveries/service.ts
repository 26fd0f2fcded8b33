import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  DeliveryMethod,
  ErrorCode,
  OrderStatus,
  Permissions,
  ReturnMethod,
  RoleName,
  type DeliveryAssignment,
  type DeliveryDay,
  type DeliveryTask,
  type DeliveryTaskKind,
  type DeliveryTaskQuerySchema,
  type Driver,
  type Order,
  type PagedResult,
} from '@snowgear/contracts';
import type { z } from 'zod';
import {
  bills,
  equipment,
  equipmentCategories,
  orderItems,
  orders,
  stores,
  userRoles,
  users,
} from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { AppError, conflictError } from '@/lib/errors.js';
import { localMinute } from '@/lib/local-time.js';
import { pageOf } from '@/lib/paging.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { OrdersService } from '@/modules/orders/service.js';
import { deliveryWindowEnd } from '@/modules/orders/delivery-window.js';
import { driverAssignedKind, say, staffName, textIn } from '@/modules/orders/timeline.js';

type TaskQuery = z.output<typeof DeliveryTaskQuerySchema>;
type OrderRow = typeof orders.$inferSelect;

/** Where each run stands: to do while the gear has not reached the door (or left it). */
const DELIVERY_TODO = [OrderStatus.PendingDelivery, OrderStatus.Delivering];
const PICKUP_TODO = [OrderStatus.Delivered, OrderStatus.InUse, OrderStatus.PendingReturn];

/** The columns of each kind of run. */
const RUN = {
  delivery: {
    driver: orders.deliveryDriverId,
    done: orders.deliveredAt,
    due: orders.rentalStartAt,
    address: orders.deliveryAddress,
    ofKind: eq(orders.deliveryMethod, DeliveryMethod.Delivery),
    todo: inArray(orders.status, DELIVERY_TODO),
  },
  pickup: {
    driver: orders.pickupDriverId,
    done: orders.pickedUpAt,
    due: orders.rentalEndAt,
    address: orders.returnAddress,
    ofKind: eq(orders.returnMethod, ReturnMethod.Pickup),
    todo: and(inArray(orders.status, PICKUP_TODO), isNull(orders.pickedUpAt)),
  },
} as const;

/**
 * The drivers' runs (docs/deliveries.md): every order delivered to the customer has a delivery
 * run, every order picked up from them a pickup run. Store staff give runs to the store's
 * drivers; a driver sees their own and the store's open pool, and may take one from the pool.
 */
export class DeliveriesService extends OrdersService {
  /** Drivers work their runs; order handlers see and give out every run of their store. */
  private get driverOnly() {
    return (
      !this.seesAllStores &&
      ![
        Permissions.BusinessOperations.OrderProcess,
        Permissions.BusinessOperations.OrderUpdate,
        Permissions.StoreManagement.Orders,
      ].some((p) => this.user.permissions.includes(p))
    );
  }

  private storeScope(storeId: string | undefined): SQL | undefined {
    if (this.seesAllStores) return storeId ? eq(orders.storeId, storeId) : undefined;
    return eq(orders.storeId, this.user.primaryStoreId ?? '00000000-0000-0000-0000-000000000000');
  }

  private today() {
    const day = localMinute(new Date(), this.timeZone).slice(0, 10);
    return { start: this.dayStart(day), end: this.dayStart(day, 1) };
  }

  private where(
    kind: DeliveryTaskKind,
    state: 'todo' | 'done',
    options: { assigned?: 'mine' | 'pool' | 'all'; storeId?: string; today?: boolean },
  ): SQL {
    const run = RUN[kind];
    const parts: (SQL | undefined)[] = [
      eq(orders.tenantId, this.tenantId),
      this.storeScope(options.storeId),
      run.ofKind,
      state === 'todo' ? run.todo : isNotNull(run.done),
    ];
    const assigned = options.assigned ?? 'all';
    if (assigned === 'mine') parts.push(eq(run.driver, this.user.id));
    else if (assigned === 'pool') parts.push(isNull(run.driver));
    else if (this.driverOnly) parts.push(or(eq(run.driver, this.user.id), isNull(run.driver)));
    if (options.today) {
      const { start, end } = this.today();
      parts.push(state === 'todo' ? lt(run.due, end) : gte(run.done, start));
    }
    return and(...parts)!;
  }

  async tasks(query: TaskQuery): Promise<PagedResult<DeliveryTask>> {
    const run = RUN[query.kind];
    const where = this.where(query.kind, query.state, query);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ order: orders, storeName: columnInLanguage(this.en, stores.name, stores.nameEn) })
        .from(orders)
        .innerJoin(stores, eq(stores.id, orders.storeId))
        .where(where)
        .orderBy(query.state === 'todo' ? asc(run.due) : desc(run.done), asc(orders.orderNumber))
        .limit(pageOf(query).limit)
        .offset(pageOf(query).offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return { items: await this.toTasks(query.kind, rows), totalCount: total?.n ?? 0 };
  }

  /** Today at a glance: runs due by tonight still to do, runs done today, and the next one. */
  async day(): Promise<DeliveryDay> {
    const counted = async (kind: DeliveryTaskKind, state: 'todo' | 'done') => {
      const [row] = await this.db
        .select({ n: count() })
        .from(orders)
        .where(this.where(kind, state, { today: true }));
      return row?.n ?? 0;
    };
    const [dTodo, dDone, pTodo, pDone, nextDelivery, nextPickup] = await Promise.all([
      counted('delivery', 'todo'),
      counted('delivery', 'done'),
      counted('pickup', 'todo'),
      counted('pickup', 'done'),
      this.tasks({
        kind: 'delivery',
        state: 'todo',
        assigned: 'all',
        skipCount: 0,
        maxResultCount: 1,
      }),
      this.tasks({
        kind: 'pickup',
        state: 'todo',
        assigned: 'all',
        skipCount: 0,
        maxResultCount: 1,
      }),
    ]);
    const next = [...nextDelivery.items, ...nextPickup.items].sort((a, b) =>
      a.dueAt.localeCompare(b.dueAt),
    )[0];
    return {
      deliveries: { todo: dTodo, done: dDone },
      pickups: { todo: pTodo, done: pDone },
      next: next ?? null,
    };
  }

  private async toTasks(
    kind: DeliveryTaskKind,
    rows: { order: OrderRow; storeName: string }[],
  ): Promise<DeliveryTask[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.order.id);
    const [lines, open] = await Promise.all([
      this.db
        .select({
          orderId: orderItems.orderId,
          name: columnInLanguage(this.en, equipment.name, equipment.nameEn),
          categoryName: columnInLanguage(
            this.en,
            equipmentCategories.name,
            equipmentCategories.nameEn,
          ),
          barcodeNumber: equipment.barcodeNumber,
        })
        .from(orderItems)
        .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
        .leftJoin(equipmentCategories, eq(equipmentCategories.id, orderItems.categoryId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.sortOrder)),
      this.db
        .select({ orderId: bills.orderId, fen: sql<number>`sum(${bills.amountFen})::int` })
        .from(bills)
        .where(
          and(
            inArray(bills.orderId, ids),
            eq(bills.status, BillStatus.Pending),
            inArray(bills.kind, [BillKind.Payment, BillKind.Supplement]),
          ),
        )
        .groupBy(bills.orderId),
    ]);
    const driverIds = rows.map(({ order }) =>
      kind === 'delivery' ? order.deliveryDriverId : order.pickupDriverId,
    );
    const names = await this.namesOf(driverIds);
    return rows.map(({ order, storeName }, index) => {
      const driverId = driverIds[index] ?? null;
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        kind,
        status: order.status,
        storeId: order.storeId,
        storeName,
        customerName: order.customerName,
        customerPhone: order.customerPhone,
        address: kind === 'delivery' ? order.deliveryAddress : order.returnAddress,
        dueAt: (kind === 'delivery' ? order.rentalStartAt : order.rentalEndAt).toISOString(),
        windowEnd: kind === 'delivery' ? (deliveryWindowEnd(order)?.toISOString() ?? null) : null,
        doneAt: (kind === 'delivery' ? order.deliveredAt : order.pickedUpAt)?.toISOString() ?? null,
        driverId,
        driverName: driverId ? (names.get(driverId) ?? null) : null,
        items: lines
          .filter((l) => l.orderId === order.id)
          .map((l) => ({ name: l.name ?? l.categoryName ?? '', barcodeNumber: l.barcodeNumber })),
        toCollect: toYuan(open.find((o) => o.orderId === order.id)?.fen ?? 0),
      };
    });
  }

  /** The active drivers of a store, for handing out runs. */
  async drivers(storeId: string | undefined): Promise<Driver[]> {
    const store = this.seesAllStores ? storeId : (this.user.primaryStoreId ?? undefined);
    if (!store) return [];
    const rows = await this.db
      .select({
        id: users.id,
        name: users.name,
        userName: users.userName,
        phone: users.phoneNumber,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          eq(users.tenantId, this.tenantId),
          eq(users.primaryStoreId, store),
          eq(users.isActive, true),
          eq(userRoles.roleName, RoleName.Driver),
        ),
      )
      .orderBy(asc(users.name));
    return rows.map((u) => ({
      id: u.id,
      name: staffName(u),
      phone: u.phone ?? '',
    }));
  }

  private kindName(kind: DeliveryTaskKind) {
    return (english: boolean) =>
      textIn(english, kind === 'delivery' ? 'DeliveryKindDelivery' : 'DeliveryKindPickup');
  }

  private assertHasRun(row: OrderRow, kind: DeliveryTaskKind) {
    const has =
      kind === 'delivery'
        ? row.deliveryMethod === DeliveryMethod.Delivery
        : row.returnMethod === ReturnMethod.Pickup;
    if (!has) {
      throw conflictError(
        ErrorCode.OrderIllegalTransition,
        this.msg('DeliveryTaskNotRun', {
          kind: this.msg(kind === 'delivery' ? 'DeliveryKindDelivery' : 'DeliveryKindPickup'),
        }),
      );
    }
  }

  /** Store staff give the run to a driver of the order's store, or back to the pool. */
  async assign(orderId: string, input: DeliveryAssignment): Promise<Order> {
    const row = await this.row(orderId);
    this.assertHasRun(row, input.kind);
    let name = '';
    if (input.driverId) {
      const driver = (await this.drivers(row.storeId)).find((d) => d.id === input.driverId);
      if (!driver) throw new AppError(400, ErrorCode.Validation, this.msg('DriverNotOfStore'));
      name = driver.name;
    }
    const column = input.kind === 'delivery' ? 'deliveryDriverId' : 'pickupDriverId';
    await this.orderTransaction(orderId, async (tx) => {
      await tx
        .update(orders)
        .set({ [column]: input.driverId })
        .where(eq(orders.id, orderId));
      await this.event(tx, orderId, {
        kind: input.driverId ? driverAssignedKind(input.kind) : 'driver',
        message: input.driverId
          ? say('OrderDriverAssigned', { kind: this.kindName(input.kind), name })
          : say('OrderDriverUnassigned', { kind: this.kindName(input.kind) }),
      });
    });
    return this.get(orderId);
  }

  /** A driver takes a run from the store's open pool: once, whoever asks first. */
  async take(orderId: string, kind: DeliveryTaskKind): Promise<Order> {
    const row = await this.row(orderId);
    this.assertHasRun(row, kind);
    const run = RUN[kind];
    const column = kind === 'delivery' ? 'deliveryDriverId' : 'pickupDriverId';
    const name = await this.operatorName();
    const taken = await this.orderTransaction(orderId, async (tx) => {
      const [won] = await tx
        .update(orders)
        .set({ [column]: this.user.id })
        .where(and(eq(orders.id, orderId), or(isNull(run.driver), eq(run.driver, this.user.id))))
        .returning({ id: orders.id });
      if (!won) return false;
      await this.event(tx, orderId, {
        kind: driverAssignedKind(kind),
        message: say('OrderDriverAssigned', { kind: this.kindName(kind), name }),
      });
      return true;
    });
    if (!taken) {
      const current = await this.row(orderId);
      const holder = kind === 'delivery' ? current.deliveryDriverId : current.pickupDriverId;
      const names = await this.namesOf([holder]);
      throw conflictError(
        ErrorCode.DeliveryTaskTaken,
        this.msg('DeliveryTaskTaken', { name: (holder && names.get(holder)) || '' }),
      );
    }
    return this.get(orderId);
  }
}
