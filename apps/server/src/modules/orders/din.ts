import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Order } from '@snowgear/contracts';
import { equipment, equipmentCategories, orderItems, orders } from '@/db/schema.js';
import { inLanguage } from '@/lib/english.js';
import { conflictError, notFound } from '@/lib/errors.js';
import { OrdersService } from './service.js';
import { ORDER_ALLOWED_FROM } from './status.js';
import { say } from './timeline.js';

const DIN_FROM: readonly number[] = ORDER_ALLOWED_FROM.din;

/**
 * The binding's release value at the bench: the technician sets the binding (the order line
 * shows the chart's suggestion for its rider) and records the value actually set, with who and
 * when. Setting it again replaces it; each setting is a timeline line.
 */
export class OrderDin extends OrdersService {
  async confirm(id: string, itemId: string, setting: number): Promise<Order> {
    const order = await this.row(id);
    if (!DIN_FROM.includes(order.status)) throw this.illegal(order, 'din');
    const [line] = await this.db
      .select({
        rider: orderItems.rider,
        dinAdjustable: equipmentCategories.dinAdjustable,
        categoryName: equipmentCategories.name,
        categoryNameEn: equipmentCategories.nameEn,
        equipmentName: equipment.name,
        equipmentNameEn: equipment.nameEn,
        barcodeNumber: equipment.barcodeNumber,
      })
      .from(orderItems)
      .leftJoin(equipmentCategories, eq(equipmentCategories.id, orderItems.categoryId))
      .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
      .where(and(eq(orderItems.orderId, id), eq(orderItems.id, itemId)));
    if (!line) throw notFound(ErrorCode.OrderItemNotFound, this.msg('OrderItemNotFound'));
    // The line's gear as each language names it (the timeline keeps both).
    const gearIn = (english: boolean) =>
      line.equipmentName
        ? `${inLanguage(english, line.equipmentName, line.equipmentNameEn)} ${line.barcodeNumber}`
        : inLanguage(english, line.categoryName ?? '', line.categoryNameEn);
    const gear = gearIn(this.en);
    if (!line.dinAdjustable) {
      throw conflictError(
        ErrorCode.OrderItemNotDinAdjustable,
        this.msg('OrderItemNotDinAdjustable', { name: gear }),
      );
    }
    await this.orderTransaction(id, async (tx) => {
      // Read again under a lock: the order may have been returned or cancelled meanwhile.
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, id))
        .for('no key update');
      if (!current || !DIN_FROM.includes(current.status)) {
        throw this.illegal(current ?? { status: -1 }, 'din');
      }
      await tx
        .update(orderItems)
        .set({ dinSetting: setting, dinConfirmedBy: this.user.id, dinConfirmedAt: new Date() })
        .where(eq(orderItems.id, itemId));
      await this.event(tx, id, {
        kind: 'din',
        message: say('OrderDinSet', {
          setting: String(setting),
          rider: (english) => line.rider?.name ?? gearIn(english),
        }),
      });
    });
    return this.get(id);
  }
}
