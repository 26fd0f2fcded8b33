import { eq } from 'drizzle-orm';
import { ErrorCode } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { orders } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';
import { pgCode, RETRYABLE_TRANSACTION } from '@/lib/pg-errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import type { FastifyRequest } from 'fastify';
import { orderStatusName } from './status.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * Every write that touches an order takes its locks in one order: the order's row first, then
 * its bills, then their payments and refunds, then its lines, then the gear's locks. Two writes
 * to one order therefore queue on the order's row instead of each holding what the other waits
 * for (PostgreSQL's 40P01 deadlock). `no key update` is the lock an UPDATE of the row takes: it
 * queues writers of the order but lets rows that merely point at it (events, bills) be written.
 */
export async function lockOrderRow(
  tx: Transaction,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  return row;
}

/** Attempts of a write rolled back for a deadlock or a serialization failure. */
const ATTEMPTS = 3;

/**
 * One write to an order: a transaction that locks the order's row before anything else and
 * hands it to `work` (undefined when there is no such order). Should the database still roll it
 * back for a deadlock — with gear or another order's rows, which are locked after this one's —
 * it runs again (nothing of it was committed); after the last attempt the caller gets 409
 * naming the order's status now, never a server error.
 */
export async function writeOrder<T>(
  db: Database,
  orderId: string,
  work: (tx: Transaction, order: OrderRow | undefined) => Promise<T>,
  request?: Pick<FastifyRequest, 'headers'>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => work(tx, await lockOrderRow(tx, orderId)));
    } catch (err) {
      const code = pgCode(err);
      if (!code || !RETRYABLE_TRANSACTION.has(code)) throw err;
      if (attempt < ATTEMPTS) continue;
      throw await changedMeanwhile(db, orderId, request);
    }
  }
}

/** 409: someone else changed the order at the same moment, and what it is now. */
async function changedMeanwhile(
  db: Database,
  orderId: string,
  request?: Pick<FastifyRequest, 'headers'>,
) {
  const [now] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .catch(() => []);
  const status = now ? orderStatusName(now.status, isEnglish(request)) : '';
  return new AppError(
    409,
    ErrorCode.OrderChangedMeanwhile,
    message(request, 'OrderChangedMeanwhile', { status }),
    undefined,
    { status: now?.status ?? null },
  );
}
