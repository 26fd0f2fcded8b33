import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BillStatus, ErrorCode, type OrderQr } from '@snowgear/contracts';
import { equipment, equipmentCategories, orderItems, orders, stores } from '@/db/schema.js';
import { inLanguage } from '@/lib/english.js';
import { notFound } from '@/lib/errors.js';
import { findOrderDetail, sizeLabelIn } from './repository.js';
import { rentalSummaryOf } from './rental-summary.js';
import { isFreeOrderType, OrdersService } from './service.js';
import { lateFeeView } from './late-returns.js';

/**
 * The share key of an order's QR page: an HMAC of the tenant and the order number under a key
 * derived from the app secret. Order numbers are easy to guess (a date and a daily sequence);
 * the key is not, so a link with it opens the page and a bare number shows nothing.
 */
export class OrderQrKeys {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('order-qr-share').digest();
  }

  /** 22 url-safe characters (132 bits). */
  sign(tenantId: string, orderNumber: string): string {
    return createHmac('sha256', this.key)
      .update(`${tenantId}:${orderNumber}`)
      .digest('base64url')
      .slice(0, 22);
  }

  verify(tenantId: string, orderNumber: string, given: string | undefined): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.sign(tenantId, orderNumber));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the share keys of order QR pages (orders, payments). */
    orderQrKeys: OrderQrKeys;
  }
}

export const orderQrPlugin = fp<{ secret: string }>(
  async (app: FastifyInstance, { secret }) => {
    app.decorate('orderQrKeys', new OrderQrKeys(secret));
  },
  { name: 'order-qr-keys' },
);

/**
 * The order QR page (spec §2 /customer/order-qr/:orderNumber): public, and personal details
 * (addresses, riders' names) only for the order's customer and its store's staff.
 */
export class OrderQrService extends OrdersService {
  /**
   * The page for the order's customer, its store's staff (a super admin any), or whoever holds
   * the share key; for anyone else the order does not exist, exactly as for a number never used.
   */
  async page(orderNumber: string, shareKey: string | undefined): Promise<OrderQr> {
    const [row] = await this.db
      .select({ order: orders, store: stores })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.orderNumber, orderNumber)));
    const keys = this.request.server.orderQrKeys;
    const entitled = !!row && this.mayReadPersonal(row.order);
    const allowed = !!row && (entitled || keys.verify(this.tenantId, orderNumber, shareKey));
    const detail =
      allowed && (await findOrderDetail(this.db, this.tenantId, row.order.id, this.en));
    if (!row || !detail) throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    const { order, store } = row;
    return {
      orderNumber: order.orderNumber,
      qrToken: keys.sign(this.tenantId, order.orderNumber),
      status: order.status,
      storeName: inLanguage(this.en, store.name, store.nameEn),
      storeAddress: inLanguage(this.en, store.address, store.addressEn),
      storePhone: store.phone,
      rentalStartTime: order.rentalStartAt.toISOString(),
      rentalEndTime: order.rentalEndAt.toISOString(),
      days: order.days,
      items: await this.itemGroups(order.id),
      summary: rentalSummaryOf(detail, entitled),
      hasReceipt: detail.bills.some((b) => b.status === BillStatus.Paid),
      lateFee: await lateFeeView(this.db, this.tenantId, {
        order,
        items: detail.items.map((i) => i.item),
        fees: detail.fees,
        free: isFreeOrderType(order.orderType),
        now: new Date(),
        nameOf: () => '',
      }),
      myOrderId: this.request.user?.id === order.customerId ? order.id : null,
    };
  }

  /** The order's lines as kinds: category and size, with how many of each. */
  private async itemGroups(orderId: string): Promise<OrderQr['items']> {
    const lines = await this.db
      .select({
        categoryId: orderItems.categoryId,
        itemCategoryId: equipment.categoryId,
        size: orderItems.size,
      })
      .from(orderItems)
      .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.sortOrder));
    const categoryIds = [...new Set(lines.flatMap((l) => l.categoryId ?? l.itemCategoryId ?? []))];
    const [categories, sizeAttributes] = await Promise.all([
      categoryIds.length
        ? this.db
            .select({
              id: equipmentCategories.id,
              name: equipmentCategories.name,
              nameEn: equipmentCategories.nameEn,
            })
            .from(equipmentCategories)
            .where(inArray(equipmentCategories.id, categoryIds))
        : [],
      this.sizeAttributesOf(lines.map((l) => l.size)),
    ]);
    const groups = new Map<string, OrderQr['items'][number]>();
    for (const line of lines) {
      const categoryId = line.categoryId ?? line.itemCategoryId;
      const category = categories.find((c) => c.id === categoryId);
      const name = category ? inLanguage(this.en, category.name, category.nameEn) : '';
      const sizeLabel = sizeLabelIn(this.en, line.size, sizeAttributes);
      const key = `${name}\u0000${sizeLabel}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { name, sizeLabel, count: 1 });
    }
    return [...groups.values()];
  }
}
