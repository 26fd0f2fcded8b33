import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import {
  countAttempt,
  resetAttempts,
  uncountAttempt,
  type AttemptCount,
} from '@/lib/attempt-counters.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import type { DeviceCookies } from './device-cookies.js';

export interface ThrottleLimits {
  /** Failures per account (from untrusted clients) and per trusted device within the window. */
  perAccount: number;
  /** Failures per client address: generous, a whole store may sit behind one address. */
  perAddress: number;
  windowMinutes: number;
}

/** A sign-in attempt that passed the throttle; it counts as a failure unless it succeeds. */
export interface ThrottledAttempt {
  /** Without a reply (a manager approving on someone else's phone) the device is not remembered. */
  succeeded(reply?: FastifyReply): Promise<void>;
}

/**
 * Failed sign-ins, counted before the password is checked (so a burst of simultaneous guesses
 * cannot all be evaluated) and keyed by the account itself, so its user name, e-mail and phone
 * share one count.
 *
 * - From a device where the account signed in before (device cookie): only that device's own
 *   failures count. Failures elsewhere never lock the owner out.
 * - From anywhere else: the account's failures from untrusted clients, and the address's.
 */
export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly devices: DeviceCookies,
  ) {}

  private get windowSeconds() {
    return this.limits.windowMinutes * 60;
  }

  /**
   * Counts this attempt for `userId` (or, for a login that names nobody, for the login text so
   * unknown names are throttled alike). Throws 429 when a limit is reached.
   */
  async begin(
    db: Database,
    request: FastifyRequest,
    subject: { userId: string | undefined; login: string },
  ): Promise<ThrottledAttempt> {
    const accountKey = subject.userId
      ? `login:user:${subject.userId}`
      : `login:name:${request.tenantId}:${subject.login.trim().toLowerCase()}`;
    const device = subject.userId ? this.devices.find(request, subject.userId) : undefined;
    const limited: { key: string; max: number }[] = device
      ? [{ key: `login:device:${device.nonce}`, max: this.limits.perAccount }]
      : [
          { key: accountKey, max: this.limits.perAccount },
          { key: `login:address:${request.ip}`, max: this.limits.perAddress },
        ];
    const counts: AttemptCount[] = [];
    for (const { key } of limited) counts.push(await countAttempt(db, key, this.windowSeconds));
    const over = counts.filter((c, i) => c.count > limited[i]!.max);
    if (over.length > 0) {
      // Nothing was checked: these attempts are not failures.
      for (const { key } of limited) await uncountAttempt(db, key);
      const seconds = Math.max(...over.map((c) => c.retryAfterSeconds));
      throw new AppError(
        429,
        ErrorCode.LoginThrottled,
        message(request, 'LoginThrottled', { minutes: Math.ceil(seconds / 60) }),
        undefined,
        { retryAfterSeconds: seconds },
      );
    }
    return {
      succeeded: async (reply) => {
        // The device, or the account for untrusted clients, starts afresh (a success on a trusted
        // device leaves the lock against guessers elsewhere in place); the address keeps only
        // real failures.
        await resetAttempts(db, [limited[0]!.key]);
        if (!device) await uncountAttempt(db, limited[1]!.key);
        if (subject.userId && reply) this.devices.remember(request, reply, subject.userId);
      },
    };
  }
}
