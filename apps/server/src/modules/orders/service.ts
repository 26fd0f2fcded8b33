import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  BusinessParameterKey,
  DeliveryMethod,
  EquipmentStatus,
  ErrorCode,
  OrderStatus,
  OrderType,
  Permissions,
  ReturnMethod,
  RoleName,
  type Order,
  type OrderCreateSchema,
  type OrderListQuerySchema,
  type OrderSummary,
  type PagedResult,
  type PaymentStatus,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import {
  bills,
  equipment,
  equipmentCategories,
  equipmentUnavailableTimes,
  orderEvents,
  orderFeeItems,
  orderItems,
  orders,
  stores,
  users,
} from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { AppError, businessError, notFound } from '@/lib/errors.js';
import { isEnglish, message, type MessageKey } from '@/lib/messages.js';
import { likePattern, pageOf } from '@/lib/paging.js';
import { overlapping } from '@/modules/equipment/repository.js';
import { statusName } from '@/modules/equipment/status.js';
import { nextOrderNumber } from './numbering.js';
import {
  advanceAfterPayment,
  appendEvent,
  moveOrder,
  paidStatus,
  say,
  type Actor,
  type Text,
} from './timeline.js';
import { feeParameter, priceOrder, rentalDays, toFen, toYuan } from './pricing.js';
import {
  ORDER_ALLOWED_FROM,
  orderActionName,
  orderStatusName,
  OUT_WITH_CUSTOMER,
  type OrderAction,
} from './status.js';

type OrderCreateInput = z.output<typeof OrderCreateSchema>;
type OrderListInput = z.output<typeof OrderListQuerySchema>;
type OrderRow = typeof orders.$inferSelect;

/** Gear in these states cannot be booked at all (spec §4). */
const NOT_RENTABLE: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

/** Orders: creation with locks, reading, listing, cancellation and cash payment. */
export class OrdersService {
  constructor(
    protected readonly db: Database,
    protected readonly request: FastifyRequest,
    protected readonly timeZone: string,
  ) {}

  protected get tenantId() {
    return this.request.tenantId;
  }
  protected get user() {
    return this.request.user!;
  }
  protected get en() {
    return isEnglish(this.request);
  }
  protected msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  // ---- who sees what ---------------------------------------------------------------------------

  protected get seesAllStores() {
    return this.user.roles.includes(RoleName.SuperAdmin);
  }
  /** A customer without staff rights sees their own orders only. */
  private get customerOnly() {
    const staff = [
      Permissions.StoreManagement.Orders,
      Permissions.BusinessOperations.OrderCreate,
      Permissions.BusinessOperations.OrderUpdate,
      Permissions.BusinessOperations.OrderProcess,
      Permissions.DeliveryManagement.DeliveryOrders,
      Permissions.DeliveryManagement.PickupOrders,
    ] as string[];
    return !this.seesAllStores && !this.user.permissions.some((p) => staff.includes(p));
  }

  private scope(): SQL | undefined {
    if (this.seesAllStores) return undefined;
    if (this.customerOnly) return eq(orders.customerId, this.user.id);
    return eq(orders.storeId, this.user.primaryStoreId ?? '00000000-0000-0000-0000-000000000000');
  }

  protected async assertMayHandle(row: OrderRow) {
    if (this.seesAllStores) return;
    if (this.customerOnly) {
      if (row.customerId === this.user.id) return;
      throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    }
    if (row.storeId === this.user.primaryStoreId) return;
    const [store] = await this.db
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.id, row.storeId));
    throw businessError(
      ErrorCode.OrderOtherStore,
      this.msg('OrderOtherStore', { store: store?.name ?? '' }),
    );
  }

  protected illegal(row: { status: number }, action: OrderAction) {
    return businessError(
      ErrorCode.OrderIllegalTransition,
      this.msg('OrderIllegalTransition', {
        from: orderStatusName(row.status, this.en),
        action: orderActionName(action, this.en),
      }),
      { status: row.status, action },
    );
  }

  // ---- reading ---------------------------------------------------------------------------------

  protected async row(id: string): Promise<OrderRow> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.id, id)));
    if (!row) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    await this.assertMayHandle(row);
    return row;
  }

  async get(id: string): Promise<Order> {
    return this.toOrder(await this.row(id));
  }

  async byNumber(orderNumber: string): Promise<Order> {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.orderNumber, orderNumber)));
    if (!row) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    return this.get(row.id);
  }

  async list(query: OrderListInput): Promise<PagedResult<OrderSummary>> {
    const parts: (SQL | undefined)[] = [eq(orders.tenantId, this.tenantId), this.scope()];
    if (query.storeId) parts.push(eq(orders.storeId, query.storeId));
    if (query.status?.length) parts.push(inArray(orders.status, query.status));
    if (query.keyword) {
      const like = likePattern(query.keyword);
      parts.push(
        or(
          ilike(orders.orderNumber, like),
          ilike(orders.customerName, like),
          ilike(orders.customerPhone, like),
        ),
      );
    }
    if (query.startFrom) parts.push(gte(orders.rentalStartAt, this.dayStart(query.startFrom)));
    if (query.startTo) parts.push(lt(orders.rentalStartAt, this.dayStart(query.startTo, 1)));
    if (query.overdue !== undefined) {
      const overdue = and(
        inArray(orders.status, [...OUT_WITH_CUSTOMER]),
        lt(orders.rentalEndAt, sql`now()`),
      );
      parts.push(query.overdue ? overdue : sql`not (${overdue})`);
    }
    if (query.unbound !== undefined) {
      const unbound = exists(
        this.db
          .select({ one: sql`1` })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, orders.id), isNull(orderItems.equipmentId))),
      );
      parts.push(query.unbound ? unbound : not(unbound));
    }
    const where = and(...parts);
    const page = pageOf(query);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return { items: await this.toSummaries(rows), totalCount: total?.n ?? 0 };
  }

  /** Midnight of a YYYY-MM-DD day in the business time zone (+ `plusDays`). */
  private dayStart(day: string, plusDays = 0): Date {
    const noonUtc = new Date(`${day}T12:00:00Z`);
    const local = new Date(noonUtc.toLocaleString('en-US', { timeZone: this.timeZone }));
    const offsetMs = local.getTime() - noonUtc.getTime();
    return new Date(new Date(`${day}T00:00:00Z`).getTime() - offsetMs + plusDays * 86_400_000);
  }

  private async toSummaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [storeRows, billRows, itemCounts] = await Promise.all([
      this.db.select({ id: stores.id, name: stores.name }).from(stores),
      this.db.select().from(bills).where(inArray(bills.orderId, ids)),
      this.db
        .select({ orderId: orderItems.orderId, n: count() })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .groupBy(orderItems.orderId),
    ]);
    const storeName = new Map(storeRows.map((s) => [s.id, s.name]));
    const counts = new Map(itemCounts.map((c) => [c.orderId, c.n]));
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      storeId: r.storeId,
      storeName: storeName.get(r.storeId) ?? '',
      orderType: r.orderType as OrderSummary['orderType'],
      status: r.status,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      rentalStartTime: r.rentalStartAt.toISOString(),
      rentalEndTime: r.rentalEndAt.toISOString(),
      deliveryMethod: r.deliveryMethod as OrderSummary['deliveryMethod'],
      returnMethod: r.returnMethod as OrderSummary['returnMethod'],
      totalAmount: toYuan(r.totalFen),
      paidAmount: toYuan(paidFen(billRows.filter((b) => b.orderId === r.id))),
      itemCount: counts.get(r.id) ?? 0,
      isOverdue:
        (OUT_WITH_CUSTOMER as readonly number[]).includes(r.status) &&
        r.rentalEndAt.getTime() < now,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private async toOrder(row: OrderRow): Promise<Order> {
    const [summary] = await this.toSummaries([row]);
    const [items, fees, billRows, events] = await Promise.all([
      this.db
        .select({
          item: orderItems,
          equipmentName: equipment.name,
          barcodeNumber: equipment.barcodeNumber,
          categoryName: equipmentCategories.name,
        })
        .from(orderItems)
        .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
        .leftJoin(equipmentCategories, eq(equipmentCategories.id, orderItems.categoryId))
        .where(eq(orderItems.orderId, row.id))
        .orderBy(asc(orderItems.sortOrder)),
      this.db
        .select()
        .from(orderFeeItems)
        .where(eq(orderFeeItems.orderId, row.id))
        .orderBy(asc(orderFeeItems.sortOrder), asc(orderFeeItems.createdAt)),
      this.db.select().from(bills).where(eq(bills.orderId, row.id)).orderBy(asc(bills.createdAt)),
      this.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row.id))
        .orderBy(asc(orderEvents.seq)),
    ]);
    return {
      ...summary!,
      customerId: row.customerId,
      deliveryAddress: row.deliveryAddress,
      returnAddress: row.returnAddress,
      agentId: row.agentId,
      remarks: row.remarks,
      days: row.days,
      items: items.map(({ item, equipmentName, barcodeNumber, categoryName }) => ({
        id: item.id,
        categoryId: item.categoryId,
        categoryName: categoryName ?? '',
        equipmentId: item.equipmentId,
        equipmentName: equipmentName ?? categoryName ?? '',
        barcodeNumber: barcodeNumber ?? null,
        dailyPrice: toYuan(item.dailyPriceFen),
        deposit: toYuan(item.depositFen),
        days: item.days,
        rent: toYuan(item.dailyPriceFen * item.days),
        returnState: item.returnState,
      })),
      feeItems: fees.map((f) => ({
        id: f.id,
        kind: f.kind as Order['feeItems'][number]['kind'],
        amount: toYuan(f.amountFen),
        description: f.description,
      })),
      bills: billRows.map(toBillDto),
      timeline: events.map((e) => ({
        id: e.id,
        kind: e.kind,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        message: (this.en ? e.messageEn : null) ?? e.message,
        operatorName: (this.en ? e.operatorNameEn : null) ?? e.operatorName,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  }

  /** This tenant's items with these barcodes (scans: any letter case). */
  protected async equipmentByBarcodes(barcodes: string[]) {
    return this.db
      .select()
      .from(equipment)
      .where(
        and(
          eq(equipment.tenantId, this.tenantId),
          inArray(
            sql`lower(${equipment.barcodeNumber})`,
            barcodes.map((b) => b.toLowerCase()),
          ),
        ),
      );
  }

  // ---- creating --------------------------------------------------------------------------------

  /**
   * A new order: prices from the items (or the caller's overrides), fees from the store's business
   * parameters, and every specific item locked for the rental window in the same transaction
   * (the exclusion constraint refuses an overlap: 409 with the conflicting window).
   */
  async create(input: OrderCreateInput): Promise<Order> {
    if (!this.seesAllStores && input.storeId !== this.user.primaryStoreId) {
      throw businessError(ErrorCode.OrderOtherStore, this.msg('OrderStoreNotYours'));
    }
    const [store] = await this.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.tenantId, this.tenantId), eq(stores.id, input.storeId)));
    if (!store) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));

    const start = new Date(input.rentalStartTime);
    const end = new Date(input.rentalEndTime);
    const days = rentalDays(start, end);
    const lines = await this.resolveLines(input);
    const [deliveryFee, pickupFee] = await Promise.all([
      input.deliveryMethod === DeliveryMethod.Delivery
        ? businessParameter(this.db, this.tenantId, input.storeId, BusinessParameterKey.DeliveryFee)
        : null,
      input.returnMethod === ReturnMethod.Pickup
        ? businessParameter(this.db, this.tenantId, input.storeId, BusinessParameterKey.PickupFee)
        : null,
    ]);
    // Hospitality and loans are free: their rent shows, fully discounted, and no deposit is held.
    const free = isFreeOrderType(input.orderType);
    const { feeItems, totalFen } = priceOrder({
      lines: free ? lines.map((l) => ({ ...l, depositFen: 0 })) : lines,
      days,
      deliveryFeeFen: feeParameter(deliveryFee),
      pickupFeeFen: feeParameter(pickupFee),
      discountFen: free ? Number.MAX_SAFE_INTEGER : toFen(input.discount),
      labels: this.en
        ? { delivery: 'Delivery', pickup: 'Pickup', discount: 'Discount' }
        : { delivery: '送货上门', pickup: '上门取件', discount: '优惠' },
    });
    const noPaymentNeeded = totalFen === 0;
    const status = noPaymentNeeded ? this.paidStatus(input.deliveryMethod) : OrderStatus.Unpaid;

    const orderId = randomUUID();
    const now = new Date();
    try {
      await this.db.transaction(async (tx) => {
        // Locks first: a conflict fails before the day's number counter is touched.
        const held = lines.filter((l) => l.equipmentId);
        if (held.length > 0) {
          await tx.insert(equipmentUnavailableTimes).values(
            held.map((l) => ({
              tenantId: this.tenantId,
              equipmentId: l.equipmentId!,
              startAt: start,
              endAt: end,
              source: 'order' as const,
              orderId,
              reason: '',
              createdBy: this.user.id,
            })),
          );
        }
        const orderNumber = await nextOrderNumber(tx, this.tenantId, now, this.timeZone);
        if (!orderNumber) {
          throw businessError(ErrorCode.OrderNumbersExhausted, this.msg('OrderNumbersExhausted'));
        }
        await tx.insert(orders).values({
          id: orderId,
          tenantId: this.tenantId,
          orderNumber,
          storeId: input.storeId,
          orderType: input.orderType,
          status,
          customerId: input.customerId ?? null,
          customerName: input.customerName,
          customerPhone: input.customerPhone,
          rentalStartAt: start,
          rentalEndAt: end,
          days,
          deliveryMethod: input.deliveryMethod,
          deliveryAddress: input.deliveryAddress,
          returnMethod: input.returnMethod,
          returnAddress: input.returnAddress,
          agentId: input.agentId ?? null,
          remarks: input.remarks,
          totalFen,
          createdBy: this.user.id,
        });
        await tx.insert(orderItems).values(
          lines.map((l, i) => ({
            orderId,
            categoryId: l.categoryId,
            equipmentId: l.equipmentId,
            dailyPriceFen: l.dailyPriceFen,
            depositFen: l.depositFen,
            days,
            sortOrder: i,
          })),
        );
        await tx
          .insert(orderFeeItems)
          .values(feeItems.map((f, i) => ({ orderId, ...f, sortOrder: i })));
        if (!noPaymentNeeded) {
          await tx.insert(bills).values({
            tenantId: this.tenantId,
            orderId,
            kind: BillKind.Payment,
            amountFen: totalFen,
            status: BillStatus.Pending,
          });
        }
        await this.event(tx, orderId, {
          kind: 'created',
          to: status,
          message: say('OrderCreated'),
        });
      });
    } catch (err) {
      if (pgCode(err) === EXCLUSION_VIOLATION) throw await this.conflict(lines, start, end);
      throw err;
    }
    return this.get(orderId);
  }

  /** Reserved, or waiting for delivery when the gear is delivered. */
  protected paidStatus(deliveryMethod: string): OrderStatus {
    return paidStatus(deliveryMethod);
  }

  private async resolveLines(input: OrderCreateInput) {
    const equipmentIds = input.items.flatMap((i) => (i.equipmentId ? [i.equipmentId] : []));
    const categoryIds = input.items.flatMap((i) =>
      !i.equipmentId && i.categoryId ? [i.categoryId] : [],
    );
    const [gear, categories, cheapest] = await Promise.all([
      equipmentIds.length
        ? this.db
            .select({ e: equipment, categoryName: equipmentCategories.name })
            .from(equipment)
            .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
            .where(and(eq(equipment.tenantId, this.tenantId), inArray(equipment.id, equipmentIds)))
        : [],
      categoryIds.length
        ? this.db
            .select()
            .from(equipmentCategories)
            .where(
              and(
                eq(equipmentCategories.tenantId, this.tenantId),
                inArray(equipmentCategories.id, categoryIds),
              ),
            )
        : [],
      // A category line without prices takes the store's cheapest item of that category.
      categoryIds.length
        ? this.db
            .select({
              categoryId: equipment.categoryId,
              dailyFen: sql<number>`min(${equipment.dailyRentPriceFen})`.mapWith(Number),
              depositFen: sql<number>`min(${equipment.depositFen})`.mapWith(Number),
            })
            .from(equipment)
            .where(
              and(
                eq(equipment.tenantId, this.tenantId),
                eq(equipment.storeId, input.storeId),
                inArray(equipment.categoryId, categoryIds),
              ),
            )
            .groupBy(equipment.categoryId)
        : [],
    ]);
    const seen = new Set<string>();
    return input.items.map((item) => {
      if (item.equipmentId) {
        const found = gear.find((g) => g.e.id === item.equipmentId);
        if (!found) throw notFound(ErrorCode.EquipmentNotFound, this.msg('EquipmentNotFound'));
        const { e } = found;
        if (seen.has(e.id)) {
          throw new AppError(
            400,
            ErrorCode.Validation,
            this.msg('OrderEquipmentTwice', { barcode: e.barcodeNumber }),
          );
        }
        seen.add(e.id);
        if (e.storeId !== input.storeId) {
          throw businessError(
            ErrorCode.EquipmentOtherStore,
            this.msg('OrderEquipmentOtherStore', { barcode: e.barcodeNumber }),
          );
        }
        if (NOT_RENTABLE.includes(e.status)) {
          throw new AppError(
            409,
            ErrorCode.EquipmentUnavailable,
            this.msg('OrderEquipmentNotRentable', {
              barcode: e.barcodeNumber,
              status: statusName(e.status, this.en),
            }),
          );
        }
        return {
          equipmentId: e.id,
          categoryId: e.categoryId,
          barcodeNumber: e.barcodeNumber,
          label: `${e.name} ${e.barcodeNumber}`,
          dailyPriceFen:
            item.dailyPrice !== undefined ? toFen(item.dailyPrice) : e.dailyRentPriceFen,
          depositFen: item.deposit !== undefined ? toFen(item.deposit) : e.depositFen,
        };
      }
      const category = categories.find((c) => c.id === item.categoryId);
      if (!category) throw notFound(ErrorCode.CategoryNotFound, this.msg('CategoryNotFound'));
      const prices = cheapest.find((c) => c.categoryId === category.id);
      return {
        equipmentId: null,
        categoryId: category.id,
        barcodeNumber: null,
        label: category.name,
        dailyPriceFen:
          item.dailyPrice !== undefined ? toFen(item.dailyPrice) : (prices?.dailyFen ?? 0),
        depositFen: item.deposit !== undefined ? toFen(item.deposit) : (prices?.depositFen ?? 0),
      };
    });
  }

  /** 409 naming the item and the window that is already taken. */
  protected async conflict(
    lines: { equipmentId: string | null; barcodeNumber: string | null }[],
    start: Date,
    end: Date,
  ): Promise<AppError> {
    for (const line of lines) {
      if (!line.equipmentId) continue;
      const [hit] = await overlapping(this.db, line.equipmentId, start, end);
      if (!hit) continue;
      const fmt = (d: Date) => d.toLocaleString('sv-SE', { timeZone: this.timeZone }).slice(0, 16);
      return new AppError(
        409,
        ErrorCode.EquipmentUnavailable,
        `${line.barcodeNumber}: ${this.msg('EquipmentUnavailable', {
          start: fmt(hit.startAt),
          end: fmt(hit.endAt),
        })}`,
        undefined,
        {
          equipmentId: line.equipmentId,
          barcodeNumber: line.barcodeNumber,
          conflictStartTime: hit.startAt.toISOString(),
          conflictEndTime: hit.endAt.toISOString(),
          orderId: hit.orderId,
        },
      );
    }
    // The other booking was undone meanwhile: the caller may simply try again.
    return new AppError(
      409,
      ErrorCode.EquipmentUnavailable,
      this.msg('EquipmentUnavailable', { start: start.toISOString(), end: end.toISOString() }),
    );
  }

  // ---- status changes --------------------------------------------------------------------------

  /** Cancels an order that has not started: releases its locks, cancels unpaid bills, and owes back what was paid. */
  async cancel(id: string, reason: string): Promise<Order> {
    const row = await this.row(id);
    await this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: new Date() })
        .where(and(eq(orders.id, id), inArray(orders.status, [...ORDER_ALLOWED_FROM.cancel])))
        .returning({ id: orders.id });
      if (!changed) throw this.illegal(await this.currentStatus(tx, id), 'cancel');
      await tx.delete(equipmentUnavailableTimes).where(eq(equipmentUnavailableTimes.orderId, id));
      await tx
        .update(bills)
        .set({ status: BillStatus.Cancelled })
        .where(and(eq(bills.orderId, id), eq(bills.status, BillStatus.Pending)));
      const paid = paidFen(await tx.select().from(bills).where(eq(bills.orderId, id)));
      if (paid > 0) {
        await tx.insert(bills).values({
          tenantId: this.tenantId,
          orderId: id,
          kind: BillKind.Refund,
          amountFen: paid,
          status: BillStatus.Pending,
        });
      }
      await this.event(tx, id, {
        kind: 'status',
        from: row.status,
        to: OrderStatus.Cancelled,
        message: say('OrderCancelled', { reason }),
      });
    });
    return this.get(id);
  }

  /**
   * A category line takes a specific item: bound to the line and locked for the rental window
   * (the exclusion constraint refuses a taken window). False when the line was bound meanwhile.
   */
  protected async bindLine(
    tx: Transaction,
    order: { id: string; rentalStartAt: Date; rentalEndAt: Date },
    lineId: string,
    equipmentId: string,
  ): Promise<boolean> {
    const [bound] = await tx
      .update(orderItems)
      .set({ equipmentId })
      .where(and(eq(orderItems.id, lineId), isNull(orderItems.equipmentId)))
      .returning({ id: orderItems.id });
    if (!bound) return false;
    await tx.insert(equipmentUnavailableTimes).values({
      tenantId: this.tenantId,
      equipmentId,
      startAt: order.rentalStartAt,
      endAt: order.rentalEndAt,
      source: 'order',
      orderId: order.id,
      createdBy: this.user.id,
    });
    return true;
  }

  protected async currentStatus(tx: Transaction, id: string) {
    const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return now ?? { status: -1 };
  }

  // ---- payments --------------------------------------------------------------------------------

  private async billWithOrder(billId: string) {
    const [found] = await this.db
      .select({ bill: bills, order: orders })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .where(and(eq(bills.tenantId, this.tenantId), eq(bills.id, billId)));
    if (!found) throw notFound(ErrorCode.BillNotFound, this.msg('BillNotFound'));
    await this.assertMayHandle(found.order);
    return found;
  }

  async paymentStatus(billId: string): Promise<PaymentStatus> {
    const { bill, order } = await this.billWithOrder(billId);
    return {
      billId: bill.id,
      orderId: order.id,
      status: bill.status,
      amount: toYuan(bill.amountFen),
      method: bill.method,
      paidAt: bill.paidAt?.toISOString() ?? null,
      orderStatus: order.status,
    };
  }

  /**
   * Staff confirm cash in hand. Idempotent: confirming a bill already paid in cash records
   * nothing more. When the order's payment is complete it moves on (Unpaid → Reserved or
   * waiting for delivery).
   */
  async confirmCash(billId: string): Promise<PaymentStatus> {
    return this.settleBill(billId, 'incoming');
  }

  /** Cash given back for a refund bill (idempotent, like cash received). */
  async confirmRefund(billId: string): Promise<PaymentStatus> {
    return this.settleBill(billId, 'outgoing');
  }

  private async settleBill(billId: string, direction: 'incoming' | 'outgoing') {
    const { order } = await this.billWithOrder(billId);
    const who = await this.operatorName();
    await this.db.transaction(async (tx) => {
      const [bill] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
      if (!bill) throw notFound(ErrorCode.BillNotFound, this.msg('BillNotFound'));
      const isRefund = bill.kind === BillKind.Refund;
      if (direction === 'incoming' && isRefund) {
        throw businessError(ErrorCode.OrderIllegalTransition, this.msg('BillIsRefund'));
      }
      if (direction === 'outgoing' && !isRefund) {
        throw businessError(ErrorCode.OrderIllegalTransition, this.msg('BillNotRefund'));
      }
      if (bill.status === BillStatus.Paid) {
        if (bill.method === 'cash') return;
        throw new AppError(
          409,
          ErrorCode.BillAlreadyPaid,
          this.msg('BillAlreadyPaid', { method: bill.method ?? '' }),
        );
      }
      if (bill.status === BillStatus.Cancelled) {
        throw new AppError(409, ErrorCode.BillCancelled, this.msg('BillCancelled'));
      }
      await tx
        .update(bills)
        .set({
          status: BillStatus.Paid,
          method: 'cash',
          confirmedBy: this.user.id,
          confirmedByName: who,
          paidAt: new Date(),
        })
        .where(eq(bills.id, billId));
      const amount = toYuan(bill.amountFen).toFixed(2);
      await this.event(tx, order.id, {
        kind: isRefund ? 'refund' : 'payment',
        message: say(isRefund ? 'RefundPaid' : 'CashReceived', { amount }),
      });
      await this.afterPayment(tx, order.id);
    });
    return this.paymentStatus(billId);
  }

  /** Moves an order on once its bills allow (see advanceAfterPayment). */
  protected async afterPayment(tx: Transaction, orderId: string) {
    await advanceAfterPayment(tx, orderId, await this.actor(tx));
  }

  /** A status change guarded by the status it was read in, with its timeline entry. */
  protected async moveTo(
    tx: Transaction,
    order: { id: string; status: number },
    next: OrderStatus,
    message?: Text,
  ) {
    return moveOrder(tx, order, next, await this.actor(tx), message);
  }

  // ---- timeline --------------------------------------------------------------------------------

  protected async operatorName(): Promise<string> {
    const [who] = await this.db
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, this.user.id));
    return who?.name || who?.userName || this.user.userName;
  }

  /** The signed-in user as the timeline names them. */
  protected async actor(tx: Transaction): Promise<Actor> {
    const [who] = await tx
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, this.user.id));
    return {
      userId: this.user.id,
      operatorName: who?.name || who?.userName || this.user.userName,
      english: this.en,
    };
  }

  protected async event(
    tx: Transaction,
    orderId: string,
    entry: { kind: string; from?: number; to?: number; message: Text },
  ) {
    await appendEvent(tx, orderId, entry, await this.actor(tx));
  }
}

/** Hospitality and loan orders charge nothing but damage. */
export function isFreeOrderType(orderType: string): boolean {
  return orderType === OrderType.Hospitality || orderType === OrderType.Loan;
}

/** What the customer has paid and not been refunded, in fen. */
export function paidFen(rows: (typeof bills.$inferSelect)[]): number {
  return rows
    .filter((b) => b.status === BillStatus.Paid)
    .reduce((sum, b) => sum + (b.kind === BillKind.Refund ? -b.amountFen : b.amountFen), 0);
}

function toBillDto(b: typeof bills.$inferSelect) {
  return {
    id: b.id,
    kind: b.kind,
    amount: toYuan(b.amountFen),
    status: b.status,
    method: b.method,
    confirmedByName: b.confirmedByName,
    paidAt: b.paidAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}
