import { and, asc, eq } from 'drizzle-orm';
import { FEE_LINE_LABELS, FeeItemKind, ErrorCode } from '@snowgear/contracts';
import { orderFeeItems, orders } from '@/db/schema.js';
import { notFound } from '@/lib/errors.js';
import { OrderAdjustments } from './adjustments.js';
import type { ApprovalDraft, ApprovalSubject, ApprovalSubjects } from './approvals.js';
import { priceOrder } from './pricing.js';

/**
 * What a manager's approval is asked for, priced by the server (approvals.ts): an order's rent
 * as the limits measure it, or the rent the lines of an order still being created at the counter
 * will have, priced as `create` will price them.
 */
export class OrderApprovalSubjects extends OrderAdjustments implements ApprovalSubjects {
  async ofOrder(orderId: string): Promise<ApprovalSubject> {
    const [[order], rentLines, rentFen] = await Promise.all([
      this.db
        .select({ customerName: orders.customerName })
        .from(orders)
        .where(and(eq(orders.tenantId, this.tenantId), eq(orders.id, orderId))),
      this.db
        .select({ name: orderFeeItems.description, nameEn: orderFeeItems.descriptionEn })
        .from(orderFeeItems)
        .where(and(eq(orderFeeItems.orderId, orderId), eq(orderFeeItems.kind, FeeItemKind.Rent)))
        .orderBy(asc(orderFeeItems.sortOrder)),
      this.rentOf(orderId),
    ]);
    if (!order) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    return { rentFen, customerName: order.customerName, gear: rentLines };
  }

  async ofDraft(storeId: string, draft: ApprovalDraft): Promise<ApprovalSubject> {
    const start = new Date(draft.rentalStartTime);
    const end = new Date(draft.rentalEndTime);
    const lines = await this.resolveLines({ storeId, items: draft.items }, start, end);
    const { priced } = await this.priceLines(
      { storeId, items: draft.items, riders: draft.riders },
      lines,
      start,
      end,
    );
    // The rent only: fees and deposits are not what a discount is measured against.
    const { feeItems, rentFen } = priceOrder({
      rents: priced.units,
      lines,
      deliveryFeeFen: 0,
      pickupFeeFen: 0,
      discountFen: 0,
      labels: FEE_LINE_LABELS['zh-CN'],
      labelsEn: FEE_LINE_LABELS['en-US'],
    });
    this.assertWithinTotal(rentFen);
    return {
      rentFen,
      customerName: draft.customerName,
      gear: feeItems
        .filter((f) => f.kind === FeeItemKind.Rent)
        .map((f) => ({ name: f.description, nameEn: f.descriptionEn })),
    };
  }
}
