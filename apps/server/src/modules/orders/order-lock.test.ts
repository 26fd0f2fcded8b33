import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';
import { createTestApp, type TestApp } from '@/testing/index.js';
import { writeOrder } from './order-lock.js';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

/**
 * The last word of a write to an order that PostgreSQL keeps rolling back for a deadlock (the
 * lock order makes that rare; gear and other orders' rows can still meet): it runs again, and
 * then answers 409 with the order's status now instead of a server error.
 */
describe('a write to an order rolled back for a deadlock', () => {
  let t: TestApp;
  let order: { id: string; status: number };

  beforeAll(async () => {
    t = await createTestApp();
    const [completed] = await t.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.status, 9))
      .limit(1);
    order = completed!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs again, with the order locked each time, and goes through', async () => {
    const seen: (number | undefined)[] = [];
    const result = await writeOrder(t.database.db, order.id, async (_tx, row) => {
      seen.push(row?.status);
      if (seen.length < 3) throw deadlock();
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual([9, 9, 9]);
  });

  it('answers 409 naming the status after the last attempt, in the caller’s language', async () => {
    let runs = 0;
    const failing = (language: string) =>
      writeOrder(
        t.database.db,
        order.id,
        async () => {
          runs += 1;
          throw deadlock();
        },
        { headers: { 'accept-language': language } },
      ).catch((err: unknown) => err);
    const zh = await failing('zh-CN');
    expect(runs).toBe(3);
    expect(zh).toBeInstanceOf(AppError);
    expect(zh).toMatchObject({
      statusCode: 409,
      code: 'Order:ChangedMeanwhile',
      message: '订单刚被他人同时修改（现为已完成），请刷新后重试',
      data: { status: 9 },
    });
    expect(await failing('en-US')).toMatchObject({
      message:
        'Someone else changed this order at the same moment (it is completed now); please refresh and try again',
    });
  });

  it('passes on any other error at once', async () => {
    let runs = 0;
    const err = await writeOrder(t.database.db, order.id, async () => {
      runs += 1;
      throw new Error('boom');
    }).catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(err).toMatchObject({ message: 'boom' });
  });
});
