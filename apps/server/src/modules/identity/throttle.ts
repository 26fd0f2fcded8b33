import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type LoginLockData } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import {
  countAttempt,
  currentAttempts,
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
 * - From anywhere else: the account's failures from untrusted clients, and the address's. An
 *   account locked so, with a phone on file, still lets its owner in on a new device with the
 *   password and a code texted to that phone (the second factor): the lock answer says so.
 */
export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly devices: DeviceCookies,
  ) {}

  private get windowSeconds() {
    return this.limits.windowMinutes * 60;
  }

  private accountKey(
    request: FastifyRequest,
    subject: { userId: string | undefined; login: string },
  ) {
    return subject.userId
      ? `login:user:${subject.userId}`
      : `login:name:${request.tenantId}:${subject.login.trim().toLowerCase()}`;
  }

  private untrustedLimits(request: FastifyRequest, accountKey: string) {
    return [
      { key: accountKey, max: this.limits.perAccount },
      { key: `login:address:${request.ip}`, max: this.limits.perAddress },
    ];
  }

  /**
   * Whether the account's next sign-in from this client would be refused (a client it never
   * signed in on, with the account's or the address's failures at their limit): when the second
   * factor may be asked for.
   */
  async lockedForThisClient(db: Database, request: FastifyRequest, userId: string) {
    if (this.devices.find(request, userId)) return false;
    for (const { key, max } of this.untrustedLimits(request, `login:user:${userId}`)) {
      const count = await currentAttempts(db, key);
      if (count && count.count >= max) return true;
    }
    return false;
  }

  /**
   * Counts this attempt for `userId` (or, for a login that names nobody, for the login text so
   * unknown names are throttled alike). Throws 429 when a limit is reached; its data offers the
   * second factor when `subject.maskedPhone` says the account may use one.
   *
   * `secondFactor`: the caller gave the right code texted to the account's phone. The holder of
   * that phone is not a guesser from elsewhere, and the code's tries and the SMS caps bound such
   * attempts: the locks for untrusted clients do not refuse it, though a wrong password still
   * counts against the account.
   */
  async begin(
    db: Database,
    request: FastifyRequest,
    subject: { userId: string | undefined; login: string; maskedPhone?: string | null },
    options: { secondFactor?: boolean } = {},
  ): Promise<ThrottledAttempt> {
    const accountKey = this.accountKey(request, subject);
    if (options.secondFactor && subject.userId) {
      const userId = subject.userId;
      await countAttempt(db, accountKey, this.windowSeconds);
      return {
        succeeded: async (reply) => {
          await resetAttempts(db, [accountKey]);
          if (reply) this.devices.remember(request, reply, userId);
        },
      };
    }
    const device = subject.userId ? this.devices.find(request, subject.userId) : undefined;
    const limited: { key: string; max: number }[] = device
      ? [{ key: `login:device:${device.nonce}`, max: this.limits.perAccount }]
      : this.untrustedLimits(request, accountKey);
    const counts: AttemptCount[] = [];
    for (const { key } of limited) counts.push(await countAttempt(db, key, this.windowSeconds));
    const over = counts.filter((c, i) => c.count > limited[i]!.max);
    if (over.length > 0) {
      // Nothing was checked: these attempts are not failures.
      for (const { key } of limited) await uncountAttempt(db, key);
      const seconds = Math.max(...over.map((c) => c.retryAfterSeconds));
      // A device's own lock is its owner's typos: no second factor there, it passes in time.
      if (!device && subject.maskedPhone) {
        const data: LoginLockData = {
          retryAfterSeconds: seconds,
          secondFactor: 'sms',
          maskedPhone: subject.maskedPhone,
        };
        throw new AppError(
          429,
          ErrorCode.LoginThrottled,
          message(request, 'LoginLockedSmsPossible', { minutes: Math.ceil(seconds / 60) }),
          undefined,
          { ...data },
        );
      }
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
