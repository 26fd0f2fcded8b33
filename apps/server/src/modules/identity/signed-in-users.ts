import type { Database } from '@/db/client.js';
import { Cache } from '@/lib/cache.js';
import { LocalForgetBus, type ForgetBus } from '@/lib/forget-bus.js';
import { findSignedInUser } from './repository.js';

type SignedInUser = Awaited<ReturnType<typeof findSignedInUser>>;

/**
 * Who a valid access token stands for (the user, their roles and permissions, and whether the
 * sign-in is still open), remembered for a few seconds so a signed-in request costs no query
 * of its own. Ending a sign-in, changing someone's roles, password or active state, or a role's
 * permissions forgets what is remembered here at once, and in the other server processes as
 * soon as `bus` tells them (within `ttlMs` at most, should the message be lost).
 */
export class SignedInUsers {
  private readonly cache: Cache<string, SignedInUser>;

  constructor(
    ttlMs: number,
    private readonly bus: ForgetBus = new LocalForgetBus(),
  ) {
    this.cache = new Cache({ ttlMs, maxEntries: 20_000 });
    bus.subscribe((message) => {
      if (message && message.cache !== 'signedIn') return;
      if (!message || 'all' in message) this.dropAll();
      else if ('sessionId' in message) this.dropSession(message.sessionId);
      else this.dropUser(message.userId);
    });
  }

  private dropSession(sessionId: string) {
    this.cache.forgetWhere((key) => key.endsWith(`|${sessionId}`));
  }

  private dropUser(userId: string) {
    this.cache.forgetWhere((key) => key.split('|')[1] === userId);
  }

  private dropAll() {
    this.cache.forgetAll();
  }

  find(db: Database, tenantId: string, userId: string, sessionId: string) {
    return this.cache.get(`${tenantId}|${userId}|${sessionId}`, () =>
      findSignedInUser(db, tenantId, userId, sessionId),
    );
  }

  /** One sign-in ended (logout, a reused refresh token). */
  forgetSession(sessionId: string): void {
    this.dropSession(sessionId);
    this.bus.publish({ cache: 'signedIn', sessionId });
  }

  /** Every sign-in of a person (deactivated, password changed or reset, roles changed). */
  forgetUser(userId: string): void {
    this.dropUser(userId);
    this.bus.publish({ cache: 'signedIn', userId });
  }

  /** Everyone (a role's permissions changed, staff edited). */
  forgetAll(): void {
    this.dropAll();
    this.bus.publish({ cache: 'signedIn', all: true });
  }
}
