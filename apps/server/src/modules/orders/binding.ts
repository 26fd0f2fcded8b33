import { and, eq, isNull } from 'drizzle-orm';
import { EquipmentStatus, ErrorCode, OrderStatus, type Order } from '@snowgear/contracts';
import { orderItems } from '@/db/schema.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { AppError, businessError } from '@/lib/errors.js';
import { statusName } from '@/modules/equipment/status.js';
import { OrdersService } from './service.js';
import { say } from './timeline.js';

/** Orders whose gear can be picked ahead of the handover. */
const BINDABLE: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
];

/**
 * Preparation: gear picked from the shelves for an order that starts soon is bound to its
 * category lines and locked for the rental window, without going out yet.
 */
export class OrderBinding extends OrdersService {
  async bind(id: string, barcodes: string[]): Promise<Order> {
    const order = await this.row(id);
    if (!BINDABLE.includes(order.status)) throw this.illegal(order, 'handover');
    const scanned = await this.equipmentByBarcodes(barcodes);
    const open = await this.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, id), isNull(orderItems.equipmentId)))
      .orderBy(orderItems.sortOrder);
    const plan: { lineId: string; gear: (typeof scanned)[number] }[] = [];
    for (const code of barcodes) {
      const gear = scanned.find((e) => e.barcodeNumber.toLowerCase() === code.toLowerCase());
      const line =
        gear &&
        open.find((l) => l.categoryId === gear.categoryId && !plan.some((p) => p.lineId === l.id));
      if (!gear || !line || plan.some((p) => p.gear.id === gear.id)) {
        throw businessError(
          ErrorCode.OrderIllegalTransition,
          this.msg('OrderItemNotInOrder', { barcode: code }),
        );
      }
      if (
        gear.storeId !== order.storeId ||
        [EquipmentStatus.Damaged, EquipmentStatus.Lost, EquipmentStatus.Scrapped].includes(
          gear.status as 2 | 3 | 5,
        )
      ) {
        throw new AppError(
          409,
          ErrorCode.EquipmentUnavailable,
          this.msg('OrderEquipmentNotRentable', {
            barcode: gear.barcodeNumber,
            status: statusName(gear.status, this.en),
          }),
        );
      }
      plan.push({ lineId: line.id, gear });
    }
    try {
      await this.db.transaction(async (tx) => {
        for (const { lineId, gear } of plan) {
          if (!(await this.bindLine(tx, order, lineId, gear.id))) {
            throw this.illegal(await this.currentStatus(tx, id), 'handover');
          }
        }
        await this.event(tx, id, {
          kind: 'bind',
          message: say('OrderGearBound', {
            barcodes: plan.map((p) => p.gear.barcodeNumber).join('、'),
          }),
        });
      });
    } catch (err) {
      if (pgCode(err) === EXCLUSION_VIOLATION) {
        throw await this.conflict(
          plan.map((p) => ({ equipmentId: p.gear.id, barcodeNumber: p.gear.barcodeNumber })),
          order.rentalStartAt,
          order.rentalEndAt,
        );
      }
      throw err;
    }
    return this.get(id);
  }
}
