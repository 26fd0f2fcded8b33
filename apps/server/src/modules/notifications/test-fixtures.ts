import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { DeliveryMethod, OrderType, ReturnMethod } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { notifications, orderEvents, orders, stores, tenants, users } from '@/db/schema.js';

/** Reminder tests run two years ahead, so no real sweep (run by the test app) touches them. */
export const YEAR = new Date().getUTCFullYear() + 2;
/** A store-local (Asia/Shanghai) date this year, e.g. day('01-15') → '2028-01-15'. */
export const day = (monthDay: string) => `${YEAR}-${monthDay}`;
/** A store-local instant: at('01-15', '18:00'). */
export const at = (monthDay: string, time: string) => new Date(`${day(monthDay)}T${time}:00+08:00`);

export interface ReminderWorld {
  tenantId: string;
  storeId: string;
  storeName: string;
  /** A customer account with WeChat bound. */
  customer(openId: string | null, phoneNumber?: string): Promise<string>;
  order(input: {
    status: number;
    start: Date;
    end: Date;
    phone?: string;
    customerId?: string | null;
    deliveryMethod?: string;
    returnMethod?: string;
  }): Promise<{ id: string; orderNumber: string }>;
  rows(orderId: string): Promise<(typeof notifications.$inferSelect)[]>;
  timeline(orderId: string): Promise<(typeof orderEvents.$inferSelect)[]>;
}

/** A tenant and a store of its own, and ways to add customers and orders to it. */
export async function reminderWorld(db: Database): Promise<ReminderWorld> {
  const tag = randomBytes(4).toString('hex');
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `reminders-${tag}` })
    .returning({ id: tenants.id });
  const storeName = '万龙雪场店';
  const [store] = await db
    .insert(stores)
    .values({ tenantId: tenant!.id, code: `R${tag}`, name: storeName })
    .returning({ id: stores.id });
  let orderCount = 0;
  let customerCount = 0;
  return {
    tenantId: tenant!.id,
    storeId: store!.id,
    storeName,
    async customer(openId, phoneNumber) {
      customerCount += 1;
      const [user] = await db
        .insert(users)
        .values({
          tenantId: tenant!.id,
          userName: `customer-${tag}-${customerCount}`,
          phoneNumber: phoneNumber ?? null,
          weChatOpenId: openId,
        })
        .returning({ id: users.id });
      return user!.id;
    },
    async order(input) {
      orderCount += 1;
      const [row] = await db
        .insert(orders)
        .values({
          tenantId: tenant!.id,
          orderNumber: `${YEAR}0101${String(orderCount).padStart(4, '0')}`,
          storeId: store!.id,
          orderType: OrderType.Normal,
          status: input.status,
          customerId: input.customerId ?? null,
          customerName: '孙八',
          customerPhone: input.phone ?? '13800009999',
          rentalStartAt: input.start,
          rentalEndAt: input.end,
          days: 1,
          deliveryMethod: input.deliveryMethod ?? DeliveryMethod.SelfPickup,
          returnMethod: input.returnMethod ?? ReturnMethod.SelfReturn,
          totalFen: 10_000,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      return row!;
    },
    rows: (orderId) =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.orderId, orderId))
        .orderBy(asc(notifications.createdAt)),
    timeline: (orderId) =>
      db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.seq)),
  };
}
