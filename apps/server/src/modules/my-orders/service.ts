import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  BusinessParameterKey,
  CUSTOMER_CANCELLABLE,
  CUSTOMER_EXTENDABLE,
  CUSTOMER_RETURNABLE,
  ErrorCode,
  FEE_LINE_LABELS,
  FeeItemKind,
  OrderStatus,
  ReturnMethod,
  type Order,
  type SelfReturnSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import { equipment, files, orderFeeItems, orderItems, orders } from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError, unprocessable } from '@/lib/errors.js';
import { OrderLifecycle } from '@/modules/orders/lifecycle.js';
import { feeParameter } from '@/modules/orders/pricing.js';
import type { OrderAction } from '@/modules/orders/status.js';
import { say, textIn } from '@/modules/orders/timeline.js';

type SelfReturnInput = z.output<typeof SelfReturnSchema>;

/** The business type a self-return photo is uploaded with (files/access-rules.ts). */
export const SELF_RETURN_PHOTO = 'SelfReturnPhoto';

const DAY_MS = 86_400_000;

/**
 * What a customer does with their own order: cancel before the gear is out, extend by whole
 * days, and hand the gear back by self-return. Another customer's order is not found (the
 * scope of OrdersService); each action re-checks the status it starts from in its transaction.
 */
export class MyOrders extends OrderLifecycle {
  private assertCustomerMay(
    row: { status: number },
    allowed: readonly number[],
    action: OrderAction,
  ) {
    if (!allowed.includes(row.status)) throw this.illegal(row, action);
  }

  async cancelMine(id: string, reason: string): Promise<Order> {
    const row = await this.row(id);
    this.assertCustomerMay(row, CUSTOMER_CANCELLABLE, 'cancel');
    return this.cancel(id, reason || this.msg('CustomerCancelled'));
  }

  /** The rental ends `days` whole days later; the extra days are charged (the bills follow). */
  async extendMine(id: string, days: number): Promise<Order> {
    const row = await this.row(id);
    this.assertCustomerMay(row, CUSTOMER_EXTENDABLE, 'extend');
    return this.extend(id, new Date(row.rentalEndAt.getTime() + days * DAY_MS).toISOString());
  }

  /**
   * Every item still out is checked (its label scanned, or ticked) with a photo of its
   * condition; the gear is dropped at the store or picked up (the store's pickup fee is added and
   * comes out of the deposit at settlement). The order waits in PendingReturn for the store to
   * check each item in, which settles it as a counter return does.
   */
  async selfReturn(id: string, input: SelfReturnInput): Promise<Order> {
    const order = await this.row(id);
    this.assertCustomerMay(order, CUSTOMER_RETURNABLE, 'startReturn');
    const lines = await this.db
      .select({
        item: orderItems,
        barcode: equipment.barcodeNumber,
        name: columnInLanguage(this.en, equipment.name, equipment.nameEn),
      })
      .from(orderItems)
      .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
      .where(and(eq(orderItems.orderId, id), isNull(orderItems.returnState)))
      .orderBy(orderItems.sortOrder);
    const out = lines.filter((l) => l.item.equipmentId);
    const byId = new Map(input.items.map((entry) => [entry.orderItemId, entry]));
    for (const entry of input.items) {
      if (!out.some((l) => l.item.id === entry.orderItemId)) {
        throw unprocessable(
          ErrorCode.OrderItemNotInOrder,
          this.msg('OrderItemNotInOrder', { barcode: entry.barcode || entry.orderItemId }),
        );
      }
    }
    const missing = out.filter((l) => !byId.has(l.item.id));
    if (missing.length > 0) {
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('SelfReturnItemsMissing', {
          count: missing.length,
          names: missing
            .map((l) => `${l.name ?? ''} ${l.barcode ?? ''}`.trim())
            .join(this.listSeparator),
        }),
      );
    }
    for (const line of out) {
      const entry = byId.get(line.item.id)!;
      if (
        entry.check === 'scanned' &&
        entry.barcode.toUpperCase() !== (line.barcode ?? '').toUpperCase()
      ) {
        throw new AppError(
          400,
          ErrorCode.Validation,
          this.msg('SelfReturnBarcodeMismatch', {
            scanned: entry.barcode,
            name: line.name ?? '',
            barcode: line.barcode ?? '',
          }),
        );
      }
    }
    const photos = await this.db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.tenantId, this.tenantId),
          eq(files.ownerId, this.user.id),
          eq(files.businessType, SELF_RETURN_PHOTO),
          inArray(
            files.id,
            input.items.map((e) => e.photoFileId),
          ),
        ),
      );
    const own = new Set(photos.map((p) => p.id));
    const badPhoto = out.find((l) => !own.has(byId.get(l.item.id)!.photoFileId));
    if (badPhoto) {
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('SelfReturnPhotoInvalid', { name: badPhoto.name ?? '' }),
      );
    }

    const pickup = input.returnMethod === ReturnMethod.Pickup;
    const addsPickupFee = pickup && order.returnMethod !== ReturnMethod.Pickup;
    const pickupFen = addsPickupFee
      ? feeParameter(
          await businessParameter(
            this.db,
            this.tenantId,
            order.storeId,
            BusinessParameterKey.PickupFee,
          ),
        )
      : 0;
    this.assertWithinTotal(order.totalFen + pickupFen);

    await this.orderTransaction(id, async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
      if (!locked || !CUSTOMER_RETURNABLE.includes(locked.status as OrderStatus)) {
        throw this.illegal(locked ?? order, 'startReturn');
      }
      for (const line of out) {
        const entry = byId.get(line.item.id)!;
        await tx
          .update(orderItems)
          .set({ selfReturnCheck: entry.check, selfReturnPhotoId: entry.photoFileId })
          .where(eq(orderItems.id, line.item.id));
      }
      await tx
        .update(files)
        .set({ businessEntityId: id, isTemporary: false, expiresAt: null })
        .where(inArray(files.id, [...own]));
      if (pickupFen > 0) {
        await tx.insert(orderFeeItems).values({
          orderId: id,
          kind: FeeItemKind.DeliveryFee,
          amountFen: pickupFen,
          description: FEE_LINE_LABELS['zh-CN'].pickup,
          descriptionEn: FEE_LINE_LABELS['en-US'].pickup,
          sortOrder: 150,
        });
      }
      await tx
        .update(orders)
        .set({
          returnMethod: input.returnMethod,
          returnAddress: pickup ? input.returnAddress : '',
          totalFen: sql`${orders.totalFen} + ${pickupFen}`,
          selfReturnAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, id));
      const moved = await this.moveTo(
        tx,
        locked,
        OrderStatus.PendingReturn,
        say('SelfReturnSubmitted', {
          count: out.length,
          how: (english) =>
            pickup
              ? textIn(english, 'SelfReturnPickup', { address: input.returnAddress })
              : textIn(english, 'SelfReturnDrop'),
        }),
      );
      if (!moved) throw this.illegal(await this.currentStatus(tx, id), 'startReturn');
    });
    return this.get(id);
  }
}
