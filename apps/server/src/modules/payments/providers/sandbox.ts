import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { paymentSandboxTrades } from '@/db/schema.js';
import {
  NotificationRejected,
  ProviderError,
  type CreatePaymentInput,
  type NotificationAck,
  type NotificationRequest,
  type PaymentAction,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentQueryResult,
  type PaymentState,
  type RefundInput,
  type RefundResult,
} from '../provider.js';

type SandboxTrade = Omit<typeof paymentSandboxTrades.$inferSelect, 'state'> & {
  state: PaymentState;
};

/** The notification a sandbox 'payer' sends, signed like a real provider's. */
export interface SandboxNotice {
  headers: Record<string, string>;
  body: string;
}

const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Where the sandbox's cashier pages live, on our own server. */
export const SANDBOX_CASHIER_PATH = '/api/payments/sandbox/cashier';

/**
 * The embedded stand-in for WeChat Pay and Alipay: a cashier page on our own server with 'pay'
 * and 'fail' buttons. Its notifications are signed (HMAC-SHA256 over timestamp, nonce and body,
 * like WeChat's layout) and go through the same notification route and checks as a real
 * provider's, so every flow can be tried end to end without money moving.
 *
 * Pressing 'pay' costs nothing, so the cashier link is the capability: it carries a secret made
 * for that one trade (an HMAC of the trade number), the page and its buttons open only with it,
 * and a trade settles once (or closes when the attempt expires) and is never paid again.
 *
 * Trades are kept in the database, as a provider keeps them on its side: every server process sees
 * the same trade, and a trade settles once whichever process the payer's button reaches.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly channels = ['jsapi', 'h5', 'native'] as const;
  constructor(
    private readonly db: Database,
    private readonly options: {
      /** Signs notifications; derived from the app secret. */
      key: Buffer;
      /** Makes the cashier links' secrets; derived from the app secret, apart from `key`. */
      linkKey: Buffer;
      /** PUBLIC_BASE_URL; empty: links relative to this server (the embedded demo). */
      baseUrl: string;
    },
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    await this.db
      .insert(paymentSandboxTrades)
      .values({
        outTradeNo: input.outTradeNo,
        amountFen: input.amountFen,
        description: input.description,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt,
        state: 'pending',
        tradeNo: `SANDBOX${Date.now()}${randomBytes(3).toString('hex')}`,
      })
      .onConflictDoNothing();
    const url = `${this.options.baseUrl}${this.cashierLink(input.outTradeNo)}`;
    return input.channel === 'native' ? { type: 'qr', codeUrl: url } : { type: 'redirect', url };
  }

  /** A trade's cashier page (or one of its buttons) on this server, with the trade's secret. */
  cashierLink(outTradeNo: string, button?: 'pay' | 'fail'): string {
    const path = `${SANDBOX_CASHIER_PATH}/${encodeURIComponent(outTradeNo)}`;
    return `${button ? `${path}/${button}` : path}?secret=${this.linkSecret(outTradeNo)}`;
  }

  /** The trade a cashier link opens: only with the secret made for that trade. */
  async openTrade(
    outTradeNo: string,
    secret: string | undefined,
  ): Promise<Readonly<SandboxTrade> | undefined> {
    if (!secret) return undefined;
    const expected = Buffer.from(this.linkSecret(outTradeNo));
    const given = Buffer.from(secret);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return this.trade(outTradeNo);
  }

  /**
   * The payer pressed 'pay' or 'fail' on the cashier: a pending trade settles and the signed
   * notification to deliver is returned; a trade already settled or closed gives nothing (the
   * link pays nothing again). One conditional update: of two presses at once, one settles.
   */
  async settle(outTradeNo: string, outcome: 'pay' | 'fail'): Promise<SandboxNotice | null> {
    const [settled] = await this.db
      .update(paymentSandboxTrades)
      .set({ state: outcome === 'pay' ? 'succeeded' : 'failed' })
      .where(
        and(
          eq(paymentSandboxTrades.outTradeNo, outTradeNo),
          eq(paymentSandboxTrades.state, 'pending'),
          gt(paymentSandboxTrades.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (settled) return this.notice(asTrade(settled));
    if (!(await this.trade(outTradeNo))) {
      throw new ProviderError('No such sandbox trade', 'ORDER_NOT_EXIST');
    }
    return null;
  }

  /** A trade as it stands; like a real provider's, one not paid by its expiry reads as closed. */
  private async trade(outTradeNo: string): Promise<SandboxTrade | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentSandboxTrades)
      .where(eq(paymentSandboxTrades.outTradeNo, outTradeNo));
    if (!row) return undefined;
    const trade = asTrade(row);
    return trade.state === 'pending' && Date.now() >= trade.expiresAt.getTime()
      ? { ...trade, state: 'closed' }
      : trade;
  }

  /** A notification for a trade in its current state, signed with our key. */
  notice(
    trade: Pick<SandboxTrade, 'outTradeNo' | 'tradeNo' | 'state' | 'amountFen'>,
  ): SandboxNotice {
    const body = JSON.stringify({
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      state: trade.state,
      amount_fen: trade.amountFen,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomUUID();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-nonce': nonce,
        'x-sandbox-signature': this.sign(timestamp, nonce, body),
      },
    };
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const trade = await this.trade(outTradeNo);
    if (!trade) return { state: 'pending' };
    return { state: trade.state, providerTradeNo: trade.tradeNo, amountFen: trade.amountFen };
  }

  parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const timestamp = header('x-sandbox-timestamp');
    const nonce = header('x-sandbox-nonce');
    const signature = header('x-sandbox-signature');
    if (!timestamp || !nonce || !signature) {
      return Promise.reject(new NotificationRejected('signature headers missing'));
    }
    if (Math.abs(Date.now() - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS) {
      return Promise.reject(new NotificationRejected('timestamp too old'));
    }
    const expected = Buffer.from(this.sign(timestamp, nonce, request.rawBody));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return Promise.reject(new NotificationRejected('bad signature'));
    }
    let parsed: {
      out_trade_no?: unknown;
      trade_no?: unknown;
      state?: unknown;
      amount_fen?: unknown;
    };
    try {
      parsed = JSON.parse(request.rawBody) as typeof parsed;
    } catch {
      return Promise.reject(new NotificationRejected('body is not JSON'));
    }
    const states: readonly string[] = ['pending', 'succeeded', 'failed', 'closed'];
    if (
      typeof parsed.out_trade_no !== 'string' ||
      typeof parsed.trade_no !== 'string' ||
      typeof parsed.state !== 'string' ||
      !states.includes(parsed.state) ||
      !Number.isInteger(parsed.amount_fen)
    ) {
      return Promise.reject(new NotificationRejected('body fields missing'));
    }
    return Promise.resolve({
      outTradeNo: parsed.out_trade_no,
      providerTradeNo: parsed.trade_no,
      state: parsed.state as PaymentState,
      amountFen: parsed.amount_fen as number,
    });
  }

  acknowledge(ok: boolean, message = ''): NotificationAck {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message }),
        };
  }

  /**
   * Refunds part of a paid trade, once per refund number: one conditional update adds the refund
   * only while it fits in what is left, so refunds sent at once through different processes
   * never take back more than was paid.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const t = paymentSandboxTrades;
    const done: RefundResult = { state: 'succeeded', providerRefundNo: `R${input.outRefundNo}` };
    const [added] = await this.db
      .update(t)
      .set({
        refundedFen: sql`${t.refundedFen} + ${input.refundFen}`,
        refunds: sql`${t.refunds} || jsonb_build_object(${input.outRefundNo}::text, ${input.refundFen}::int)`,
      })
      .where(
        and(
          eq(t.outTradeNo, input.outTradeNo),
          eq(t.state, 'succeeded'),
          sql`not ${t.refunds} ? ${input.outRefundNo}::text`,
          sql`${t.refundedFen} + ${input.refundFen} <= ${t.amountFen}`,
        ),
      )
      .returning({ outTradeNo: t.outTradeNo });
    if (added) return done;
    const trade = await this.trade(input.outTradeNo);
    if (!trade || trade.state !== 'succeeded') {
      throw new ProviderError('The trade is not paid', 'TRADE_NOT_PAID');
    }
    if (input.outRefundNo in trade.refunds) return done;
    throw new ProviderError('Refund exceeds what is left', 'NOT_ENOUGH');
  }

  /**
   * A refund the sandbox has taken is done. One it has not heard of is not an answer about it
   * (as WeChat Pay answers 404 for it): its request may still be on its way, sent by another
   * process a moment ago, and calling it failed would let a second refund go out beside it.
   */
  async queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundResult> {
    const trade = await this.trade(outTradeNo);
    if (trade && outRefundNo in trade.refunds) {
      return { state: 'succeeded', providerRefundNo: `R${outRefundNo}` };
    }
    throw new ProviderError('No such refund', 'RESOURCE_NOT_EXISTS');
  }

  private linkSecret(outTradeNo: string) {
    return createHmac('sha256', this.options.linkKey).update(outTradeNo).digest('base64url');
  }

  private sign(timestamp: string, nonce: string, body: string) {
    return createHmac('sha256', this.options.key)
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .digest('base64');
  }
}

const asTrade = (row: typeof paymentSandboxTrades.$inferSelect): SandboxTrade => ({
  ...row,
  state: row.state as PaymentState,
});
