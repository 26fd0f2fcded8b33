import { and, eq, isNull } from 'drizzle-orm';
import { EquipmentStatus, ErrorCode, OrderStatus, type Order } from '@snowgear/contracts';
import { orderItems } from '@/db/schema.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { AppError, unprocessable } from '@/lib/errors.js';
import { lockEquipment } from '@/modules/equipment/repository.js';
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
 * Preparation: gear picked from the shelves for an order that starts soon is bound to its kind
 * lines and locked for the rental window, without going out yet. A line takes the item it holds
 * or any equivalent one (its category, its size), which then replaces the held item.
 */
export class OrderBinding extends OrdersService {
  async bind(id: string, barcodes: string[]): Promise<Order> {
    const order = await this.row(id);
    if (!BINDABLE.includes(order.status)) throw this.illegal(order, 'handover');
    const scanned = await this.equipmentByBarcodes(barcodes);
    const open = await this.db
      .select()
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, id),
          isNull(orderItems.equipmentId),
          isNull(orderItems.returnState),
        ),
      )
      .orderBy(orderItems.sortOrder);
    const picked: typeof scanned = [];
    for (const code of barcodes) {
      const gear = scanned.find((e) => e.barcodeNumber.toLowerCase() === code.toLowerCase());
      if (!gear || picked.some((p) => p.id === gear.id)) {
        throw unprocessable(
          ErrorCode.OrderItemNotInOrder,
          this.msg('OrderItemNotInOrder', { barcode: code }),
        );
      }
      picked.push(gear);
    }
    const fitted = await this.fitScanned(open, picked);
    const plan = picked.map((gear) => {
      const lineId = [...fitted].find(([, g]) => g.id === gear.id)![0];
      return { line: open.find((l) => l.id === lineId)!, gear };
    });
    for (const { gear } of plan) {
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
    }
    try {
      await this.orderTransaction(id, async (tx) => {
        // The items taken and the ones they replace: every hold that changes.
        await lockEquipment(
          tx,
          plan.flatMap((p) => [p.gear.id, p.line.heldEquipmentId ?? p.gear.id]),
        );
        for (const { line, gear } of plan) {
          if (!(await this.bindLine(tx, order, line, gear.id))) {
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
