import { DeliveryMethod, ErrorCode, OrderStatus, type Order } from '@snowgear/contracts';
import { conflictError } from '@/lib/errors.js';
import { COLLECTED_AT_DOOR, openPayments, payAtDoorOffered } from './cash-on-delivery.js';
import { toYuan } from './pricing.js';
import { OrdersService } from './service.js';
import { say } from './timeline.js';

/** The customer (or the store for them) chooses to pay at the door. */
export class OrderPayAtDoor extends OrdersService {
  /**
   * Unpaid → waiting for delivery, the payment bill staying open for the driver to collect.
   * Choosing it again once chosen changes nothing (a retry on a weak network). 409 when the
   * store does not take cash on delivery, or the order is not delivered to the door.
   */
  async choose(id: string): Promise<Order> {
    const order = await this.row(id);
    const open = await openPayments(this.db, id);
    if (COLLECTED_AT_DOOR.includes(order.status) && open.length > 0) return this.get(id);
    if (order.status !== OrderStatus.Unpaid) throw this.illegal(order, 'payAtDoor');
    if (!(await payAtDoorOffered(this.db, order))) {
      throw conflictError(
        ErrorCode.OrderPayAtDoorUnavailable,
        this.msg(
          order.deliveryMethod === DeliveryMethod.Delivery
            ? 'OrderPayAtDoorOff'
            : 'OrderPayAtDoorNotDelivery',
        ),
      );
    }
    await this.orderTransaction(id, async (tx) => {
      const due = (await openPayments(tx, id)).reduce((sum, b) => sum + b.amountFen, 0);
      const moved = await this.moveTo(
        tx,
        order,
        OrderStatus.PendingDelivery,
        say('OrderPayAtDoorChosen', { amount: toYuan(due).toFixed(2) }),
      );
      if (!moved) throw this.illegal(await this.currentStatus(tx, id), 'payAtDoor');
    });
    return this.get(id);
  }
}
