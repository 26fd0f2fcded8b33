import type { Database } from '@/db/client.js';
import { Cache } from '@/lib/cache.js';
import { findSignedInUser } from './repository.js';

type SignedInUser = Awaited<ReturnType<typeof findSignedInUser>>;

/**
 * Who a valid access token stands for (the user, their roles and permissions, and whether the
 * sign-in is still open), remembered for a few seconds so a signed-in request costs no query
 * of its own. Ending a sign-in, changing someone's roles, password or active state, or a role's
 * permissions forgets what is remembered here at once; another server process sees it within
 * `ttlMs` at most.
 */
export class SignedInUsers {
  private readonly cache: Cache<string, SignedInUser>;

  constructor(ttlMs: number) {
    this.cache = new Cache({ ttlMs, maxEntries: 20_000 });
  }

  find(db: Database, tenantId: string, userId: string, sessionId: string) {
    return this.cache.get(`${tenantId}|${userId}|${sessionId}`, () =>
      findSignedInUser(db, tenantId, userId, sessionId),
    );
  }

  /** One sign-in ended (logout, a reused refresh token). */
  forgetSession(sessionId: string): void {
    this.cache.forgetWhere((key) => key.endsWith(`|${sessionId}`));
  }

  /** Every sign-in of a person (deactivated, password changed or reset, roles changed). */
  forgetUser(userId: string): void {
    this.cache.forgetWhere((key) => key.split('|')[1] === userId);
  }

  /** Everyone (a role's permissions changed, staff edited). */
  forgetAll(): void {
    this.cache.forgetAll();
  }
}
