import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  type DeliveryConfirmSchema,
  EquipmentStatus,
  ErrorCode,
  FeeItemKind,
  OrderStatus,
  Permissions,
  type PickupReportSchema,
  ReturnMethod,
  ReturnState,
  type Order,
  type OrderReturnSchema,
  UNAVAILABLE_DAYS_MAX,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import {
  bills,
  equipment,
  equipmentOperationHistory,
  equipmentUnavailableTimes,
  files,
  orderFeeItems,
  orderItems,
  orders,
  payments,
  refunds,
} from '@/db/schema.js';
import { localMinute } from '@/lib/local-time.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { AppError, conflictError, unprocessable } from '@/lib/errors.js';
import { lockEquipment, overlapping } from '@/modules/equipment/repository.js';
import { statusName } from '@/modules/equipment/status.js';
import { MAX_ORDER_FEN, rentalDays, toYuan } from './pricing.js';
import { lineDaysFen } from '@/modules/pricing/more-days.js';
import { holdKind } from './capacity.js';
import { dueAtDoorFen, openPayments, payAtDoorOffered } from './cash-on-delivery.js';
import {
  isFreeOrderType,
  KindNotFree,
  OrdersService,
  paidFen,
  refundsUnderWay,
} from './service.js';
import { daysText } from './late-fee.js';
import { isLateFeeWaiver, lateReturnGraceHours, measureLateFee } from './late-returns.js';
import { ORDER_ALLOWED_FROM, RETURN_STATE_KEY, RETURN_TO_STATUS } from './status.js';
import { bothLanguages, render, say, textIn, withRemarks } from './timeline.js';

type ReturnInput = z.output<typeof OrderReturnSchema>;
type DeliveryConfirmInput = z.output<typeof DeliveryConfirmSchema>;
type PickupReportInput = z.output<typeof PickupReportSchema>;

/** Upload types of the proof a driver gives at the door (files/access-rules.ts). */
export const DELIVERY_PHOTO = 'DeliveryPhoto';
export const DELIVERY_SIGNATURE = 'DeliverySignature';
/** Upload type of a photo of damage found at the counter (files/access-rules.ts). */
export const DAMAGE_PHOTO = 'DamagePhoto';

/**
 * The order lifecycle after creation (ARCHITECTURE.md §4): handover, extension and return
 * check-in with settlement. Each is one transaction that re-checks the status it started from.
 */
export class OrderLifecycle extends OrdersService {
  private assertFrom(row: { status: number }, action: keyof typeof ORDER_ALLOWED_FROM) {
    if (!(ORDER_ALLOWED_FROM[action] as readonly number[]).includes(row.status)) {
      throw this.illegal(row, action);
    }
  }

  private async items(orderId: string, db: Database | Transaction = this.db) {
    return db
      .select({ item: orderItems, barcode: equipment.barcodeNumber })
      .from(orderItems)
      .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.sortOrder);
  }

  private async history(
    tx: Transaction,
    row: { id: string; storeId: string },
    entry: {
      operation: string;
      from: number;
      to: number;
      orderId: string;
      reason?: string;
      remarks?: string;
      photoId?: string | null;
    },
    operatorName: string,
  ) {
    await tx.insert(equipmentOperationHistory).values({
      tenantId: this.tenantId,
      equipmentId: row.id,
      operation: entry.operation,
      fromStatus: entry.from,
      toStatus: entry.to,
      reason: entry.reason ?? '',
      remarks: entry.remarks ?? '',
      orderId: entry.orderId,
      userId: this.user.id,
      operatorName,
      storeId: row.storeId,
      photoId: entry.photoId ?? null,
    });
  }

  // ---- handover --------------------------------------------------------------------------------

  /**
   * Gear goes out at the counter: every line's item must be among the scanned barcodes (a
   * category line takes the scanned item of its category and locks it for the window); each item
   * goes to 'in use' and the order to InUse.
   */
  handover(id: string, barcodes: string[]): Promise<Order> {
    return this.handOut(id, barcodes, 'handover');
  }

  /**
   * The delivery leaves the store: the same scan check as the counter handover (the driver scans
   * what goes in the van), the items go 'in use' and the order Delivering.
   */
  dispatch(id: string, barcodes: string[]): Promise<Order> {
    return this.handOut(id, barcodes, 'dispatch');
  }

  private async handOut(
    id: string,
    barcodes: string[],
    action: 'handover' | 'dispatch',
  ): Promise<Order> {
    const order = await this.row(id);
    // Cash on delivery: an unpaid delivery order of a store that takes it may go out unpaid, its
    // payment collected at the door (cash-on-delivery.ts). Otherwise it is paid first, as always.
    if (!(action === 'dispatch' && (await payAtDoorOffered(this.db, order)))) {
      this.assertFrom(order, action);
    }
    const scanned = await this.equipmentByBarcodes(barcodes);
    const lines = await this.items(id);
    // A line returned early (released while waiting for delivery) goes out no more.
    const going = lines.filter((l) => !l.item.returnState);
    if (going.length === 0) {
      throw conflictError(ErrorCode.OrderIllegalTransition, this.msg('OrderNothingToHandOver'));
    }
    // An item bound to a line is that line's; the rest go to the lines booked by kind.
    const assignment = new Map<string, (typeof scanned)[number]>();
    const rest: typeof scanned = [];
    for (const code of barcodes) {
      const gear = scanned.find((e) => e.barcodeNumber.toLowerCase() === code.toLowerCase());
      if (!gear) {
        throw unprocessable(
          ErrorCode.OrderItemNotInOrder,
          this.msg('OrderItemNotInOrder', { barcode: code }),
        );
      }
      const bound = going.find((l) => l.item.equipmentId === gear.id);
      if (bound) assignment.set(bound.item.id, gear);
      else if (!rest.some((g) => g.id === gear.id)) rest.push(gear);
    }
    const open = going.filter((l) => !l.item.equipmentId).map((l) => l.item);
    for (const [lineId, gear] of await this.fitScanned(open, rest)) assignment.set(lineId, gear);
    const missing = going.filter((l) => !assignment.has(l.item.id));
    if (missing.length > 0) {
      throw conflictError(
        ErrorCode.OrderIllegalTransition,
        this.msg('OrderItemsNotScanned', {
          count: missing.length,
          names: missing.map((l) => l.barcode ?? '').join(this.listSeparator),
        }),
      );
    }
    for (const gear of assignment.values()) {
      if (gear.status !== EquipmentStatus.Available || gear.storeId !== order.storeId) {
        throw new AppError(
          409,
          ErrorCode.EquipmentUnavailable,
          this.msg('OrderEquipmentNotHere', {
            barcode: gear.barcodeNumber,
            status: statusName(gear.status, this.en),
          }),
        );
      }
    }

    const who = await this.operatorName();
    const newlyBound = going.filter((l) => !l.item.equipmentId);
    try {
      await this.orderTransaction(id, async (tx, locked) => {
        // Checked again under the order's lock: an order changed meanwhile to a pickup at the
        // store is no longer paid at the door, and goes out only once paid, at the counter.
        if (locked && !(action === 'dispatch' && (await payAtDoorOffered(tx, locked)))) {
          this.assertFrom(locked, action);
        }
        // Read again under the order's lock: a line returned early meanwhile goes out no more.
        const stillGoing = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, id), isNull(orderItems.returnState)));
        if (
          stillGoing.length !== going.length ||
          !going.every((l) => stillGoing.some((g) => g.id === l.item.id))
        ) {
          throw conflictError(
            ErrorCode.OrderChangedMeanwhile,
            this.msg('OrderLinesChangedMeanwhile'),
          );
        }
        // The items going out and the held ones they replace: every hold that changes.
        await lockEquipment(tx, [
          ...[...assignment.values()].map((g) => g.id),
          ...newlyBound.flatMap((l) => (l.item.heldEquipmentId ? [l.item.heldEquipmentId] : [])),
        ]);
        for (const line of newlyBound) {
          const gear = assignment.get(line.item.id)!;
          if (!(await this.bindLine(tx, order, line.item, gear.id))) {
            throw this.illegal(await this.currentStatus(tx, id), action);
          }
        }
        for (const gear of assignment.values()) {
          const [out] = await tx
            .update(equipment)
            .set({
              status: EquipmentStatus.InUse,
              usageCount: sql`${equipment.usageCount} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(equipment.id, gear.id), eq(equipment.status, EquipmentStatus.Available)))
            .returning({ id: equipment.id });
          if (!out) {
            throw new AppError(
              409,
              ErrorCode.EquipmentUnavailable,
              this.msg('OrderEquipmentNotHere', {
                barcode: gear.barcodeNumber,
                status: statusName(EquipmentStatus.InUse, this.en),
              }),
            );
          }
          await this.history(
            tx,
            gear,
            {
              operation: action,
              from: EquipmentStatus.Available,
              to: EquipmentStatus.InUse,
              orderId: id,
              remarks: order.orderNumber,
            },
            who,
          );
        }
        await this.event(tx, id, {
          kind: action,
          message: say(action === 'handover' ? 'OrderHandedOver' : 'OrderDispatched', {
            barcodes: [...assignment.values()].map((g) => g.barcodeNumber).join('、'),
          }),
        });
        const next = action === 'handover' ? OrderStatus.InUse : OrderStatus.Delivering;
        if (!(await this.moveTo(tx, order, next))) {
          throw this.illegal(await this.currentStatus(tx, id), action);
        }
      });
    } catch (err) {
      if (pgCode(err) === EXCLUSION_VIOLATION) {
        throw await this.conflict(
          newlyBound.map((l) => ({
            equipmentId: assignment.get(l.item.id)!.id,
            barcodeNumber: assignment.get(l.item.id)!.barcodeNumber,
          })),
          order.rentalStartAt,
          order.rentalEndAt,
        );
      }
      throw err;
    }
    return this.get(id);
  }

  // ---- delivery and the way back ---------------------------------------------------------------

  /**
   * The driver has handed the gear to the customer: Delivered, and InUse at once when the rental
   * has already started (otherwise the sweeper moves it when it starts).
   */
  async confirmDelivery(id: string, proof: DeliveryConfirmInput): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'deliver');
    // At the door the driver proves the hand-over; the store's order handlers may confirm for a
    // driver whose phone gave up, with remarks.
    const atTheDoor = !this.seesAllStores && !this.handlesOrders;
    const photoId = proof.photoFileId ?? null;
    const signatureId = proof.signatureFileId ?? null;
    if (atTheDoor && (!photoId || !signatureId)) {
      throw new AppError(400, ErrorCode.Validation, this.msg('DeliveryProofRequired'));
    }
    // Items found damaged as they were handed over: lines of this order still out, each once.
    const lines = await this.items(id);
    const marks = proof.items.map((entry) => {
      const line = lines.find((l) => l.item.id === entry.orderItemId);
      if (!line || !line.item.equipmentId || line.item.returnState) {
        throw unprocessable(ErrorCode.OrderItemNotInOrder, this.msg('DeliveryItemsInvalid'));
      }
      return { entry, line, equipmentId: line.item.equipmentId };
    });
    if (new Set(marks.map((m) => m.line.item.id)).size !== marks.length) {
      throw unprocessable(ErrorCode.OrderItemNotInOrder, this.msg('DeliveryItemsInvalid'));
    }
    const damagePhotos = marks.flatMap(({ entry }) =>
      entry.condition === 'damaged' && entry.photoFileId
        ? [{ id: entry.photoFileId, type: DELIVERY_PHOTO }]
        : [],
    );
    const files = [
      ...(photoId ? [{ id: photoId, type: DELIVERY_PHOTO }] : []),
      ...(signatureId ? [{ id: signatureId, type: DELIVERY_SIGNATURE }] : []),
      ...damagePhotos,
    ];
    if (!(await this.ownUploads(files))) {
      throw new AppError(400, ErrorCode.Validation, this.msg('DeliveryFileInvalid'));
    }
    const who = marks.length > 0 ? await this.operatorName() : '';
    const recipient = proof.recipientName.trim();
    const delivered = say('OrderDelivered', { address: order.deliveryAddress });
    const message = withRemarks(
      recipient
        ? (english: boolean) =>
            `${render(delivered, english)} · ${textIn(english, 'OrderDeliverySigned', { name: recipient })}`
        : delivered,
      proof.remarks,
    );
    await this.orderTransaction(id, async (tx) => {
      // Cash on delivery: the gear is handed over once what is due at the door is collected.
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
      const dueFen = dueAtDoorFen(locked ?? order, await openPayments(tx, id));
      if (dueFen > 0) {
        throw conflictError(
          ErrorCode.OrderNotPaidAtDoor,
          this.msg('OrderNotPaidAtDoor', { amount: toYuan(dueFen).toFixed(2) }),
          { amount: toYuan(dueFen) },
        );
      }
      if (!(await this.moveTo(tx, order, OrderStatus.Delivered, message))) {
        throw this.illegal(await this.currentStatus(tx, id), 'deliver');
      }
      await tx
        .update(orders)
        .set({
          deliveredAt: new Date(),
          deliveryPhotoId: photoId,
          deliverySignatureId: signatureId,
          deliveryRecipient: recipient,
          // Whoever delivered it did the run.
          ...(atTheDoor ? { deliveryDriverId: this.user.id } : {}),
        })
        .where(eq(orders.id, id));
      await this.keepUploads(
        tx,
        id,
        files,
        () => new AppError(400, ErrorCode.Validation, this.msg('DeliveryFileUsed')),
      );
      await this.recordDeliveryDamage(tx, id, marks, who);
      if (order.rentalStartAt.getTime() <= Date.now()) {
        await this.moveTo(
          tx,
          { id, status: OrderStatus.Delivered },
          OrderStatus.InUse,
          say('OrderRentalStarted'),
        );
      }
    });
    return this.get(id);
  }

  /**
   * The driver's word on each item as handed over. A damaged one is marked so at once (from in
   * stock or in use only, spec §4), its history saying the driver marked it, with the photo; the
   * order's timeline tells the store, as for damage found at a pickup.
   */
  private async recordDeliveryDamage(
    tx: Transaction,
    orderId: string,
    marks: {
      entry: DeliveryConfirmInput['items'][number];
      line: Awaited<ReturnType<OrderLifecycle['items']>>[number];
      equipmentId: string;
    }[],
    who: string,
  ) {
    for (const { entry, line, equipmentId } of marks) {
      const remarks = entry.remarks.trim();
      const damaged = entry.condition === 'damaged';
      await tx
        .update(orderItems)
        .set({
          deliveryState: entry.condition,
          deliveryPhotoId: damaged ? (entry.photoFileId ?? null) : null,
          deliveryRemarks: remarks,
        })
        .where(eq(orderItems.id, line.item.id));
      if (!damaged) continue;
      const [gear] = await tx
        .update(equipment)
        .set({ status: EquipmentStatus.Damaged, updatedAt: new Date() })
        .where(
          and(
            eq(equipment.id, equipmentId),
            inArray(equipment.status, [EquipmentStatus.Available, EquipmentStatus.InUse]),
          ),
        )
        .returning({ storeId: equipment.storeId });
      if (gear) {
        await this.history(
          tx,
          { id: equipmentId, storeId: gear.storeId },
          {
            operation: 'markDamaged',
            from: EquipmentStatus.InUse,
            to: EquipmentStatus.Damaged,
            orderId,
            reason: textIn(this.en, 'DriverMarkedDamaged'),
            remarks,
            photoId: entry.photoFileId ?? null,
          },
          who,
        );
      }
      await this.event(tx, orderId, {
        kind: 'delivery',
        message: say('DeliveryItemDamaged', { barcode: line.barcode ?? '', remarks }),
      });
    }
  }

  /** Whether the signed-in user handles the store's orders (beyond a driver's runs). */
  private get handlesOrders() {
    return [
      Permissions.BusinessOperations.OrderProcess,
      Permissions.BusinessOperations.OrderUpdate,
    ].some((p) => this.user.permissions.includes(p));
  }

  /** Each file was uploaded by the signed-in user, with the business type named. */
  private async ownUploads(wanted: { id: string; type: string }[]): Promise<boolean> {
    if (wanted.length === 0) return true;
    const rows = await this.db
      .select({ id: files.id, type: files.businessType })
      .from(files)
      .where(
        and(
          eq(files.tenantId, this.tenantId),
          eq(files.ownerId, this.user.id),
          inArray(
            files.id,
            wanted.map((w) => w.id),
          ),
        ),
      );
    return wanted.every((w) => rows.some((r) => r.id === w.id && r.type === w.type));
  }

  /**
   * Proof kept with the order: the uploads are no longer temporary. A photo or signature proves
   * one order's hand-over: one kept with another order (or item) is refused with `taken`, and of
   * two orders taking one file at the same moment the second waits for the first's row lock, then
   * finds it taken. Taking a file again for the same order (a damaged item's photo at the door
   * and at the check-in) is fine.
   */
  private async keepUploads(
    tx: Transaction,
    orderId: string,
    kept: { id: string }[],
    taken: () => AppError,
  ) {
    const ids = [...new Set(kept.map((f) => f.id))];
    if (ids.length === 0) return;
    const claimed = await tx
      .update(files)
      .set({ businessEntityId: orderId, isTemporary: false, expiresAt: null })
      .where(
        and(
          inArray(files.id, ids),
          or(isNull(files.businessEntityId), eq(files.businessEntityId, orderId)),
        ),
      )
      .returning({ id: files.id });
    if (claimed.length < ids.length) throw taken();
  }

  /**
   * The driver collects the gear at the door: every item still out, fine, damaged (with a photo)
   * or lost, with remarks. A damaged or lost item is marked so at once (from in stock or in use
   * only, spec §4), its history saying the driver marked it; the order waits in PendingReturn for
   * the store's check-in, which charges the damage from the deposit.
   */
  async pickUp(id: string, report: PickupReportInput): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'pickup');
    if (order.returnMethod !== ReturnMethod.Pickup || order.pickedUpAt) {
      throw this.illegal(order, 'pickup');
    }
    const lines = await this.items(id);
    const out = lines.filter((l) => !l.item.returnState && l.item.equipmentId);
    const byLine = new Map(report.items.map((entry) => [entry.orderItemId, entry]));
    const stranger = report.items.find((e) => !out.some((l) => l.item.id === e.orderItemId));
    if (stranger) {
      throw unprocessable(
        ErrorCode.OrderItemNotInOrder,
        this.msg('OrderItemNotInOrder', { barcode: stranger.orderItemId }),
      );
    }
    const missing = out.filter((l) => !byLine.has(l.item.id));
    if (missing.length > 0) {
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('PickupItemsMissing', {
          names: missing.map((l) => l.barcode ?? '').join(this.listSeparator),
        }),
      );
    }
    const photos = report.items.flatMap((e) =>
      e.photoFileId ? [{ id: e.photoFileId, type: DELIVERY_PHOTO }] : [],
    );
    if (!(await this.ownUploads(photos))) {
      const bad = out.find((l) => byLine.get(l.item.id)?.photoFileId);
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('PickupPhotoInvalid', { name: bad?.barcode ?? '' }),
      );
    }
    const who = await this.operatorName();
    const atTheDoor = !this.seesAllStores && !this.handlesOrders;
    await this.orderTransaction(id, async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
      if (
        !locked ||
        locked.pickedUpAt ||
        !(ORDER_ALLOWED_FROM.pickup as readonly number[]).includes(locked.status)
      ) {
        throw this.illegal(locked ?? order, 'pickup');
      }
      if (locked.status !== OrderStatus.PendingReturn) {
        await this.moveTo(tx, locked, OrderStatus.PendingReturn);
      }
      await tx
        .update(orders)
        .set({
          pickedUpAt: new Date(),
          ...(atTheDoor ? { pickupDriverId: this.user.id } : {}),
        })
        .where(eq(orders.id, id));
      await this.event(tx, id, {
        kind: 'pickup',
        message: say('OrderPickedUp', { address: order.returnAddress }),
      });
      for (const line of out) {
        const entry = byLine.get(line.item.id)!;
        await tx
          .update(orderItems)
          .set({
            pickupState: entry.condition,
            pickupPhotoId: entry.photoFileId ?? null,
            pickupRemarks: entry.remarks.trim(),
          })
          .where(eq(orderItems.id, line.item.id));
        if (entry.condition === 'fine') continue;
        const to = entry.condition === 'damaged' ? EquipmentStatus.Damaged : EquipmentStatus.Lost;
        const [gear] = await tx
          .update(equipment)
          .set({ status: to, updatedAt: new Date() })
          .where(
            and(
              eq(equipment.id, line.item.equipmentId!),
              inArray(equipment.status, [EquipmentStatus.Available, EquipmentStatus.InUse]),
            ),
          )
          .returning({ storeId: equipment.storeId });
        if (gear) {
          await this.history(
            tx,
            { id: line.item.equipmentId!, storeId: gear.storeId },
            {
              operation: entry.condition === 'damaged' ? 'markDamaged' : 'markLost',
              from: EquipmentStatus.InUse,
              to,
              orderId: id,
              reason: textIn(
                this.en,
                entry.condition === 'damaged' ? 'DriverMarkedDamaged' : 'DriverMarkedLost',
              ),
              remarks: entry.remarks.trim(),
              photoId: entry.photoFileId ?? null,
            },
            who,
          );
        }
        await this.event(tx, id, {
          kind: 'pickup',
          message: say('PickupItemReported', {
            barcode: line.barcode ?? '',
            state: (english) =>
              textIn(
                english,
                entry.condition === 'damaged' ? 'PickupStateDamaged' : 'PickupStateLost',
              ),
            remarks: entry.remarks.trim(),
          }),
        });
      }
      await this.keepUploads(
        tx,
        id,
        photos,
        () => new AppError(400, ErrorCode.Validation, this.msg('DamagePhotoUsed')),
      );
    });
    return this.get(id);
  }

  /**
   * The gear is on its way back: a pickup is booked (return method Pickup) or the customer starts
   * a self-return. The order waits in PendingReturn for the check-in at a store.
   */
  async startReturn(id: string, remarks = ''): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'startReturn');
    await this.orderTransaction(id, async (tx) => {
      const message = withRemarks(
        say(
          order.returnMethod === ReturnMethod.Pickup
            ? 'OrderPickupBooked'
            : 'OrderSelfReturnStarted',
          { address: order.returnAddress },
        ),
        remarks,
      );
      if (!(await this.moveTo(tx, order, OrderStatus.PendingReturn, message))) {
        throw this.illegal(await this.currentStatus(tx, id), 'startReturn');
      }
    });
    return this.get(id);
  }

  // ---- confirmation ----------------------------------------------------------------------------

  /**
   * The store confirms an order that waited for it (an agent's): it becomes Unpaid with its bill,
   * and the time to pay runs from now. One that costs nothing goes straight on (reserved, or
   * waiting for delivery). Its gear has been held since it was placed.
   */
  async confirm(id: string, remarks = ''): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'confirm');
    await this.orderTransaction(id, async (tx) => {
      const message = withRemarks(say('OrderConfirmed'), remarks);
      if (!(await this.moveTo(tx, order, OrderStatus.Unpaid, message))) {
        throw this.illegal(await this.currentStatus(tx, id), 'confirm');
      }
      // Read under the row's lock: a delivery change meanwhile has priced it again.
      const [confirmed] = await tx
        .update(orders)
        .set({ confirmedAt: new Date() })
        .where(eq(orders.id, id))
        .returning({ totalFen: orders.totalFen });
      if (confirmed && confirmed.totalFen > 0) {
        await tx.insert(bills).values({
          tenantId: this.tenantId,
          orderId: id,
          kind: BillKind.Payment,
          amountFen: confirmed.totalFen,
          status: BillStatus.Pending,
        });
      }
      await this.afterPayment(tx, id);
    });
    return this.get(id);
  }

  // ---- extension -------------------------------------------------------------------------------

  /**
   * Moves the rental end later: the locks of the items still out move with it (409 when another
   * booking is in the way), and the extra days are charged as an ExtensionFee — added to the
   * open payment while unpaid, else as a supplement bill.
   */
  async extend(id: string, rentalEndTime: string): Promise<Order> {
    let order = await this.row(id);
    this.assertFrom(order, 'extend');
    const newEnd = new Date(rentalEndTime);
    let lines: Awaited<ReturnType<OrderLifecycle['items']>> = [];
    let out: typeof lines = [];
    const fmt = (d: Date) => localMinute(d, this.timeZone);
    try {
      await this.orderTransaction(id, async (tx, locked) => {
        // Everything from the order as it is under its lock: an extension, return or early
        // return a moment ago has finished, and this one charges from where that one left it
        // (two extensions read before the lock each charged their days from the old end).
        if (!locked) throw this.illegal({ status: -1 }, 'extend');
        order = locked;
        this.assertFrom(order, 'extend');
        if (newEnd <= order.rentalEndAt) {
          throw new AppError(400, ErrorCode.Validation, this.msg('OrderExtendNotLater'));
        }
        const days = rentalDays(order.rentalStartAt, newEnd);
        if (days > UNAVAILABLE_DAYS_MAX) {
          throw new AppError(
            400,
            ErrorCode.Validation,
            this.msg('RentalTooLong', { max: UNAVAILABLE_DAYS_MAX }),
          );
        }
        lines = await this.items(id, tx);
        out = lines.filter((l) => !l.item.returnState);
        const extraDays = Math.max(0, days - order.days);
        // Each line's further days on the card and calendar it was priced on (modules/pricing):
        // the extension and the rental before it cost what the whole length would have.
        const more = out.map((l) =>
          lineDaysFen(l.item, order.pricingCalendar, l.item.days + 1, days),
        );
        const feeFen = isFreeOrderType(order.orderType) ? 0 : more.reduce((n, fen) => n + fen, 0);
        this.assertWithinTotal(order.totalFen + feeFen);
        await lockEquipment(
          tx,
          out.flatMap((l) => {
            const held = l.item.equipmentId ?? l.item.heldEquipmentId;
            return held ? [held] : [];
          }),
        );
        for (const [index, { item }] of lines.entries()) {
          if (item.returnState || item.equipmentId || !item.heldEquipmentId) continue;
          await this.extendHold(tx, order, item, index, newEnd);
        }
        await tx
          .update(equipmentUnavailableTimes)
          .set({ endAt: newEnd })
          .where(
            and(
              eq(equipmentUnavailableTimes.orderId, id),
              eq(equipmentUnavailableTimes.endAt, order.rentalEndAt),
            ),
          );
        const [changed] = await tx
          .update(orders)
          .set({
            rentalEndAt: newEnd,
            days,
            totalFen: sql`${orders.totalFen} + ${feeFen}`,
            updatedAt: new Date(),
          })
          .where(and(eq(orders.id, id), eq(orders.status, order.status)))
          .returning({ id: orders.id });
        if (!changed) throw this.illegal(await this.currentStatus(tx, id), 'extend');
        // A line priced on a card keeps its rent (a line from before cards has none: daily × days).
        for (const [i, { item }] of out.entries()) {
          await tx
            .update(orderItems)
            .set({ days, rentFen: sql`${orderItems.rentFen} + ${more[i]!}` })
            .where(eq(orderItems.id, item.id));
        }
        if (feeFen > 0) {
          await tx.insert(orderFeeItems).values({
            orderId: id,
            kind: FeeItemKind.ExtensionFee,
            amountFen: feeFen,
            description: `+${extraDays}`,
            descriptionEn: `+${extraDays}`,
            sortOrder: 100,
          });
          await this.rebill(tx, order, feeFen);
        }
        await this.event(tx, id, {
          kind: 'extend',
          message: say('OrderExtended', {
            end: fmt(newEnd),
            fee: toYuan(feeFen).toFixed(2),
          }),
        });
      });
    } catch (err) {
      if (err instanceof KindNotFree) {
        const { item } = lines[err.index]!;
        throw await this.kindNotFree(order.storeId, item, err.index, order.rentalStartAt, newEnd);
      }
      if (pgCode(err) === EXCLUSION_VIOLATION) {
        throw await this.conflict(
          out.map((l) => ({ equipmentId: l.item.equipmentId, barcodeNumber: l.barcode })),
          order.rentalEndAt,
          newEnd,
        );
      }
      throw err;
    }
    return this.get(id);
  }

  /**
   * A kind line's hold grows with the rental when its item is free for the extra days; otherwise
   * the line holds another item of its kind for the whole new window (KindNotFree when none is).
   * The caller holds the held item's lock.
   */
  private async extendHold(
    tx: Transaction,
    order: { id: string; storeId: string; rentalStartAt: Date; rentalEndAt: Date },
    line: { id: string; categoryId: string | null; size: Record<string, string> },
    index: number,
    newEnd: Date,
  ) {
    const [held] = await tx
      .select({ heldEquipmentId: orderItems.heldEquipmentId })
      .from(orderItems)
      .where(eq(orderItems.id, line.id));
    const heldId = held?.heldEquipmentId;
    if (!heldId || !line.categoryId) return;
    const [taken] = await overlapping(tx, heldId, order.rentalEndAt, newEnd);
    if (!taken) return;
    await tx
      .delete(equipmentUnavailableTimes)
      .where(
        and(
          eq(equipmentUnavailableTimes.orderId, order.id),
          eq(equipmentUnavailableTimes.equipmentId, heldId),
        ),
      );
    const other = await holdKind(tx, {
      tenantId: this.tenantId,
      storeId: order.storeId,
      categoryId: line.categoryId,
      size: line.size,
      start: order.rentalStartAt,
      end: newEnd,
      orderId: order.id,
      userId: this.user.id,
    });
    if (!other) throw new KindNotFree(index);
    await tx.update(orderItems).set({ heldEquipmentId: other }).where(eq(orderItems.id, line.id));
  }

  /**
   * The bills follow a changed total: while unpaid, the open payment grows or shrinks with it
   * (cancelled when nothing is left to pay). Once paid, a change first takes from a bill still
   * owed the other way (more to pay shrinks a refund not yet given; less to pay shrinks a
   * supplement not yet paid), unless a payment or refund is under way on it; what is left is a
   * new supplement or refund bill. So money never received is never owed back. An order still
   * waiting for the store's confirmation has no bill yet.
   */
  protected async rebill(
    tx: Transaction,
    order: { id: string; status: number },
    changeFen: number,
  ) {
    const [open] = await tx
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.orderId, order.id),
          eq(bills.kind, BillKind.Payment),
          eq(bills.status, BillStatus.Pending),
        ),
      );
    if (open) {
      const amountFen = open.amountFen + changeFen;
      await tx
        .update(bills)
        .set(amountFen > 0 ? { amountFen } : { status: BillStatus.Cancelled })
        .where(eq(bills.id, open.id));
      return;
    }
    if (order.status === OrderStatus.Pending) return;
    await this.billDifference(tx, order.id, changeFen);
  }

  /**
   * A change of what the customer owes, once the order's payment is settled: a bill still owed
   * the other way takes it first (unless a provider is paying or refunding it now); what is left
   * becomes a supplement (more to pay) or a refund bill (less).
   */
  protected async billDifference(tx: Transaction, orderId: string, changeFen: number) {
    if (changeFen === 0) return;
    const against = changeFen > 0 ? BillKind.Refund : BillKind.Supplement;
    const owed = await tx
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.orderId, orderId),
          eq(bills.kind, against),
          eq(bills.status, BillStatus.Pending),
        ),
      )
      .orderBy(bills.createdAt)
      .for('update');
    let left = Math.abs(changeFen);
    for (const bill of owed) {
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
    if (left === 0) return;
    await tx.insert(bills).values({
      tenantId: this.tenantId,
      orderId,
      kind: changeFen > 0 ? BillKind.Supplement : BillKind.Refund,
      amountFen: left,
      status: BillStatus.Pending,
    });
  }

  /**
   * A provider is paying or refunding this bill now (a refund it has taken counts until the
   * bill is closed): it is not changed under them.
   */
  protected async underWay(tx: Transaction, billId: string): Promise<boolean> {
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

  // ---- return ----------------------------------------------------------------------------------

  /**
   * Items come back one by one: back in stock, damaged or lost (with an optional damage fee);
   * each item's lock is released. When the last is in, the order is Returned and settled: what
   * is owed beyond the deposit becomes one supplement bill, what is left of it one refund bill.
   */
  async returnItems(id: string, input: ReturnInput['items']): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'return');
    const lines = await this.items(id);
    const who = await this.operatorName();
    const chosen = input.map((entry) => {
      const line = lines.find((l) => l.item.id === entry.orderItemId);
      if (!line) {
        throw unprocessable(
          ErrorCode.OrderItemNotInOrder,
          this.msg('OrderItemNotInOrder', { barcode: entry.orderItemId }),
        );
      }
      if (line.item.returnState) {
        throw conflictError(
          ErrorCode.OrderIllegalTransition,
          this.msg('OrderItemAlreadyReturned', { barcode: line.barcode ?? '' }),
        );
      }
      if (!line.item.equipmentId) {
        throw conflictError(ErrorCode.OrderIllegalTransition, this.msg('OrderItemNoEquipment'));
      }
      return { entry, line, equipmentId: line.item.equipmentId };
    });
    this.assertWithinTotal(
      order.totalFen + chosen.reduce((sum, c) => sum + Math.round(c.entry.damageFee * 100), 0),
    );
    // A photo of the damage is the clerk's own upload; it is kept with the order and the item.
    const photos = chosen.flatMap(({ entry }) =>
      entry.photoFileId && entry.state !== ReturnState.Returned
        ? [{ id: entry.photoFileId, type: DAMAGE_PHOTO }]
        : [],
    );
    if (!(await this.ownUploads(photos))) {
      const bad = chosen.find((c) => c.entry.photoFileId);
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('ReturnPhotoInvalid', { barcode: bad?.line.barcode ?? '' }),
      );
    }

    await this.orderTransaction(id, async (tx) => {
      for (const { entry, line, equipmentId } of chosen) {
        const [gear] = await tx
          .select()
          .from(equipment)
          .where(eq(equipment.id, equipmentId))
          .for('update');
        const to = RETURN_TO_STATUS[entry.state];
        await tx
          .update(equipment)
          .set({ status: to, updatedAt: new Date() })
          .where(eq(equipment.id, equipmentId));
        const damaged = entry.state !== ReturnState.Returned;
        const photoId = damaged ? (entry.photoFileId ?? null) : null;
        await this.history(
          tx,
          { id: equipmentId, storeId: gear?.storeId ?? order.storeId },
          {
            operation: 'orderReturn',
            from: gear?.status ?? EquipmentStatus.InUse,
            to,
            orderId: id,
            remarks: [order.orderNumber, entry.remarks.trim()].filter(Boolean).join(' '),
            photoId,
          },
          who,
        );
        await tx
          .delete(equipmentUnavailableTimes)
          .where(
            and(
              eq(equipmentUnavailableTimes.orderId, id),
              eq(equipmentUnavailableTimes.equipmentId, equipmentId),
            ),
          );
        const [marked] = await tx
          .update(orderItems)
          .set({
            returnState: entry.state,
            ...(damaged ? { returnPhotoId: photoId, returnRemarks: entry.remarks.trim() } : {}),
          })
          .where(and(eq(orderItems.id, line.item.id), isNull(orderItems.returnState)))
          .returning({ id: orderItems.id });
        if (!marked) {
          throw conflictError(
            ErrorCode.OrderIllegalTransition,
            this.msg('OrderItemAlreadyReturned', { barcode: line.barcode ?? '' }),
          );
        }
        const damageFen = Math.round(entry.damageFee * 100);
        if (damageFen > 0) {
          await tx.insert(orderFeeItems).values({
            orderId: id,
            kind: FeeItemKind.DamageFee,
            amountFen: damageFen,
            ...bothLanguages((english) =>
              textIn(english, 'DamageFeeFor', {
                barcode: line.barcode ?? '',
                state: textIn(english, RETURN_STATE_KEY[entry.state]),
              }),
            ),
            sortOrder: 200,
          });
          await tx
            .update(orders)
            .set({ totalFen: sql`${orders.totalFen} + ${damageFen}` })
            .where(eq(orders.id, id));
        }
        await this.event(tx, id, {
          kind: 'return',
          message: say('OrderItemReturned', {
            barcode: line.barcode ?? '',
            state: (english) => textIn(english, RETURN_STATE_KEY[entry.state]),
          }),
        });
      }
      const [remaining] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, id), isNull(orderItems.returnState)));
      await this.keepUploads(
        tx,
        id,
        photos,
        () => new AppError(400, ErrorCode.Validation, this.msg('DamagePhotoUsed')),
      );
      if ((remaining?.n ?? 0) === 0) await this.settle(tx, id);
    });
    return this.get(id);
  }

  /**
   * All gear is back: Returned, then one bill for the balance (or Completed when even). Also
   * reached through an item's early return (updates.ts).
   */
  protected async settle(tx: Transaction, id: string) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order) return;
    if (!(await this.moveTo(tx, order, OrderStatus.Returned))) {
      throw this.illegal(await this.currentStatus(tx, id), 'return');
    }
    const lateFen = await this.chargeLateFee(tx, order);
    // Anything still asked for (an unpaid extension) is folded into the one balance bill, but a
    // refund already on its way back online: it stays open for the provider and counts as given
    // back (cancelled, its money would go back twice).
    const underWay = await refundsUnderWay(tx, id);
    await tx
      .update(bills)
      .set({ status: BillStatus.Cancelled })
      .where(
        and(
          eq(bills.orderId, id),
          eq(bills.status, BillStatus.Pending),
          inArray(bills.kind, [BillKind.Supplement, BillKind.Refund]),
          underWay.size > 0 ? notInArray(bills.id, [...underWay.keys()]) : undefined,
        ),
      );
    const [deposits] = await tx
      .select({ fen: sql<number>`coalesce(sum(${orderFeeItems.amountFen}), 0)`.mapWith(Number) })
      .from(orderFeeItems)
      .where(and(eq(orderFeeItems.orderId, id), eq(orderFeeItems.kind, FeeItemKind.Deposit)));
    const paid =
      paidFen(await tx.select().from(bills).where(eq(bills.orderId, id))) -
      [...underWay.values()].reduce((sum, fen) => sum + fen, 0);
    const dueFen = order.totalFen + lateFen - (deposits?.fen ?? 0);
    const balance = paid - dueFen;
    const returned = { id, status: OrderStatus.Returned as number };
    if (balance < 0) {
      await tx.insert(bills).values({
        tenantId: this.tenantId,
        orderId: id,
        kind: BillKind.Supplement,
        amountFen: -balance,
        status: BillStatus.Pending,
      });
      await this.moveTo(
        tx,
        returned,
        OrderStatus.PendingPayment,
        say('OrderSettledSupplement', { amount: toYuan(-balance).toFixed(2) }),
      );
    } else if (balance > 0) {
      await tx.insert(bills).values({
        tenantId: this.tenantId,
        orderId: id,
        kind: BillKind.Refund,
        amountFen: balance,
        status: BillStatus.Pending,
      });
      await this.event(tx, id, {
        kind: 'settle',
        message: say('OrderSettledRefund', { amount: toYuan(balance).toFixed(2) }),
      });
    } else if (underWay.size === 0) {
      await this.moveTo(tx, returned, OrderStatus.Completed);
    }
    // Even, with a refund still on its way: Completed once the provider is done with it.
  }

  // ---- late returns ----------------------------------------------------------------------------

  /**
   * At settlement, gear back past the end and the grace is charged (late-fee.ts) as its own fee
   * line added to the total, so the balance takes it from the deposit or asks for the rest. A
   * manager's waiver holds: nothing is charged, and the timeline says what was waived. Returns
   * the fen charged.
   */
  private async chargeLateFee(tx: Transaction, order: typeof orders.$inferSelect) {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const figures = await measureLateFee(
      tx,
      this.tenantId,
      order,
      items,
      isFreeOrderType(order.orderType),
      new Date(),
    );
    if (!figures || figures.amountFen === 0) return 0;
    const lateLines = await tx
      .select()
      .from(orderFeeItems)
      .where(and(eq(orderFeeItems.orderId, order.id), eq(orderFeeItems.kind, FeeItemKind.LateFee)));
    const days = (english: boolean) => daysText(figures.days, english);
    const waiver = lateLines.find(isLateFeeWaiver);
    if (waiver) {
      await this.event(tx, order.id, {
        kind: 'lateFee',
        message: say('OrderLateFeeWaivedAtSettlement', {
          days,
          amount: toYuan(figures.amountFen).toFixed(2),
          name: waiver.approvedByName ?? '',
          reason: waiver.reason,
        }),
      });
      return 0;
    }
    if (lateLines.length > 0) return 0;
    // Every amount fits its column: a fee beyond what one order may come to stops there.
    const amountFen = Math.min(figures.amountFen, Math.max(0, MAX_ORDER_FEN - order.totalFen));
    await tx.insert(orderFeeItems).values({
      orderId: order.id,
      kind: FeeItemKind.LateFee,
      amountFen,
      ...bothLanguages((english) =>
        textIn(english, 'LateFeeLine', { days: daysText(figures.days, english) }),
      ),
      sortOrder: 300,
      createdBy: this.user.id,
    });
    await tx
      .update(orders)
      .set({ totalFen: sql`${orders.totalFen} + ${amountFen}` })
      .where(eq(orders.id, order.id));
    await this.event(tx, order.id, {
      kind: 'lateFee',
      message: say('OrderLateFeeCharged', {
        days,
        grace: figures.graceHours,
        daily: toYuan(figures.dailyRentFen).toFixed(2),
        amount: toYuan(amountFen).toFixed(2),
      }),
    });
    return amountFen;
  }

  /**
   * A store manager waives the order's late fee, with a reason, before or at the return's
   * check-in: a late-fee line of nothing that names the manager and the reason, and a timeline
   * entry with the amount waived (the audit log's money). The settlement then charges nothing.
   */
  async waiveLateFee(id: string, reason: string): Promise<Order> {
    const order = await this.row(id);
    this.assertFrom(order, 'waiveLateFee');
    const who = await this.operatorName();
    await this.orderTransaction(id, async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
      if (
        !locked ||
        !(ORDER_ALLOWED_FROM.waiveLateFee as readonly number[]).includes(locked.status)
      ) {
        throw this.illegal(locked ?? order, 'waiveLateFee');
      }
      const free = isFreeOrderType(locked.orderType);
      if (free) throw conflictError(ErrorCode.OrderNoLateFee, this.msg('OrderNoLateFeeFree'));
      const waived = (
        await tx
          .select()
          .from(orderFeeItems)
          .where(and(eq(orderFeeItems.orderId, id), eq(orderFeeItems.kind, FeeItemKind.LateFee)))
      ).find(isLateFeeWaiver);
      if (waived) {
        throw conflictError(
          ErrorCode.OrderLateFeeAlreadyWaived,
          this.msg('OrderLateFeeAlreadyWaived', { name: waived.approvedByName ?? '' }),
        );
      }
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
      const figures = await measureLateFee(tx, this.tenantId, locked, items, free, new Date());
      if (!figures || figures.amountFen === 0) {
        const grace = await lateReturnGraceHours(tx, this.tenantId, locked.storeId);
        throw conflictError(ErrorCode.OrderNoLateFee, this.msg('OrderNoLateFee', { grace }));
      }
      const amount = toYuan(figures.amountFen).toFixed(2);
      await tx.insert(orderFeeItems).values({
        orderId: id,
        kind: FeeItemKind.LateFee,
        amountFen: 0,
        ...bothLanguages((english) =>
          textIn(english, 'LateFeeWaivedLine', { days: daysText(figures.days, english), amount }),
        ),
        sortOrder: 300,
        reason,
        createdBy: this.user.id,
        approvedBy: this.user.id,
        approvedByName: who,
      });
      await this.event(tx, id, {
        kind: 'lateFeeWaived',
        message: say('OrderLateFeeWaived', {
          name: who,
          amount,
          days: (english) => daysText(figures.days, english),
          reason,
        }),
      });
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, id));
    });
    return this.get(id);
  }
}
