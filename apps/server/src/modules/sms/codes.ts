import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode, isMainlandNumber, type SmsCodeSent } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { smsCodes } from '@/db/schema.js';
import { countAttempt, uncountAttempt } from '@/lib/attempt-counters.js';
import { AppError, businessError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { proofOfWorkRequired } from '@/lib/proof-of-work.js';
import { SmsProviderError, type SmsProvider } from './provider.js';

/** The rules of a sign-in code (issue: 6 digits, 5 minutes, 5 tries, one send a minute). */
export const SMS_CODE_RULES = {
  validMinutes: 5,
  maxTries: 5,
  resendSeconds: 60,
} as const;

export interface SmsDailyLimits {
  /** Codes a day to one number, whichever store's page asks: a number is one person. */
  perNumber: number;
  /** Codes an hour, and a day, from one address before each further one needs a proof of work. */
  perAddressHourly: number;
  perAddress: number;
}

const HOUR_SECONDS = 3_600;
const DAY_SECONDS = 86_400;

const tooMany = (code: string, text: string, retryAfterSeconds: number) =>
  new AppError(429, code, text, undefined, { retryAfterSeconds });

/**
 * SMS verification codes: sending within the limits, and checking one. Codes are stored as an
 * HMAC under a key derived from the app secret (a copy of the table does not reveal them); only
 * the newest code of a number counts, and each takes at most five tries.
 */
export class SmsCodes {
  private readonly key: Buffer;

  constructor(
    private readonly provider: SmsProvider | null,
    secret: string,
    private readonly daily: SmsDailyLimits,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.key = createHmac('sha256', secret).update('sms-code').digest();
  }

  get enabled() {
    return this.provider !== null;
  }

  get sandbox() {
    return this.provider?.name === 'sandbox';
  }

  private hash(tenantId: string, phoneNumber: string, code: string) {
    return createHmac('sha256', this.key)
      .update(`${tenantId}:${phoneNumber}:${code}`)
      .digest('base64url');
  }

  /**
   * Sends a sign-in code to a number. Every number gets the same answer, whoever holds it.
   * `accountId`: the code is a staff account's second factor, sent to its phone on file; the
   * account has the same daily cap as a number (its phone may change).
   */
  async send(
    db: Database,
    request: FastifyRequest,
    phoneNumber: string,
    accountId?: string,
  ): Promise<SmsCodeSent> {
    const provider = this.provider;
    if (!provider) {
      throw businessError(ErrorCode.SmsNotConfigured, message(request, 'SmsNotConfigured'));
    }
    // Said before anything is counted: the number may not ask again, but the caller may use another.
    if (!isMainlandNumber(phoneNumber) && !provider.sendsInternational) {
      throw businessError(
        ErrorCode.SmsInternationalUnavailable,
        message(request, 'SmsInternationalUnavailable'),
      );
    }
    // Mainland numbers are keyed as their 11 digits, all others in E.164: one key per number
    // however it was typed, for the per-number limits as for the codes.
    // Counted per number across stores: a number is one person (and one bill for the texts).
    const gateKey = `sms:send:${phoneNumber}`;
    const gate = await countAttempt(db, gateKey, SMS_CODE_RULES.resendSeconds);
    if (gate.count > 1) {
      throw tooMany(
        ErrorCode.SmsTooSoon,
        message(request, 'SmsTooSoon', { seconds: gate.retryAfterSeconds }),
        gate.retryAfterSeconds,
      );
    }
    // Nothing is sent when a daily cap refuses: the counts that passed are taken back.
    const numberKey = `sms:day:${phoneNumber}`;
    const number = await countAttempt(db, numberKey, DAY_SECONDS);
    if (number.count > this.daily.perNumber) {
      await uncountAttempt(db, gateKey);
      throw tooMany(
        ErrorCode.SmsDailyLimit,
        message(request, 'SmsDailyLimit'),
        number.retryAfterSeconds,
      );
    }
    const counted = [gateKey, numberKey];
    if (accountId) {
      const accountKey = `sms:account:${accountId}`;
      const account = await countAttempt(db, accountKey, DAY_SECONDS);
      if (account.count > this.daily.perNumber) {
        for (const key of counted) await uncountAttempt(db, key);
        throw tooMany(
          ErrorCode.SmsDailyLimit,
          message(request, 'SmsDailyLimit'),
          account.retryAfterSeconds,
        );
      }
      counted.push(accountKey);
    }
    // Past a few codes from one address, each further one costs a proof of work: one person
    // cannot spend a resort's codes on random numbers, nor shut the others behind it out.
    const hour = await countAttempt(db, `sms:address-hour:${request.ip}`, HOUR_SECONDS);
    const day = await countAttempt(db, `sms:address:${request.ip}`, DAY_SECONDS);
    const busy = hour.count > this.daily.perAddressHourly || day.count > this.daily.perAddress;
    if (busy && request.proofOfWork !== 'proved') {
      for (const key of counted) await uncountAttempt(db, key);
      throw proofOfWorkRequired(request);
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await db
      .insert(smsCodes)
      .values({
        tenantId: request.tenantId,
        phoneNumber,
        purpose: 'login',
        codeHash: this.hash(request.tenantId, phoneNumber, code),
        expiresAt: sql`now() + make_interval(mins => ${SMS_CODE_RULES.validMinutes})`,
      })
      .returning({ id: smsCodes.id });
    try {
      const sent = await provider.sendVerificationCode({
        phoneNumber,
        code,
        validMinutes: SMS_CODE_RULES.validMinutes,
      });
      if (sent.providerMessageId) {
        request.log.info({ provider: provider.name, id: sent.providerMessageId }, 'SMS code sent');
      }
    } catch (err) {
      if (!(err instanceof SmsProviderError)) throw err;
      this.log.warn({ provider: provider.name, code: err.code, err: err.message }, 'SMS refused');
      // The code never arrived: it cannot be used, and the number may ask again at once.
      await db.update(smsCodes).set({ consumedAt: new Date() }).where(eq(smsCodes.id, row!.id));
      await uncountAttempt(db, gateKey);
      throw new AppError(502, ErrorCode.SmsSendFailed, message(request, 'SmsSendFailed'));
    }
    return {
      resendAfterSeconds: SMS_CODE_RULES.resendSeconds,
      validSeconds: SMS_CODE_RULES.validMinutes * 60,
      sandboxCode: provider.name === 'sandbox' ? code : null,
    };
  }

  /**
   * Checks a code against the number's newest one, counting the try first (so simultaneous
   * guesses cannot exceed the tries). Returns the code's id to `consume` once the sign-in is
   * otherwise accepted; throws when it is wrong, used, expired or out of tries.
   */
  async check(
    db: Database,
    request: FastifyRequest,
    phoneNumber: string,
    code: string,
  ): Promise<string> {
    const newest = db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.tenantId, request.tenantId), eq(smsCodes.phoneNumber, phoneNumber)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const [tried] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(
        and(
          eq(smsCodes.id, sql`(${newest})`),
          isNull(smsCodes.consumedAt),
          sql`${smsCodes.expiresAt} > now()`,
          sql`${smsCodes.attempts} < ${SMS_CODE_RULES.maxTries}`,
        ),
      )
      .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash, attempts: smsCodes.attempts });
    const expired = () =>
      businessError(ErrorCode.SmsCodeExpired, message(request, 'SmsCodeExpired'));
    if (!tried) throw expired();
    const expected = Buffer.from(tried.codeHash);
    const given = Buffer.from(this.hash(request.tenantId, phoneNumber, code));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return tried.id;
    const left = SMS_CODE_RULES.maxTries - tried.attempts;
    if (left <= 0) throw expired();
    throw businessError(ErrorCode.SmsCodeWrong, message(request, 'SmsCodeWrong', { left }), {
      triesLeft: left,
    });
  }

  /** Forgets codes a day after they were sent; any process may call it. */
  async sweep(db: Database): Promise<void> {
    await db.delete(smsCodes).where(sql`${smsCodes.createdAt} < now() - interval '1 day'`);
  }

  /** Uses a checked code up; false when a simultaneous sign-in used it first. */
  async consume(db: Database, codeId: string): Promise<boolean> {
    const used = await db
      .update(smsCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    return used.length === 1;
  }
}
