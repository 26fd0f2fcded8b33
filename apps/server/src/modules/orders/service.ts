import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  BillKind,
  AGREEMENT_SIGNATURE,
  FEE_LINE_LABELS,
  BillStatus,
  BusinessParameterKey,
  childSized,
  DeliveryMethod,
  dinSuggestion,
  FeeItemKind,
  estimatedSoleLengthMm,
  HANDOVER_AT_CREATE_MINUTES,
  ORDER_START_GRACE_MINUTES,
  EquipmentStatus,
  ErrorCode,
  EXTENSION_DAYS_OFFERED,
  OrderStatus,
  OrderType,
  Permissions,
  ReturnMethod,
  RoleName,
  UNAVAILABLE_DAYS_MAX,
  type CounterRider,
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
  attributeDefinitions,
  bills,
  equipment,
  equipmentCategories,
  equipmentUnavailableTimes,
  files,
  orderFeeItems,
  orderItems,
  orders,
  payments,
  refunds,
  rentalPacks,
  stores,
  userRoles,
  users,
  type OrderRiderSnapshot,
} from '@/db/schema.js';
import { localMinute, zonedMidnight } from '@/lib/local-time.js';
import { businessParameter, chooseParameter } from '@/lib/business-parameters.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import {
  AppError,
  businessError,
  conflictError,
  fieldError,
  notFound,
  unprocessable,
} from '@/lib/errors.js';
import { findStore } from '@/lib/stores.js';
import { columnInLanguage } from '@/lib/english.js';
import { isEnglish, message, type MessageKey } from '@/lib/messages.js';
import { pageOf } from '@/lib/paging.js';
import { attributesOf, lockEquipment, overlappingAny } from '@/modules/equipment/repository.js';
import { rolesOfUsers } from '@/modules/identity/repository.js';
import { statusName } from '@/modules/equipment/status.js';
import { findUserById, findVerifiedCustomerByPhone } from '@/modules/identity/repository.js';
import {
  fitScans,
  holdKind,
  kindStock,
  releaseHolds,
  retryOnDeadlock,
  stockFor,
  wantedSize,
  type OpenLine,
} from './capacity.js';
import { sharedRead } from '@/lib/shared-read.js';
import {
  HANDOVER_ON_PAYMENT,
  handOverScanned,
  itemAnswers,
  itemsUnavailable,
  scanText,
} from './counter-scan.js';
import { bookInTurn } from './bookings-in-turn.js';
import { deliveryWindowEnd, deliveryWindowOf } from './delivery-window.js';
import { writeOrder } from './order-lock.js';
import { numberOrder } from './numbering.js';
import { giveReceiptNumber } from './receipt-numbers.js';
import { readListPage, type ListLimits } from './list-page.js';
import { keywordMatch, keywordParts } from './search.js';
import { findGear, findOrderDetail, sizeLabelIn, type OrderDetailRows } from './repository.js';
import { checkInTimes, lateFeeView } from './late-returns.js';
import { timeoutHoursOf, unpaidReleaseAt } from './sweep.js';
import { dueAtDoorFen, payAtDoorOffered } from './cash-on-delivery.js';
import {
  appendEvent,
  moveOrder,
  driverAssignedKind,
  say,
  staffName,
  methodText,
  textIn,
  type Actor,
  type Text,
} from './timeline.js';
import { advanceAfterPayment, paidStatus } from './after-payment.js';
import { feeParameter, MAX_ORDER_FEN, priceOrder, rentalDays, toFen, toYuan } from './pricing.js';
import { priceCounterRental, type CounterPricing } from '@/modules/pricing/counter-packs.js';
import { sharedStorePricing, type StorePricing } from '@/modules/pricing/store-pricing.js';
import { extensionFees } from '@/modules/pricing/more-days.js';
import { halfDayAt, type PricedRental } from '@/modules/pricing/rental.js';
import { allowDiscount, moneyLine } from './discounts.js';
import { moneyText } from './money-messages.js';
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
type BillRow = typeof bills.$inferSelect;

/**
 * What a booking adds to an order (modules/booking): the caller is the customer booking for
 * themselves (`customerBooking`) or an agent booking for a customer (`agentBooking`), either at
 * any store; each line's pack and rider (`lines` is parallel to the input's items), and the rental
 * agreement the customer accepted.
 */
export interface OrderCreateExtras {
  customerBooking?: boolean;
  /** An agent's order: theirs, Pending with no bill until the store confirms it. */
  agentBooking?: boolean;
  lines?: {
    packId?: string;
    packName?: string;
    packNameEn?: string;
    riderKey?: string;
    riderProfileId?: string;
    rider?: OrderRiderSnapshot;
  }[];
  agreement?: {
    version: string;
    acceptedAt: Date;
    acceptedFrom: string;
    /** A counter order: the customer's signature (an upload of the clerk's, kept with the order). */
    signatureId?: string;
  };
  /** A booking delivered to the door: how long after the start the gear may arrive. */
  deliveryWindowMinutes?: number | null;
  /**
   * The booking's rental as its quote priced it (packs shared over their parts, junior riders,
   * early booking): `lines` parallel to the input's items. Absent, the order prices its own lines.
   */
  priced?: PricedRental;
}

/** A kind line found nothing free for its window (rolls the order's transaction back). */
export class KindNotFree extends Error {
  constructor(readonly index: number) {
    super('kind not free');
  }
}

/**
 * A counter order whose every line is an item scanned at the counter, picked up there, for a
 * rental that starts now (within HANDOVER_AT_CREATE_MINUTES): its gear goes out with the order.
 */
function handsOverAtCreate(input: OrderCreateInput, start: Date): boolean {
  return (
    input.deliveryMethod === DeliveryMethod.SelfPickup &&
    input.items.length > 0 &&
    input.items.every((i) => i.equipmentId && i.scanned) &&
    Math.abs(start.getTime() - Date.now()) <= HANDOVER_AT_CREATE_MINUTES * 60_000
  );
}

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
  /** Between the entries of a list in a message, as the reader writes them. */
  protected get listSeparator() {
    return this.en ? ', ' : '、';
  }
  protected msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  /** Refuses an amount (fen) beyond what one order may come to: its columns hold 32 bits. */
  protected assertWithinTotal(fen: number) {
    if (fen > MAX_ORDER_FEN) {
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('AmountTooLarge', { max: MAX_ORDER_FEN / 100 }),
      );
    }
  }

  // ---- who sees what ---------------------------------------------------------------------------

  protected get seesAllStores() {
    return this.user.roles.includes(RoleName.SuperAdmin);
  }
  /** Staff take counter orders for their own store only; a super admin for any. */
  assertOwnStore(storeId: string) {
    if (!this.seesAllStores && storeId !== this.user.primaryStoreId) {
      throw businessError(ErrorCode.OrderOtherStore, this.msg('OrderStoreNotYours'));
    }
  }
  /** A customer without staff rights sees their own orders only. */
  protected get customerOnly() {
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

  /** The order's customer, staff of its store, or a super admin. */
  protected mayHandle(row: Pick<OrderRow, 'customerId' | 'storeId'>): boolean {
    if (this.seesAllStores) return true;
    if (this.customerOnly) return row.customerId === this.user.id;
    return row.storeId === this.user.primaryStoreId;
  }

  /**
   * The caller may read the order's personal details (addresses, riders): its customer, its
   * store's staff, a super admin; never someone who only holds a payment or QR link.
   */
  mayReadPersonal(row: Pick<OrderRow, 'customerId' | 'storeId'>): boolean {
    return !!this.request.user && this.mayHandle(row);
  }

  protected async assertMayHandle(row: OrderRow) {
    if (this.mayHandle(row)) return;
    if (this.customerOnly) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    const [store] = await this.db
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.id, row.storeId));
    throw businessError(
      ErrorCode.OrderOtherStore,
      this.msg('OrderOtherStore', { store: store?.name ?? '' }),
    );
  }

  /**
   * Cash on any order of the store is counter work (processing orders). Someone who only
   * delivers takes cash on their own runs (docs/deliveries.md): the order's delivery run
   * (delivered to the customer) or its pickup run (picked up from them), given to them or taken
   * from the pool. Another driver of the store does not, nor anyone while the run waits in the
   * pool: the cash is counted in the shift close of whoever confirms it, so it must be the
   * driver who has the run.
   */
  private assertMayTakeCash(row: OrderRow) {
    const has = (p: string) => this.user.permissions.includes(p);
    if (this.seesAllStores || has(Permissions.BusinessOperations.OrderProcess)) return;
    const delivers =
      has(Permissions.DeliveryManagement.DeliveryOrders) &&
      row.deliveryMethod === DeliveryMethod.Delivery;
    const picksUp =
      has(Permissions.DeliveryManagement.PickupOrders) && row.returnMethod === ReturnMethod.Pickup;
    if (!delivers && !picksUp) {
      throw businessError(ErrorCode.OrderCashNotOnRun, this.msg('OrderCashNotOnRun'));
    }
    const me = this.user.id;
    if ((delivers && row.deliveryDriverId === me) || (picksUp && row.pickupDriverId === me)) return;
    throw businessError(ErrorCode.OrderCashNotYourRun, this.msg('OrderCashNotYourRun'));
  }

  protected illegal(row: { status: number }, action: OrderAction) {
    return conflictError(
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
    const detail = await findOrderDetail(this.db, this.tenantId, id, this.en);
    if (!detail) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    await this.assertMayHandle(detail.order);
    return this.toOrder(detail);
  }

  async byNumber(orderNumber: string): Promise<Order> {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.orderNumber, orderNumber)));
    if (!row) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    return this.get(row.id);
  }

  /**
   * A page of the list, newest first, and its total counted no further than the cap
   * (ORDER_LIST_COUNT_CAP) past the page's start: exact below it, one more beyond it.
   */
  async list(query: OrderListInput, limits?: ListLimits): Promise<PagedResult<OrderSummary>> {
    const narrowing = {
      keyword: undefined,
      startFrom: undefined,
      startTo: undefined,
      endFrom: undefined,
      endTo: undefined,
    };
    // As listWhere reads them: an empty keyword narrows nothing.
    const narrowed = Object.keys(narrowing).some((key) =>
      Boolean(query[key as keyof typeof narrowing]),
    );
    const parts = query.keyword ? keywordParts(query.keyword) : null;
    const { rows, totalCount } = await readListPage(
      this.db,
      {
        where: this.listWhere(query),
        base: narrowed ? this.listWhere({ ...query, ...narrowing }) : undefined,
        parts: parts
          ? [this.listWhere(query, parts[0]), this.listWhere(query, parts[1])]
          : undefined,
      },
      pageOf(query),
      limits,
    );
    return { items: await this.toSummaries(rows), totalCount };
  }

  /** How many orders the list with this query holds (what the list's total says). */
  async count(query: OrderListInput): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(orders).where(this.listWhere(query));
    return total?.n ?? 0;
  }

  /**
   * The list's filters as SQL, within what the caller may see; `keyword` in place of the query's
   * keyword's match (one of its parts).
   */
  private listWhere(query: OrderListInput, keyword?: SQL): SQL | undefined {
    const parts: (SQL | undefined)[] = [eq(orders.tenantId, this.tenantId), this.scope()];
    if (query.storeId) parts.push(eq(orders.storeId, query.storeId));
    if (query.status?.length) parts.push(inArray(orders.status, query.status));
    if (keyword) parts.push(keyword);
    else if (query.keyword) parts.push(keywordMatch(query.keyword));
    if (query.startFrom) parts.push(gte(orders.rentalStartAt, this.dayStart(query.startFrom)));
    if (query.startTo) parts.push(lt(orders.rentalStartAt, this.dayStart(query.startTo, 1)));
    if (query.overdue !== undefined) {
      const overdue = and(
        inArray(orders.status, [...OUT_WITH_CUSTOMER]),
        lt(orders.rentalEndAt, sql`now()`),
      );
      parts.push(query.overdue ? overdue : sql`not (${overdue})`);
    }
    if (query.selfReturn !== undefined) {
      const waiting = and(
        eq(orders.status, OrderStatus.PendingReturn),
        isNotNull(orders.selfReturnAt),
      );
      parts.push(query.selfReturn ? waiting : not(waiting!));
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
    if (query.endFrom) parts.push(gte(orders.rentalEndAt, this.dayStart(query.endFrom)));
    if (query.endTo) parts.push(lt(orders.rentalEndAt, this.dayStart(query.endTo, 1)));
    if (query.run === 'delivery') {
      parts.push(
        and(
          eq(orders.deliveryMethod, DeliveryMethod.Delivery),
          inArray(orders.status, [OrderStatus.PendingDelivery, OrderStatus.Delivering]),
        ),
      );
    }
    if (query.run === 'pickup') {
      parts.push(
        and(
          eq(orders.returnMethod, ReturnMethod.Pickup),
          inArray(orders.status, [
            OrderStatus.Delivered,
            OrderStatus.InUse,
            OrderStatus.PendingReturn,
          ]),
          isNull(orders.pickedUpAt),
        ),
      );
    }
    return and(...parts);
  }

  /** Midnight of a YYYY-MM-DD day in the business time zone (+ `plusDays`). */
  protected dayStart(day: string, plusDays = 0): Date {
    return zonedMidnight(day, this.timeZone, plusDays);
  }

  private async toSummaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [storeRows, billRows, itemCounts] = await Promise.all([
      this.db
        .select({
          id: stores.id,
          name: columnInLanguage(this.en, stores.name, stores.nameEn),
        })
        .from(stores),
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
    return rows.map((r) =>
      this.toSummary(r, {
        storeName: storeName.get(r.storeId) ?? '',
        bills: billRows.filter((b) => b.orderId === r.id),
        itemCount: counts.get(r.id) ?? 0,
        now,
      }),
    );
  }

  private toSummary(
    r: OrderRow,
    of: { storeName: string; bills: BillRow[]; itemCount: number; now: number },
  ): OrderSummary {
    return {
      id: r.id,
      orderNumber: r.orderNumber,
      storeId: r.storeId,
      storeName: of.storeName,
      orderType: r.orderType as OrderSummary['orderType'],
      status: r.status,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      rentalStartTime: r.rentalStartAt.toISOString(),
      rentalEndTime: r.rentalEndAt.toISOString(),
      deliveryMethod: r.deliveryMethod as OrderSummary['deliveryMethod'],
      returnMethod: r.returnMethod as OrderSummary['returnMethod'],
      totalAmount: toYuan(r.totalFen),
      paidAmount: toYuan(paidFen(of.bills)),
      itemCount: of.itemCount,
      isOverdue:
        (OUT_WITH_CUSTOMER as readonly number[]).includes(r.status) &&
        r.rentalEndAt.getTime() < of.now,
      createdAt: r.createdAt.toISOString(),
      collectOnDelivery: toYuan(dueAtDoorFen(r, of.bills)),
    };
  }

  private async toOrder(detail: OrderDetailRows): Promise<Order> {
    const { order: row, items, fees, bills: billRows, events } = detail;
    const payBefore = unpaidReleaseAt(
      row,
      timeoutHoursOf(chooseParameter(detail.timeoutParameters, row.storeId)),
    );
    const byRole = await this.staffByRole([
      ...events.map((e) => e.userId),
      ...billRows.map((b) => b.confirmedBy),
      ...fees.map((f) => f.approvedBy),
      row.deliveryDriverId,
      row.pickupDriverId,
      row.agentId,
    ]);
    // The summary's bills and item count are the detail's own.
    const summary = this.toSummary(row, {
      storeName: detail.storeName ?? '',
      bills: billRows,
      itemCount: items.length,
      now: Date.now(),
    });
    // Lines of money changed by hand name their approver for staff only (discounts.ts).
    const approvers = byRole
      ? [...new Set(fees.flatMap((f) => (f.approvedByName ? [f.approvedByName] : [])))]
      : [];
    const hideApprovers = (text: string, kind: string) =>
      kind === 'discount' || kind === 'adjustment'
        ? approvers.reduce(
            (line, name) => line.replace(moneyText(this.en, 'ApprovedBy', { name }), ''),
            text,
          )
        : text;
    const drivers = new Map(detail.people.map((u) => [u.id, staffName(u)]));
    const lateFee = await lateFeeView(this.db, this.tenantId, {
      order: row,
      items: items.map((i) => i.item),
      fees,
      free: isFreeOrderType(row.orderType),
      now: new Date(),
      nameOf: (id, name) => (id && byRole?.get(id)) || name,
    });
    // When each item back was checked in or released early (null: not known, e.g. never bound).
    const backAt = await checkInTimes(
      this.db,
      row.id,
      items.flatMap(({ item }) => (item.returnState && item.equipmentId ? [item.equipmentId] : [])),
    );
    const driver = (id: string | null) =>
      id ? { id, name: byRole?.get(id) ?? drivers.get(id) ?? '' } : null;
    return {
      ...summary,
      customerId: row.customerId,
      deliveryAddress: row.deliveryAddress,
      returnAddress: row.returnAddress,
      agentId: row.agentId,
      agentName: row.agentId ? (byRole?.get(row.agentId) ?? drivers.get(row.agentId) ?? '') : null,
      remarks: row.remarks,
      days: row.days,
      items: items.map(
        ({
          item,
          equipmentName,
          barcodeNumber,
          heldBarcodeNumber,
          categoryName,
          dinAdjustable,
          sizeLabel,
        }) => ({
          id: item.id,
          categoryId: item.categoryId,
          categoryName: categoryName ?? '',
          equipmentId: item.equipmentId,
          equipmentName: equipmentName ?? categoryName ?? '',
          barcodeNumber: barcodeNumber ?? null,
          dailyPrice: toYuan(item.dailyPriceFen),
          deposit: toYuan(item.depositFen),
          days: item.days,
          rent: toYuan(item.rentFen ?? item.dailyPriceFen * item.days),
          returnState: item.returnState,
          returnedAt:
            (item.returnState && item.equipmentId && backAt.get(item.equipmentId)?.toISOString()) ||
            null,
          size: item.size,
          sizeLabel,
          heldBarcodeNumber: item.equipmentId ? null : (heldBarcodeNumber ?? null),
          packName: item.packName,
          riderKey: item.riderKey,
          rider: item.rider ? { ...item.rider, profileId: item.riderProfileId } : null,
          dinAdjustable: dinAdjustable ?? false,
          // Worked out on every read from the rider as booked: the chart may be corrected.
          dinSuggestion:
            dinAdjustable && item.rider
              ? dinSuggestion({
                  ...item.rider,
                  bootSoleLengthMm:
                    item.rider.bootSoleLengthMm ??
                    estimatedSoleLengthMm(item.rider.bootSizeMondopoint),
                })
              : null,
          dinSetting: item.dinSetting,
          selfReturnCheck: item.selfReturnCheck,
          selfReturnPhotoId: item.selfReturnPhotoId,
          pickupState: item.pickupState,
          pickupPhotoId: item.pickupPhotoId,
          pickupRemarks: item.pickupRemarks,
          deliveryState: item.deliveryState,
          deliveryPhotoId: item.deliveryPhotoId,
          deliveryRemarks: item.deliveryRemarks,
          returnPhotoId: item.returnPhotoId,
          returnRemarks: item.returnRemarks,
        }),
      ),
      feeItems: fees.map((f) => ({
        id: f.id,
        kind: f.kind as Order['feeItems'][number]['kind'],
        amount: toYuan(f.amountFen),
        description: f.description,
        explains: f.explains,
        reason: f.reason,
        // A customer does not read the names of the managers who approved.
        approvedByName: byRole ? null : f.approvedByName,
      })),
      bills: billRows.map((b) => ({
        ...toBillDto(b),
        refundUnderWay: detail.refundingBillIds.includes(b.id),
        confirmedByName: (b.confirmedBy && byRole?.get(b.confirmedBy)) || b.confirmedByName,
      })),
      returnedPayments: detail.returnedPayments.map((p) => ({
        method: p.method,
        amount: toYuan(p.amountFen),
        paidAt: p.paidAt ? new Date(p.paidAt).toISOString() : null,
        status:
          p.refundStatus === 'succeeded'
            ? 'returned'
            : p.refundStatus === 'failed'
              ? 'failed'
              : 'returning',
      })),
      timeline: events.map((e) => ({
        id: e.id,
        kind: e.kind,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        message:
          (byRole && this.runAssignedByRole(e.kind)) ||
          hideApprovers((this.en ? e.messageEn : null) ?? e.message, e.kind),
        operatorName:
          (e.userId && byRole?.get(e.userId)) ||
          ((this.en ? e.operatorNameEn : null) ?? e.operatorName),
        createdAt: e.createdAt.toISOString(),
      })),
      payBefore: payBefore?.toISOString() ?? null,
      agreementVersion: row.agreementVersion,
      agreementAcceptedAt: row.agreementAcceptedAt?.toISOString() ?? null,
      agreementSignatureId: row.agreementSignatureId,
      // Whoever may read the order (its customer, its staff) may share its QR page.
      qrToken: this.request.server.orderQrKeys.sign(row.tenantId, row.orderNumber),
      selfReturnAt: row.selfReturnAt?.toISOString() ?? null,
      deliveryDriver: driver(row.deliveryDriverId),
      pickupDriver: driver(row.pickupDriverId),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      deliveryPhotoId: row.deliveryPhotoId,
      deliverySignatureId: row.deliverySignatureId,
      deliveryRecipient: row.deliveryRecipient,
      pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
      deliveryWindowEnd: deliveryWindowEnd(row)?.toISOString() ?? null,
      payAtDoorOffered: await payAtDoorOffered(this.db, row),
      lateFee,
      extensionFees: extensionFees(
        items.filter((i) => !i.item.returnState).map((i) => i.item),
        row.pricingCalendar,
        Math.min(EXTENSION_DAYS_OFFERED, UNAVAILABLE_DAYS_MAX - row.days),
        isFreeOrderType(row.orderType),
      ).map(toYuan),
    };
  }

  /**
   * A run given to a driver, as a customer reads it: the driver by role, as everywhere on their
   * order ('已安排配送司机'), not by the name the store's line gives.
   */
  private runAssignedByRole(kind: string): string | null {
    const run = (['delivery', 'pickup'] as const).find((r) => kind === driverAssignedKind(r));
    if (!run) return null;
    return textIn(this.en, 'OrderDriverArranged', {
      kind: textIn(this.en, run === 'delivery' ? 'DeliveryKindDelivery' : 'DeliveryKindPickup'),
    });
  }

  /** The packs the lines were booked from, by id, with their names in both languages. */
  private async packNamesOf(lines: { packId?: string }[]) {
    const ids = [...new Set(lines.flatMap((l) => (l.packId ? [l.packId] : [])))];
    const rows = ids.length
      ? await this.db
          .select({ id: rentalPacks.id, name: rentalPacks.name, nameEn: rentalPacks.nameEn })
          .from(rentalPacks)
          .where(and(eq(rentalPacks.tenantId, this.tenantId), inArray(rentalPacks.id, ids)))
      : [];
    return new Map(rows.map((p) => [p.id, p]));
  }

  /** Staff names by id (drivers on an order). */
  protected async namesOf(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)].filter((id): id is string => !!id);
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, name: users.name, userName: users.userName })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((u) => [u.id, staffName(u)]));
  }

  /** The size attributes named by these sizes, in their display order (for size labels). */
  protected async sizeAttributesOf(sizes: Record<string, string>[]) {
    const ids = [...new Set(sizes.flatMap((s) => Object.keys(s)))];
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: attributeDefinitions.id,
        unit: attributeDefinitions.unit,
        options: attributeDefinitions.options,
        optionsEn: attributeDefinitions.optionsEn,
      })
      .from(attributeDefinitions)
      .where(inArray(attributeDefinitions.id, ids))
      .orderBy(asc(attributeDefinitions.sortOrder));
  }

  /**
   * What a customer reads instead of staff names: each staff member who wrote on the order (or
   * confirmed a bill) named by their role. Null for staff, who see names. The system and payment
   * providers write without a user and keep their names; the customer keeps their own.
   */
  private async staffByRole(userIds: (string | null)[]): Promise<Map<string, string> | null> {
    if (!this.customerOnly) return null;
    const others = [...new Set(userIds)].filter((id): id is string => !!id && id !== this.user.id);
    const roles = await rolesOfUsers(this.db, others);
    return new Map(others.map((id) => [id, this.msg(roleLabel(roles.get(id) ?? []))]));
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
   * parameters; in one transaction every specific item is locked for the rental window (the
   * exclusion constraint refuses an overlap: 409 with the conflicting window) and every line booked
   * by kind holds a free item of its kind (409 naming the line when none is left).
   */
  async create(input: OrderCreateInput, extras: OrderCreateExtras = {}): Promise<Order> {
    // A customer books for themselves, and an agent for a customer, at any store.
    const booking = extras.customerBooking || extras.agentBooking;
    if (!booking) this.assertOwnStore(input.storeId);
    // A rush of orders at one store asks once (lib/shared-read.ts): stores come and go rarely.
    const store = await sharedRead(this.db, `store ${this.tenantId} ${input.storeId}`, () =>
      findStore(this.db, this.tenantId, input.storeId),
    );
    if (!store) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    if (input.customerId && !(await findUserById(this.db, this.tenantId, input.customerId))) {
      throw new AppError(400, ErrorCode.UserNotFound, this.msg('UserNotFound'));
    }
    if (input.agentId) await this.agentName(input.agentId);

    const start = new Date(input.rentalStartTime);
    const end = new Date(input.rentalEndTime);
    const days = rentalDays(start, end);
    // A booking has its own grace for a slow checkout (booking/service.ts); a super admin may
    // record a rental that already happened (a paper order from a day the system was down).
    if (!booking && !this.seesAllStores) this.assertNotBackdated(start);
    const handOver = !booking && handsOverAtCreate(input, start);
    await this.assertItemsFree(input, start, end, handOver);
    const lines = await this.resolveLines(input, start, end);
    const [deliveryFee, pickupFee] = await Promise.all([
      input.deliveryMethod === DeliveryMethod.Delivery
        ? businessParameter(this.db, this.tenantId, input.storeId, BusinessParameterKey.DeliveryFee)
        : null,
      input.returnMethod === ReturnMethod.Pickup
        ? businessParameter(this.db, this.tenantId, input.storeId, BusinessParameterKey.PickupFee)
        : null,
    ]);
    const counter = extras.priced ? null : await this.priceLines(input, lines, start, end);
    // A delivery arrives in its window: the booking's, or at the counter the store's window that
    // the start opens (as a customer's would), none for a start outside the day's windows.
    const windowMinutes =
      input.deliveryMethod !== DeliveryMethod.Delivery
        ? null
        : extras.deliveryWindowMinutes !== undefined
          ? extras.deliveryWindowMinutes
          : await this.counterDeliveryWindow(input.storeId, start);
    const priced = extras.priced ?? counter!.priced;
    // Gear that makes up a pack at the counter is kept as the pack's parts, at their shares.
    counter?.dailyFen.forEach((fen, i) => {
      lines[i]!.dailyPriceFen = fen;
    });
    // The deposit each line holds as priced: a card's own (a junior's is lower), else the gear's.
    lines.forEach((line, i) => {
      line.depositFen = priced.lines[i]!.depositFen;
    });
    // Hospitality and loans are free: their rent shows, fully discounted, and no deposit is held.
    const free = isFreeOrderType(input.orderType);
    const { feeItems, totalFen, grossFen, rentFen } = priceOrder({
      rents: priced.units,
      lines: free ? lines.map((l) => ({ ...l, depositFen: 0 })) : lines,
      deliveryFeeFen: feeParameter(deliveryFee),
      pickupFeeFen: feeParameter(pickupFee),
      discountFen: free ? Number.MAX_SAFE_INTEGER : toFen(input.discount),
      free,
      labels: FEE_LINE_LABELS['zh-CN'],
      labelsEn: FEE_LINE_LABELS['en-US'],
    });
    this.assertWithinTotal(grossFen);
    // Rent only, within the clerk's limit or with a manager's approval (discounts.ts).
    const discount = free ? null : await allowDiscount(this.db, this.request, input, rentFen);
    const noPaymentNeeded = totalFen === 0;
    // An agent's order waits for the store; its bill comes with the confirmation.
    const status = extras.agentBooking
      ? OrderStatus.Pending
      : noPaymentNeeded
        ? this.paidStatus(input.deliveryMethod)
        : OrderStatus.Unpaid;
    const agentId = extras.agentBooking ? this.user.id : (input.agentId ?? null);
    const orderId = randomUUID();
    const packs = await this.packNamesOf(extras.lines ?? []);
    // Bookings of the same gear in this process take turns (bookings-in-turn.ts); one that waited
    // for another first checks whether that one took the gear. The item's lock and the exclusion
    // constraint below decide every booking that gets to its turn.
    await bookInTurn(
      lines.flatMap((l) => (l.equipmentId ? [l.equipmentId] : [])),
      async () => {
        // Everyone who waited for that booking asks at once: one read answers them all.
        const taken = await this.conflictIfAny(lines, start, end, { shared: true });
        if (taken) throw taken;
      },
      async () => {
        // An order taken at the counter with a customer's verified number reaches their account.
        const customerId = extras.customerBooking
          ? this.user.id
          : (input.customerId ??
            (await findVerifiedCustomerByPhone(this.db, this.tenantId, input.customerPhone))?.id ??
            null);
        const now = new Date();
        try {
          await this.retriedTransaction(async (tx) => {
            if (extras.agreement?.signatureId) {
              await this.claimSignature(tx, extras.agreement.signatureId, orderId);
            }
            // An approval from the manager's phone allows this one order.
            await discount?.consume(tx);
            // Locks and holds first: a refusal fails before the day's number counter is touched.
            const specific = lines.filter((l) => l.equipmentId);
            if (specific.length > 0) {
              await lockEquipment(
                tx,
                specific.map((l) => l.equipmentId!),
              );
              await tx.insert(equipmentUnavailableTimes).values(
                specific.map((l) => ({
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
            const held: (string | null)[] = [];
            for (const [index, line] of lines.entries()) {
              if (line.equipmentId) {
                held.push(null);
                continue;
              }
              const id = await holdKind(tx, {
                tenantId: this.tenantId,
                storeId: input.storeId,
                categoryId: line.categoryId,
                size: line.size,
                start,
                end,
                orderId,
                userId: this.user.id,
              });
              if (!id) throw new KindNotFree(index);
              held.push(id);
            }
            await tx.insert(orders).values({
              id: orderId,
              tenantId: this.tenantId,
              // The day's number comes last (below): a placeholder no real number can equal.
              orderNumber: `-${orderId}`,
              // The moment the number's day is taken from (the search finds a day's numbers by it).
              createdAt: now,
              storeId: input.storeId,
              orderType: input.orderType,
              status,
              customerId,
              customerName: input.customerName,
              customerPhone: input.customerPhone,
              rentalStartAt: start,
              rentalEndAt: end,
              days,
              pricingCalendar: {
                ...priced.calendar,
                start: localMinute(start, this.timeZone).slice(0, 10),
              },
              deliveryMethod: input.deliveryMethod,
              deliveryAddress: input.deliveryAddress,
              returnMethod: input.returnMethod,
              returnAddress: input.returnAddress,
              agentId,
              remarks: input.remarks,
              totalFen,
              agreementVersion: extras.agreement?.version ?? null,
              agreementAcceptedAt: extras.agreement?.acceptedAt ?? null,
              agreementAcceptedFrom: extras.agreement?.acceptedFrom ?? null,
              agreementSignatureId: extras.agreement?.signatureId ?? null,
              deliveryWindowMinutes: windowMinutes,
              createdBy: this.user.id,
            });
            await tx.insert(orderItems).values(
              lines.map((l, i) => {
                const extra = extras.lines?.[i];
                return {
                  orderId,
                  categoryId: l.categoryId,
                  equipmentId: l.equipmentId,
                  heldEquipmentId: held[i] ?? null,
                  size: l.size,
                  packId: extra?.packId ?? counter?.packOf[i]?.id ?? null,
                  // The pack's names as they were when booked, in both languages.
                  packName:
                    packs.get(extra?.packId ?? '')?.name ??
                    extra?.packName ??
                    counter?.packOf[i]?.name ??
                    '',
                  packNameEn:
                    packs.get(extra?.packId ?? '')?.nameEn ?? counter?.packOf[i]?.nameEn ?? '',
                  riderKey: extra?.riderKey ?? null,
                  riderProfileId: extra?.riderProfileId ?? null,
                  rider: extra?.rider ?? null,
                  dailyPriceFen: l.dailyPriceFen,
                  depositFen: l.depositFen,
                  days,
                  rentFen: priced.lines[i]!.rentFen,
                  rateCard: priced.lines[i]!.card,
                  sortOrder: i,
                };
              }),
            );
            await tx.insert(orderFeeItems).values(
              feeItems.map((f, i) => ({
                orderId,
                ...f,
                sortOrder: i,
                // The discount keeps who gave it, why, and who allowed it beyond the clerk's limit.
                ...(discount && f.kind === FeeItemKind.Discount
                  ? {
                      reason: discount.reason,
                      createdBy: this.user.id,
                      approvedBy: discount.approvedBy,
                      approvedByName: discount.approvedByName,
                    }
                  : {}),
              })),
            );
            if (status === OrderStatus.Unpaid) {
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
              message: say(extras.agentBooking ? 'OrderPlacedByAgent' : 'OrderCreated'),
            });
            if (discount) {
              await this.event(tx, orderId, {
                kind: 'discount',
                message: moneyLine('DiscountGiven', discount),
              });
            }
            // The tenant's daily counter row stays locked until the commit: taking the number as the
            // last statement keeps bookings at other stores (and of other gear) waiting only for
            // this one statement, not for the whole booking. A refusal above never touches it, and
            // a rollback gives the number back.
            const orderNumber = await numberOrder(tx, orderId, this.tenantId, now, this.timeZone);
            if (!orderNumber) {
              throw conflictError(
                ErrorCode.OrderNumbersExhausted,
                this.msg('OrderNumbersExhausted'),
              );
            }
            if (handOver) {
              await this.handOverAtCreate(tx, {
                id: orderId,
                status,
                orderNumber,
                storeId: input.storeId,
                tenantId: this.tenantId,
              });
            }
          });
        } catch (err) {
          if (err instanceof KindNotFree) {
            throw await this.kindNotFree(input.storeId, lines[err.index]!, err.index, start, end);
          }
          if (pgCode(err) === EXCLUSION_VIOLATION) throw await this.conflict(lines, start, end);
          throw err;
        }
      },
    );
    this.request.server.metrics.count('booking');
    // Read back as placed: an agent may not open orders, but sees the one they just made.
    return this.toOrder((await findOrderDetail(this.db, this.tenantId, orderId, this.en))!);
  }

  /**
   * A counter order's signature under the agreement is kept with it, first in its transaction:
   * only an upload of the clerk's own, of a signature, kept with no order yet, is taken (another's
   * file, a photo, or a signature another order took is refused), and checking it as it is
   * claimed costs one statement, only for an order whose gear is free. Two orders naming one
   * signature at once: the second waits for the first's row lock, then finds the file taken.
   */
  private async claimSignature(tx: Transaction, fileId: string, orderId: string) {
    const signature = and(
      eq(files.tenantId, this.tenantId),
      eq(files.id, fileId),
      eq(files.ownerId, this.user.id),
      eq(files.businessType, AGREEMENT_SIGNATURE),
    );
    const [claimed] = await tx
      .update(files)
      .set({ businessEntityId: orderId, isTemporary: false, expiresAt: null })
      .where(and(signature, isNull(files.businessEntityId)))
      .returning({ id: files.id });
    if (claimed) return;
    const [taken] = await tx.select({ id: files.id }).from(files).where(signature);
    throw new AppError(
      400,
      ErrorCode.Validation,
      this.msg(taken ? 'CounterSignatureUsed' : 'CounterSignatureInvalid'),
    );
  }

  /** A counter order may not start before now, less a grace for a clerk who took a while. */
  /** The delivery window a counter order's start opens at its store (null: outside them). */
  private async counterDeliveryWindow(storeId: string, start: Date): Promise<number | null> {
    const [hours] = await this.db
      .select({ openTime: stores.openTime, closeTime: stores.closeTime })
      .from(stores)
      .where(and(eq(stores.tenantId, this.tenantId), eq(stores.id, storeId)));
    return hours ? deliveryWindowOf(hours, start, DeliveryMethod.Delivery, this.timeZone) : null;
  }

  private assertNotBackdated(start: Date) {
    if (start.getTime() >= Date.now() - ORDER_START_GRACE_MINUTES * 60_000) return;
    throw fieldError(
      400,
      ErrorCode.Validation,
      scanText(this.en, 'OrderStartInPast', { minutes: ORDER_START_GRACE_MINUTES }),
      'rentalStartTime',
    );
  }

  /**
   * Every specific item of the order is free for its window and in stock (on the shelf, when it
   * goes out at once): otherwise one 409 names each refused item and why (counter-scan.ts).
   * Items of another store are refused by `resolveLines`, as before.
   */
  private async assertItemsFree(
    input: OrderCreateInput,
    start: Date,
    end: Date,
    inStoreNow: boolean,
  ) {
    const ids = input.items.flatMap((i) => (i.equipmentId ? [i.equipmentId] : []));
    if (ids.length === 0) return;
    const read = async () => {
      const gear = await this.db
        .select()
        .from(equipment)
        .where(and(eq(equipment.tenantId, this.tenantId), inArray(equipment.id, ids)));
      return itemAnswers(
        this.db,
        gear.filter((g) => g.storeId === input.storeId),
        { storeId: input.storeId, start, end },
        { english: this.en, timeZone: this.timeZone, inStoreNow },
      );
    };
    // A rush of orders for the same gear asks once (lib/shared-read.ts): an answer a moment old
    // is as good here, since the item's lock and the exclusion constraint decide in the end.
    const answers = await sharedRead(
      this.db,
      [
        'item answers',
        this.tenantId,
        input.storeId,
        [...new Set(ids)].sort().join(','),
        start.toISOString(),
        end.toISOString(),
        inStoreNow,
        this.en,
      ].join(' '),
      read,
    );
    const byId = new Map(answers.map((a) => [a.equipmentId, a]));
    // In the order's own order, each item once.
    const refused = [...new Set(ids)].flatMap((id) => {
      const answer = byId.get(id);
      return answer && !answer.free ? [answer] : [];
    });
    if (refused.length > 0) throw itemsUnavailable(refused, this.en);
  }

  /**
   * The scanned gear of a rental that starts now goes out with the order: at once when nothing is
   * to be paid, else with the payment (the handover needs a paid order; counter-scan.ts).
   */
  private async handOverAtCreate(
    tx: Transaction,
    order: { id: string; status: number; orderNumber: string; storeId: string; tenantId: string },
  ) {
    const actor = await this.actor(tx);
    if (order.status === OrderStatus.Reserved) {
      await handOverScanned(tx, order, actor);
    } else if (order.status === OrderStatus.Unpaid) {
      await appendEvent(
        tx,
        order.id,
        { kind: HANDOVER_ON_PAYMENT, message: (english) => scanText(english, 'HandOverOnPayment') },
        actor,
      );
    }
  }

  /** A transaction run again when the database rolls it back for a deadlock (`retryOnDeadlock`). */
  protected retriedTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return retryOnDeadlock(() => this.db.transaction(work));
  }

  /**
   * A write to one order: its row locked before anything else (the lock order of
   * order-lock.ts), run again after a deadlock, 409 naming its status when it cannot go through.
   */
  protected orderTransaction<T>(
    orderId: string,
    work: (tx: Transaction, order: OrderRow | undefined) => Promise<T>,
  ): Promise<T> {
    return writeOrder(this.db, orderId, work, this.request);
  }

  /** The name of an active user of this tenant holding the Agent role; 400 for anyone else. */
  protected async agentName(userId: string): Promise<string> {
    const [agent] = await this.db
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .innerJoin(
        userRoles,
        and(eq(userRoles.userId, users.id), eq(userRoles.roleName, RoleName.Agent)),
      )
      .where(
        and(eq(users.tenantId, this.tenantId), eq(users.id, userId), eq(users.isActive, true)),
      );
    if (!agent) throw new AppError(400, ErrorCode.Validation, this.msg('OrderAgentInvalid'));
    return agent.name || agent.userName;
  }

  /** Reserved, or waiting for delivery when the gear is delivered. */
  protected paidStatus(deliveryMethod: string): OrderStatus {
    return paidStatus(deliveryMethod);
  }

  /**
   * A new order's lines with their prices: the items' own (or the caller's), a kind line the
   * store's cheapest rentable item of its kind. Also prices the lines a manager's approval is
   * asked for before the order exists (approval-subjects.ts).
   */
  protected async resolveLines(
    input: Pick<OrderCreateInput, 'storeId' | 'items'>,
    start: Date,
    end: Date,
  ) {
    const equipmentIds = input.items.flatMap((i) => (i.equipmentId ? [i.equipmentId] : []));
    const categoryIds = input.items.flatMap((i) =>
      !i.equipmentId && i.categoryId ? [i.categoryId] : [],
    );
    const sizedKinds = input.items.flatMap((i) =>
      !i.equipmentId && i.size ? Object.keys(wantedSize(i.size)) : [],
    );
    const [[gear, itemAttributes], categories, stock, kindAttributes] = await Promise.all([
      // A rush of orders for the same gear reads it once (lib/shared-read.ts), as its answers:
      // the items, and their sizes (to price gear only a child wears on the junior card).
      sharedRead(this.db, `gear ${this.tenantId} ${[...equipmentIds].sort().join(',')}`, () =>
        Promise.all([
          findGear(this.db, this.tenantId, equipmentIds),
          attributesOf(this.db, equipmentIds),
        ]),
      ),
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
      // A kind line without prices takes the store's cheapest rentable item of that kind.
      kindStock(this.db, this.tenantId, input.storeId, start, end, categoryIds),
      // A kind's sizes asked for, to price gear only a child wears on the junior card.
      sizedKinds.length
        ? this.db
            .select({
              id: attributeDefinitions.id,
              name: attributeDefinitions.name,
              unit: attributeDefinitions.unit,
              options: attributeDefinitions.options,
            })
            .from(attributeDefinitions)
            .where(
              and(
                eq(attributeDefinitions.tenantId, this.tenantId),
                inArray(attributeDefinitions.id, sizedKinds),
              ),
            )
        : [],
    ]);
    const seen = new Set<string>();
    return input.items.map((item) => {
      const size = wantedSize(item.size);
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
        const sizes = itemAttributes.filter((a) => a.equipmentId === e.id && a.isSize);
        return {
          equipmentId: e.id,
          categoryId: e.categoryId,
          size,
          childSize: childSized(
            { name: found.categoryName, dinAdjustable: found.categoryDin },
            sizes.map((a) => ({
              id: a.attributeId,
              name: a.name,
              unit: a.unit,
              options: a.options,
            })),
            Object.fromEntries(sizes.map((a) => [a.attributeId, a.value])),
          ),
          sizeValues: Object.fromEntries(sizes.map((a) => [a.attributeId, a.value])),
          barcodeNumber: e.barcodeNumber,
          label: `${e.name} ${e.barcodeNumber}`,
          labelEn: e.nameEn && `${e.nameEn} ${e.barcodeNumber}`,
          dailyPriceFen:
            item.dailyPrice !== undefined ? toFen(item.dailyPrice) : e.dailyRentPriceFen,
          depositFen: item.deposit !== undefined ? toFen(item.deposit) : e.depositFen,
        };
      }
      const category = categories.find((c) => c.id === item.categoryId);
      if (!category) throw notFound(ErrorCode.CategoryNotFound, this.msg('CategoryNotFound'));
      const prices = stockFor(stock, category.id, size);
      return {
        equipmentId: null,
        categoryId: category.id,
        size,
        childSize: childSized(
          category,
          kindAttributes.filter((a) => a.id in size),
          size,
        ),
        sizeValues: size,
        barcodeNumber: null,
        label: category.name,
        labelEn: category.nameEn,
        dailyPriceFen:
          item.dailyPrice !== undefined ? toFen(item.dailyPrice) : (prices.minDailyFen ?? 0),
        depositFen: item.deposit !== undefined ? toFen(item.deposit) : (prices.minDepositFen ?? 0),
      };
    });
  }

  /**
   * The lines of an order taken at the counter (or asked a manager's approval for) priced on the
   * store's cards and calendar (modules/pricing): the gear one person takes that makes up a pack
   * on sale priced as that pack (`priceCounterRental`), every other piece on its own, junior for
   * a rider under the store's junior age, a price the clerk typed as it is, and no early-booking
   * discount.
   */
  protected async priceLines(
    input: Pick<OrderCreateInput, 'storeId' | 'items'> & { riders?: CounterRider[] },
    lines: Awaited<ReturnType<OrdersService['resolveLines']>>,
    start: Date,
    end: Date,
  ): Promise<CounterPricing & { pricing: StorePricing }> {
    const startDay = localMinute(start, this.timeZone).slice(0, 10);
    // A rush of orders at one store for the same day reads its prices once (lib/shared-read.ts).
    const pricing = await sharedStorePricing(this.db, this.tenantId, input.storeId, startDay);
    const riders = new Map((input.riders ?? []).map((r) => [r.key, r]));
    const counter = priceCounterRental(
      pricing,
      lines.map((l, i) => ({
        categoryId: l.categoryId,
        label: l.label,
        labelEn: l.labelEn ?? '',
        dailyFen: l.dailyPriceFen,
        overridden: input.items[i]?.dailyPrice !== undefined,
        depositFen: l.depositFen,
        depositOverridden: input.items[i]?.deposit !== undefined,
        childSize: l.childSize,
        sizeValues: l.sizeValues,
      })),
      lines.map((_, i) => {
        const key = input.items[i]?.riderKey ?? '';
        return riders.has(key) ? key : '';
      }),
      (key) => {
        const rider = riders.get(key);
        return rider ? { name: rider.name, age: rider.age } : null;
      },
      {
        start: startDay,
        bookedOn: localMinute(new Date(), this.timeZone).slice(0, 10),
        days: rentalDays(start, end),
        halfDay: halfDayAt(pricing, start, end, this.timeZone),
        online: false,
      },
    );
    return { ...counter, pricing };
  }

  /**
   * 409 naming a kind line nothing is free for (its place in the order, category and size) and
   * how many of that kind are free for the window now, without this order.
   */
  protected async kindNotFree(
    storeId: string,
    line: { categoryId: string | null; size: Record<string, string> },
    index: number,
    start: Date,
    end: Date,
  ): Promise<AppError> {
    const categoryId = line.categoryId ?? '';
    const [stock, [category], attributes] = await Promise.all([
      kindStock(this.db, this.tenantId, storeId, start, end, [categoryId]),
      this.db
        .select({
          name: columnInLanguage(this.en, equipmentCategories.name, equipmentCategories.nameEn),
        })
        .from(equipmentCategories)
        .where(eq(equipmentCategories.id, categoryId)),
      this.sizeAttributesOf([line.size]),
    ]);
    const { free } = stockFor(stock, categoryId, line.size);
    const sizeLabel = sizeLabelIn(this.en, line.size, attributes);
    return new AppError(
      409,
      ErrorCode.EquipmentUnavailable,
      this.msg('OrderKindNotFree', {
        kind: [category?.name ?? '', sizeLabel].filter(Boolean).join(' '),
        free,
      }),
      undefined,
      { index, categoryId, size: line.size, sizeLabel, free },
    );
  }

  /** 409 naming the item and the window that is already taken. */
  protected async conflict(
    lines: { equipmentId: string | null; barcodeNumber: string | null }[],
    start: Date,
    end: Date,
  ): Promise<AppError> {
    const found = await this.conflictIfAny(lines, start, end);
    if (found) return found;
    // The other booking was undone meanwhile: the caller may simply try again.
    return new AppError(
      409,
      ErrorCode.EquipmentUnavailable,
      this.msg('EquipmentUnavailable', {
        start: localMinute(start, this.timeZone),
        end: localMinute(end, this.timeZone),
      }),
    );
  }

  /**
   * The 409 of the first line whose item is already held in [start, end) (its earliest such
   * hold), or null when none is; one statement, or, `shared`, the same statement asked for by
   * another caller that is still running (lib/shared-read.ts).
   */
  protected async conflictIfAny(
    lines: { equipmentId: string | null; barcodeNumber: string | null }[],
    start: Date,
    end: Date,
    { shared = false } = {},
  ): Promise<AppError | null> {
    const ids = lines.flatMap((l) => (l.equipmentId ? [l.equipmentId] : []));
    const read = () => overlappingAny(this.db, ids, start, end);
    const holds = shared
      ? await sharedRead(
          this.db,
          `holds ${[...ids].sort().join(',')} ${start.toISOString()} ${end.toISOString()}`,
          read,
        )
      : await read();
    for (const line of lines) {
      const hit = line.equipmentId && holds.find((h) => h.equipmentId === line.equipmentId);
      if (!hit) continue;
      const fmt = (d: Date) => localMinute(d, this.timeZone);
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
    return null;
  }

  // ---- status changes --------------------------------------------------------------------------

  /** Cancels an order that has not started: releases its locks, cancels unpaid bills, and owes back what was paid. */
  async cancel(id: string, reason: string): Promise<Order> {
    const row = await this.row(id);
    await this.orderTransaction(id, async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: new Date() })
        .where(and(eq(orders.id, id), inArray(orders.status, [...ORDER_ALLOWED_FROM.cancel])))
        .returning({ id: orders.id });
      if (!changed) throw this.illegal(await this.currentStatus(tx, id), 'cancel');
      await releaseHolds(tx, id);
      // A refund already on its way back online stays open until the provider is done, and
      // counts as given back: cancelled, its money would go back twice.
      const underWay = await refundsUnderWay(tx, id);
      await tx
        .update(bills)
        .set({ status: BillStatus.Cancelled })
        .where(
          and(
            eq(bills.orderId, id),
            eq(bills.status, BillStatus.Pending),
            underWay.size > 0 ? notInArray(bills.id, [...underWay.keys()]) : undefined,
          ),
        );
      const paid =
        paidFen(await tx.select().from(bills).where(eq(bills.orderId, id))) -
        [...underWay.values()].reduce((sum, fen) => sum + fen, 0);
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
   * A kind line takes a specific item, locked for the rental window (the exclusion constraint
   * refuses a taken window). The item the line held is kept when it is the one taken, else its
   * hold for this order is released: a swap for an equivalent item. False when the line was bound
   * (or its hold moved) meanwhile. The caller holds the locks (`lockEquipment`) of both items for
   * the whole transaction.
   */
  protected async bindLine(
    tx: Transaction,
    order: { id: string; rentalStartAt: Date; rentalEndAt: Date },
    line: { id: string; heldEquipmentId: string | null },
    equipmentId: string,
  ): Promise<boolean> {
    const held = line.heldEquipmentId;
    const [bound] = await tx
      .update(orderItems)
      .set({ equipmentId, heldEquipmentId: null })
      .where(
        and(
          eq(orderItems.id, line.id),
          isNull(orderItems.equipmentId),
          held ? eq(orderItems.heldEquipmentId, held) : isNull(orderItems.heldEquipmentId),
        ),
      )
      .returning({ id: orderItems.id });
    if (!bound) return false;
    if (held === equipmentId) return true;
    if (held) {
      await tx
        .delete(equipmentUnavailableTimes)
        .where(
          and(
            eq(equipmentUnavailableTimes.orderId, order.id),
            eq(equipmentUnavailableTimes.equipmentId, held),
          ),
        );
    }
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

  /**
   * Which open line each scanned item goes to (`fitScans`): an item of a category the order has no
   * open line of is not part of it; one of the right category but of no size wanted is refused,
   * naming the sizes wanted.
   */
  protected async fitScanned<G extends { id: string; categoryId: string; barcodeNumber: string }>(
    lines: OpenLine[],
    gear: G[],
  ): Promise<Map<string, G>> {
    const values = new Map<string, Record<string, string>>();
    for (const a of await attributesOf(
      this.db,
      gear.map((g) => g.id),
    )) {
      values.set(a.equipmentId, { ...values.get(a.equipmentId), [a.attributeId]: a.value });
    }
    const fit = fitScans(
      lines,
      gear.map((g) => ({ ...g, values: values.get(g.id) ?? {} })),
    );
    if (fit.ok) return fit.lines;
    const barcode = fit.item.barcodeNumber;
    if (fit.wrongSize.length === 0) {
      throw unprocessable(
        ErrorCode.OrderItemNotInOrder,
        this.msg('OrderItemNotInOrder', { barcode }),
      );
    }
    const attributes = await this.sizeAttributesOf(fit.wrongSize.map((l) => l.size));
    const sizes = [...new Set(fit.wrongSize.map((l) => sizeLabelIn(this.en, l.size, attributes)))];
    throw unprocessable(
      ErrorCode.OrderItemWrongSize,
      this.msg('OrderItemWrongSize', { barcode, size: sizes.join(this.listSeparator) }),
      { barcodeNumber: barcode, sizes },
    );
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
    // Refunds are refused to drivers by the route's declaration already.
    if (direction === 'incoming') this.assertMayTakeCash(order);
    const who = await this.operatorName();
    // The order first, then its bill (order-lock.ts): a bill never moves to another order.
    const settled = await this.orderTransaction(order.id, async (tx, locked) => {
      // Asked again under the order's lock: a run given to another driver meanwhile is theirs.
      if (direction === 'incoming' && locked) this.assertMayTakeCash(locked);
      const [bill] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
      if (!bill) throw notFound(ErrorCode.BillNotFound, this.msg('BillNotFound'));
      const isRefund = bill.kind === BillKind.Refund;
      if (direction === 'incoming' && isRefund) {
        throw conflictError(ErrorCode.OrderIllegalTransition, this.msg('BillIsRefund'));
      }
      if (direction === 'outgoing' && !isRefund) {
        throw conflictError(ErrorCode.OrderIllegalTransition, this.msg('BillNotRefund'));
      }
      if (bill.status === BillStatus.Paid) {
        if (bill.method === 'cash') return false;
        if (isRefund) await this.assertNoOnlineRefund(tx, bill);
        throw new AppError(
          409,
          ErrorCode.BillAlreadyPaid,
          this.msg('BillAlreadyPaid', { method: methodText(this.en, bill.method ?? '') }),
        );
      }
      if (bill.status === BillStatus.Cancelled) {
        throw new AppError(409, ErrorCode.BillCancelled, this.msg('BillCancelled'));
      }
      // One writer per bill: money already on its way back online (the provider may answer
      // 'processing' for minutes) is never given in cash too. A refund the provider refused
      // releases the bill.
      if (isRefund) await this.assertNoOnlineRefund(tx, bill);
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
      await giveReceiptNumber(tx, billId, this.timeZone);
      return true;
    });
    if (settled) {
      this.request.server.metrics.count(direction === 'incoming' ? 'payment_cash' : 'refund_cash');
    }
    return this.paymentStatus(billId);
  }

  /** Refuses a cash refund while an online refund of the bill is under way or done (409). */
  private async assertNoOnlineRefund(tx: Transaction, bill: typeof bills.$inferSelect) {
    const sent = await tx
      .select({
        amountFen: refunds.amountFen,
        status: refunds.status,
        method: payments.method,
        provider: payments.provider,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.billId, bill.id), inArray(refunds.status, ['pending', 'succeeded'])));
    if (sent.length === 0) return;
    const amount = toYuan(sent.reduce((sum, r) => sum + r.amountFen, 0)).toFixed(2);
    const method = [...new Set(sent.map((r) => methodText(this.en, r.method, r.provider)))].join(
      this.listSeparator,
    );
    throw new AppError(
      409,
      ErrorCode.RefundNotPossible,
      this.msg(
        sent.some((r) => r.status === 'pending') ? 'RefundOnlineUnderWay' : 'RefundOnlineDone',
        { amount, method },
      ),
    );
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
    return who ? staffName(who) : this.user.userName;
  }

  /** The signed-in user as the timeline names them, outside a transaction. */
  async timelineActor(): Promise<Actor> {
    return this.actor(this.db);
  }

  /** The signed-in user as the timeline names them. */
  protected async actor(tx: Database | Transaction): Promise<Actor> {
    const [who] = await tx
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, this.user.id));
    return {
      userId: this.user.id,
      operatorName: who ? staffName(who) : this.user.userName,
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

/** How a customer sees a staff member: by role, a store role first (a driving manager is staff). */
export function roleLabel(roles: readonly string[]): MessageKey {
  const store: readonly string[] = [
    RoleName.SuperAdmin,
    RoleName.StoreManager,
    RoleName.StoreEmployee,
  ];
  if (roles.some((r) => store.includes(r))) return 'OperatorStoreStaff';
  if (roles.includes(RoleName.Driver)) return 'OperatorDriver';
  if (roles.includes(RoleName.Agent)) return 'OperatorAgent';
  return 'OperatorStoreStaff';
}

/** Hospitality and loan orders charge nothing but damage. */
export function isFreeOrderType(orderType: string): boolean {
  return orderType === OrderType.Hospitality || orderType === OrderType.Loan;
}

/**
 * The order's refund bills whose money is already on its way back online (a refund sent and not
 * failed) and that are not closed yet, with their amounts in fen. They are left open for the
 * provider's answer (payments/service.ts closes them) and count as given back.
 */
export async function refundsUnderWay(
  tx: Transaction,
  orderId: string,
): Promise<Map<string, number>> {
  const rows = await tx
    .selectDistinct({ id: bills.id, amountFen: bills.amountFen })
    .from(bills)
    .innerJoin(refunds, eq(refunds.billId, bills.id))
    .where(
      and(
        eq(bills.orderId, orderId),
        eq(bills.kind, BillKind.Refund),
        eq(bills.status, BillStatus.Pending),
        inArray(refunds.status, ['pending', 'succeeded']),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.amountFen]));
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
    receiptNo: b.receiptNo,
    createdAt: b.createdAt.toISOString(),
  };
}
