import { and, count, gte, inArray, lt, min } from 'drizzle-orm';
import { ErrorCode } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { loginFailures } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';

/**
 * Failed sign-ins counted per account and per address in the database, so every server process
 * sees the same counts. At `max` failures within the window further attempts get 429 with the
 * wait until the oldest counted failure leaves the window.
 */
export class LoginThrottle {
  constructor(
    private readonly max: number,
    private readonly windowMinutes: number,
  ) {}

  private since(): Date {
    return new Date(Date.now() - this.windowMinutes * 60_000);
  }

  async assertAllowed(db: Database, keys: string[], messageFor: (minutes: number) => string) {
    const rows = await db
      .select({ key: loginFailures.key, n: count(), oldest: min(loginFailures.occurredAt) })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, keys), gte(loginFailures.occurredAt, this.since())))
      .groupBy(loginFailures.key);
    const blocked = rows.filter((r) => r.n >= this.max);
    if (blocked.length === 0) return;
    const until = Math.max(
      ...blocked.map(
        (r) => new Date(r.oldest ?? Date.now()).getTime() + this.windowMinutes * 60_000,
      ),
    );
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new AppError(429, ErrorCode.LoginThrottled, messageFor(minutes), undefined, {
      retryAfterSeconds: Math.ceil((until - Date.now()) / 1000),
    });
  }

  async recordFailure(db: Database, keys: string[]) {
    await db.insert(loginFailures).values(keys.map((key) => ({ key })));
    // Old rows are useless; trim them as we go.
    await db.delete(loginFailures).where(lt(loginFailures.occurredAt, this.since()));
  }

  async clear(db: Database, keys: string[]) {
    await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  }
}

export const accountKey = (tenantId: string, login: string) =>
  `account:${tenantId}:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;
