import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BusinessEvent } from '@/modules/metrics/metrics.js';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  BusinessParameterKey,
  ErrorCode,
  hasVisibleText,
  PaymentMethod,
  type Checkout,
  type OnlineMethod,
  type PaymentAction,
  type PaymentAttempt,
  type PaymentCreate,
  type RefundOnlineResult,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { bills, orders, paymentNotifications, payments, refunds, users } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError, conflictError, notFound } from '@/lib/errors.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { giveReceiptNumber } from '@/modules/orders/receipt-numbers.js';
import { findOrderDetail } from '@/modules/orders/repository.js';
import { dueAtDoorFen, payAtDoorOffered } from '@/modules/orders/cash-on-delivery.js';
import { rentalSummaryOf } from '@/modules/orders/rental-summary.js';
import type { OrderQrKeys } from '@/modules/orders/qr.js';
import { unpaidReleaseTime } from '@/modules/orders/sweep.js';
import { writeOrder } from '@/modules/orders/order-lock.js';
import {
  actorText,
  appendEvent,
  methodText,
  say,
  SYSTEM,
  type Actor,
} from '@/modules/orders/timeline.js';
import { advanceAfterPayment } from '@/modules/orders/after-payment.js';
import {
  NotificationRejected,
  ProviderError,
  type NotificationAck,
  type NotificationRequest,
  type PaymentNotification,
  type RefundResult,
} from './provider.js';
import { notifyPath, type PaymentProviders } from './registry.js';

/** No notification after this long: ask the provider (it may be late or lost). */
const LATE_MS = 5_000;
/** How long an attempt stays payable. */
const ATTEMPT_MINUTES = 30;
/** The sweep asks the provider about an attempt still pending this long after it began. */
const PENDING_ASK_AFTER = '2 minutes';
/** A notification that could not be applied is tried again after this long, then less often. */
const KEPT_RETRY_FIRST_MS = 30_000;

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Who is asking, as the payment routes know them (customers may be anonymous). */
export interface PaymentCaller {
  tenantId: string;
  userId: string | null;
  clientIp: string;
  english: boolean;
}

/**
 * Online payments and refunds behind one provider interface: starting an attempt for a bill,
 * applying a provider's notification exactly once, asking the provider when a notification is
 * late, and sending refund bills back the way the money came.
 */
export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly providers: PaymentProviders,
    private readonly publicBaseUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly qrKeys: OrderQrKeys,
    /** The business time zone: receipt numbers carry the day a bill was settled in it. */
    private readonly timeZone: string,
    /** Tells the metrics of money that moved (`ServerMetrics.count`). */
    private readonly count: (event: BusinessEvent) => void = () => undefined,
  ) {}

  /**
   * A link to a path of this server for providers and payers: on PUBLIC_BASE_URL, or relative to
   * this server in the embedded demo (it then stays on whatever address the browser already
   * uses). Never built from the request's Host, which anyone can forge. Real providers require
   * PUBLIC_BASE_URL (config/env.ts), so only the sandbox ever sees a relative link.
   */
  private link(path: string) {
    return `${this.publicBaseUrl ?? ''}${path}`;
  }

  private text(
    english: boolean,
    key: Parameters<typeof actorText>[1],
    params?: Record<string, string | number>,
  ) {
    return actorText({ userId: null, operatorName: '', english }, key, params);
  }

  private methodName(english: boolean, method: string, provider?: string) {
    return methodText(english, method, provider);
  }

  // ---- what is due -----------------------------------------------------------------------------

  /** Online methods the store enables and a provider serves. */
  private async methods(tenantId: string, storeId: string) {
    const enabled = async (key: BusinessParameterKey) =>
      (await businessParameter(this.db, tenantId, storeId, key))?.toLowerCase() === 'true';
    const online: OnlineMethod[] = [];
    if (
      (await enabled(BusinessParameterKey.WeChatPayEnabled)) &&
      this.providers.forMethod('wechat')
    )
      online.push('wechat');
    if ((await enabled(BusinessParameterKey.AlipayEnabled)) && this.providers.forMethod('alipay'))
      online.push('alipay');
    return online;
  }

  /**
   * What is due on an order and what it is for. `caller.personal` says whether the caller may
   * read the order's customer name, addresses and riders' names and its QR share key (its
   * customer, its store's staff): the payment link itself is open to anyone, who gets only what
   * paying needs.
   */
  async checkout(
    tenantId: string,
    orderId: string,
    caller: {
      userId: string | null;
      personal: (order: OrderRow) => boolean;
      /** The reader's language: the store, gear and fees are named in English for English. */
      english: boolean;
    },
  ): Promise<Checkout> {
    const detail = await findOrderDetail(this.db, tenantId, orderId, caller.english);
    if (!detail) {
      throw notFound(ErrorCode.OrderNotFound, this.text(caller.english, 'OrderNotFound'));
    }
    const { order, fees, bills: billRows } = detail;
    const [online, payBefore] = await Promise.all([
      this.methods(tenantId, order.storeId),
      unpaidReleaseTime(this.db, order),
    ]);
    const due = billRows.filter(
      (b) => b.status === BillStatus.Pending && b.kind !== BillKind.Refund,
    );
    const personal = caller.personal(order);
    const paidFen = billRows
      .filter((b) => b.status === BillStatus.Paid)
      .reduce((sum, b) => sum + (b.kind === BillKind.Refund ? -b.amountFen : b.amountFen), 0);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      storeId: order.storeId,
      storeName: detail.storeName ?? '',
      orderStatus: order.status,
      customerName: personal ? order.customerName : null,
      totalAmount: toYuan(order.totalFen),
      paidAmount: toYuan(paidFen),
      feeItems: fees.map((f) => ({
        kind: f.kind as Checkout['feeItems'][number]['kind'],
        amount: toYuan(f.amountFen),
        description: f.description,
      })),
      due: due.map((b) => ({
        billId: b.id,
        kind: b.kind as 'payment' | 'supplement',
        amount: toYuan(b.amountFen),
      })),
      dueAmount: toYuan(due.reduce((sum, b) => sum + b.amountFen, 0)),
      methods: [PaymentMethod.Cash, ...online],
      sandbox: online.filter((m) => this.providers.forMethod(m)?.name === 'sandbox'),
      payBefore: payBefore?.toISOString() ?? null,
      // The QR page's key picks the gear up at the counter: not for whoever holds a payment link.
      qrToken: personal ? this.qrKeys.sign(tenantId, order.orderNumber) : null,
      isMine: !!caller.userId && order.customerId === caller.userId,
      summary: rentalSummaryOf(detail, personal),
      payAtDoor:
        dueAtDoorFen(order, billRows) > 0
          ? 'chosen'
          : (await payAtDoorOffered(this.db, order))
            ? 'offered'
            : null,
    };
  }

  // ---- paying ----------------------------------------------------------------------------------

  /**
   * Starts (or resumes) paying a bill online. A pending attempt for the same bill, method and
   * channel that is still payable is handed back instead of a new one, so a retry on a weak
   * network does not open a second payment.
   */
  async create(caller: PaymentCaller, input: PaymentCreate): Promise<PaymentAttempt> {
    const en = caller.english;
    const [found] = await this.db
      .select({ bill: bills, order: orders })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .where(and(eq(bills.tenantId, caller.tenantId), eq(bills.id, input.billId)));
    if (!found) throw notFound(ErrorCode.BillNotFound, this.text(en, 'BillNotFound'));
    const { bill, order } = found;
    if (bill.kind === BillKind.Refund) {
      throw new AppError(400, ErrorCode.Validation, this.text(en, 'BillIsRefund'));
    }
    if (bill.status === BillStatus.Paid) {
      throw new AppError(
        409,
        ErrorCode.BillAlreadyPaid,
        this.text(en, 'BillAlreadyPaid', { method: this.methodName(en, bill.method ?? '') }),
      );
    }
    if (bill.status === BillStatus.Cancelled) {
      throw new AppError(409, ErrorCode.BillCancelled, this.text(en, 'BillCancelled'));
    }
    const methodName = this.methodName(en, input.method);
    const provider = this.providers.forMethod(input.method);
    if (!provider || !(await this.methods(caller.tenantId, order.storeId)).includes(input.method)) {
      throw new AppError(
        409,
        ErrorCode.PaymentMethodUnavailable,
        this.text(en, 'PaymentMethodUnavailable', { method: methodName }),
      );
    }
    if (!(provider.channels as readonly string[]).includes(input.channel)) {
      throw new AppError(
        409,
        ErrorCode.PaymentChannelUnavailable,
        this.text(en, 'PaymentChannelUnavailable', { method: methodName }),
      );
    }
    let openId: string | undefined;
    if (input.channel === 'jsapi' && provider.name !== 'sandbox') {
      const [payer] = caller.userId
        ? await this.db
            .select({ openId: users.weChatOpenId })
            .from(users)
            .where(eq(users.id, caller.userId))
        : [];
      openId = payer?.openId ?? undefined;
      if (!openId) {
        throw new AppError(
          409,
          ErrorCode.PaymentChannelUnavailable,
          this.text(en, 'PaymentNeedsWeChatSignIn'),
        );
      }
    }

    const [open] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.billId, bill.id),
          eq(payments.status, 'pending'),
          eq(payments.method, input.method),
          eq(payments.channel, input.channel),
          eq(payments.provider, provider.name),
          eq(payments.amountFen, bill.amountFen),
          sql`${payments.expiresAt} > now() + interval '2 minutes'`,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open) return toAttempt(open, bill.status);

    const id = randomUUID();
    // Apart from the id: a trade number seen in a log or a provider's notification must not
    // lead to the attempt (and, for the sandbox, to its cashier link).
    const outTradeNo = randomUUID().replace(/-/g, '');
    const expiresAt = new Date(Date.now() + ATTEMPT_MINUTES * 60_000);
    let action: PaymentAction;
    try {
      action = await provider.createPayment({
        outTradeNo,
        amountFen: bill.amountFen,
        description: this.text(false, 'PaymentDescription', { orderNumber: order.orderNumber }),
        channel: input.channel,
        notifyUrl: this.link(notifyPath(provider.name)),
        returnUrl: this.link(input.returnPath ?? '/'),
        openId,
        clientIp: caller.clientIp,
        expiresAt,
      });
    } catch (err) {
      throw this.providerFailed(err, methodName, en);
    }
    const [row] = await this.db
      .insert(payments)
      .values({
        id,
        tenantId: caller.tenantId,
        billId: bill.id,
        orderId: order.id,
        outTradeNo,
        provider: provider.name,
        method: input.method,
        channel: input.channel,
        amountFen: bill.amountFen,
        status: 'pending',
        action,
        expiresAt,
        createdBy: caller.userId,
      })
      .returning();
    return toAttempt(row!, bill.status);
  }

  private providerFailed(err: unknown, method: string, en: boolean) {
    if (!(err instanceof ProviderError)) throw err;
    this.log.warn({ err: err.message, code: err.code }, 'payment provider refused');
    return new AppError(
      502,
      ErrorCode.PaymentProviderFailed,
      this.text(en, 'PaymentProviderFailed', { method, reason: err.message }),
    );
  }

  /** An attempt as it stands, asking the provider first when its notification is late. */
  async attempt(tenantId: string, paymentId: string, english: boolean): Promise<PaymentAttempt> {
    const first = await this.paymentRow(tenantId, paymentId, english);
    if (first.status === 'pending') await this.sync(first);
    const row =
      first.status === 'pending' ? await this.paymentRow(tenantId, paymentId, english) : first;
    const [bill] = await this.db
      .select({ status: bills.status })
      .from(bills)
      .where(eq(bills.id, row.billId));
    return toAttempt(row, bill?.status ?? BillStatus.Cancelled);
  }

  private async paymentRow(tenantId: string, paymentId: string, english: boolean) {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)));
    if (!row) throw notFound(ErrorCode.PaymentNotFound, this.text(english, 'PaymentNotFound'));
    return row;
  }

  /** Pending attempts of a bill whose notification is late are checked with their provider. */
  async syncBill(billId: string) {
    const pending = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.billId, billId), eq(payments.status, 'pending')));
    for (const row of pending) await this.sync(row);
  }

  private async sync(row: PaymentRow) {
    if (Date.now() - row.createdAt.getTime() < LATE_MS) return;
    const provider = this.providers.byName(row.provider);
    if (!provider) return;
    try {
      const result = await provider.queryPayment(row.outTradeNo);
      if (result.state === 'pending') return;
      await this.apply(row.provider, {
        outTradeNo: row.outTradeNo,
        state: result.state,
        amountFen: result.amountFen ?? row.amountFen,
        providerTradeNo: result.providerTradeNo ?? '',
      });
    } catch (err) {
      // The provider could not be reached: the notification may still come; ask again later.
      this.log.warn({ err, outTradeNo: row.outTradeNo }, 'payment query failed');
    }
  }

  // ---- notifications ---------------------------------------------------------------------------

  /**
   * A provider's notification: verified by the provider's adapter, checked against our record
   * (provider, merchant, amount), applied once however often it arrives, and logged whatever
   * became of it.
   */
  async notify(
    providerName: string,
    request: NotificationRequest,
  ): Promise<NotificationAck | null> {
    const provider = this.providers.byName(providerName);
    if (!provider) return null;
    const record = (
      outcome: (typeof paymentNotifications.$inferInsert)['outcome'],
      detail: string,
      outTradeNo?: string,
      kept?: Pick<typeof paymentNotifications.$inferInsert, 'notification' | 'retryAt'>,
    ) =>
      this.db.insert(paymentNotifications).values({
        provider: providerName,
        outTradeNo: outTradeNo ?? null,
        outcome,
        detail,
        // Kept as received, unless there is nothing to read in it.
        body: hasVisibleText(request.rawBody) ? request.rawBody.slice(0, 4096) : '',
        ...kept,
      });
    let notification: PaymentNotification;
    try {
      notification = await provider.parseNotification(request);
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      this.log.warn(
        { provider: providerName, reason: err.message },
        'payment notification refused',
      );
      await record('rejected', err.message);
      return provider.acknowledge(false, err.message);
    }
    const expected = this.providers.expected[provider.name];
    if (
      (expected?.merchantId &&
        notification.merchantId &&
        expected.merchantId !== notification.merchantId) ||
      (expected?.appId && notification.appId && expected.appId !== notification.appId)
    ) {
      await record('mismatch', 'merchant or app id', notification.outTradeNo);
      return provider.acknowledge(false, 'merchant or app id mismatch');
    }
    let outcome: Awaited<ReturnType<typeof this.apply>>;
    try {
      outcome = await this.apply(provider.name, notification);
    } catch (err) {
      // Verified, but it could not be applied now (the order locked past the statement time-out,
      // a fault of ours): kept and applied again by the sweep until it is
      // (followPendingPayments), and the provider is told to send it again too. With nowhere to
      // keep it (the database away) the caller gets 503 and the provider's retries bring it back.
      const kept = await record(
        'failed',
        'not applied yet: kept to apply again',
        notification.outTradeNo,
        {
          notification: {
            provider: provider.name,
            outTradeNo: notification.outTradeNo,
            state: notification.state,
            amountFen: notification.amountFen,
            providerTradeNo: notification.providerTradeNo,
          },
          retryAt: new Date(Date.now() + KEPT_RETRY_FIRST_MS),
        },
      ).then(
        () => true,
        () => false,
      );
      if (!kept) throw err;
      this.log.error(
        { err, provider: providerName, outTradeNo: notification.outTradeNo },
        'payment notification not applied: kept to apply again',
      );
      return provider.acknowledge(false, 'not applied yet');
    }
    await record(outcome.outcome, outcome.detail, notification.outTradeNo);
    if (outcome.outcome === 'mismatch' || outcome.outcome === 'unknown') {
      this.log.warn({ provider: providerName, ...outcome }, 'payment notification not applied');
      return provider.acknowledge(false, outcome.detail);
    }
    return provider.acknowledge(true);
  }

  /** The provider's word on an attempt, applied once. */
  private async apply(
    providerName: string,
    n: PaymentNotification,
  ): Promise<{
    outcome: 'applied' | 'duplicate' | 'ignored' | 'mismatch' | 'unknown';
    detail: string;
  }> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, n.outTradeNo));
    if (!row) return { outcome: 'unknown', detail: 'no such out_trade_no' };
    if (row.provider !== providerName) return { outcome: 'mismatch', detail: 'provider' };
    if (n.state === 'pending') return { outcome: 'ignored', detail: 'still pending' };
    if (n.state !== 'succeeded') {
      const [changed] = await this.db
        .update(payments)
        .set({ status: n.state, updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return changed
        ? { outcome: 'applied', detail: n.state }
        : { outcome: 'duplicate', detail: n.state };
    }
    if (n.amountFen !== row.amountFen) {
      return { outcome: 'mismatch', detail: `amount ${n.amountFen} ≠ ${row.amountFen}` };
    }
    // The order, its bill, then the payment: the lock order of every write to an order.
    const paidTwice = await writeOrder(this.db, row.orderId, async (tx) => {
      const [bill] = await tx.select().from(bills).where(eq(bills.id, row.billId)).for('update');
      const [locked] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, row.id))
        .for('update');
      if (!locked || locked.status === 'succeeded') return null;
      // Money that cannot settle the bill goes back: the bill is paid or cancelled already, or
      // its amount changed since this attempt began (an extension added to it).
      const stale =
        !!bill && bill.status === BillStatus.Pending && bill.amountFen !== row.amountFen;
      const twice = !bill || bill.status !== BillStatus.Pending || stale;
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          providerTradeNo: n.providerTradeNo || null,
          paidAt: new Date(),
          duplicate: twice,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, row.id));
      const method = this.methodName(false, row.method, row.provider);
      const methodIn = (english: boolean) => this.methodName(english, row.method, row.provider);
      const actor: Actor = {
        userId: null,
        operatorName: method,
        operatorNameEn: methodIn(true),
        english: false,
      };
      const amount = toYuan(row.amountFen).toFixed(2);
      if (twice) {
        await appendEvent(
          tx,
          row.orderId,
          {
            kind: 'payment',
            message: say(stale ? 'OnlinePaymentStale' : 'OnlinePaymentDuplicate', {
              method: methodIn,
              amount,
            }),
          },
          actor,
        );
        return true;
      }
      await tx
        .update(bills)
        .set({
          status: BillStatus.Paid,
          method: row.method,
          confirmedByName: method,
          paidAt: new Date(),
        })
        .where(eq(bills.id, row.billId));
      await appendEvent(
        tx,
        row.orderId,
        {
          kind: 'payment',
          message: say('OnlinePaymentReceived', { method: methodIn, amount }),
        },
        actor,
      );
      await advanceAfterPayment(tx, row.orderId, actor);
      await giveReceiptNumber(tx, row.billId, this.timeZone);
      return false;
    });
    if (paidTwice === null) return { outcome: 'duplicate', detail: 'already applied' };
    if (paidTwice) await this.refundDuplicate(row);
    else this.count('payment_online');
    return { outcome: 'applied', detail: paidTwice ? 'bill already paid: refunded' : 'paid' };
  }

  /** Money taken for a bill already paid goes straight back. */
  private async refundDuplicate(row: PaymentRow) {
    const [refund] = await this.db
      .insert(refunds)
      .values({
        tenantId: row.tenantId,
        paymentId: row.id,
        billId: null,
        outRefundNo: randomUUID().replace(/-/g, ''),
        amountFen: row.amountFen,
        status: 'pending',
        reason: 'duplicate payment',
      })
      .returning();
    await this.sendRefund(refund!, row);
  }

  // ---- refunds ---------------------------------------------------------------------------------

  /**
   * Sends a refund bill back the way the money came: spread over the order's online payments
   * (newest first), never more than each has left, all or nothing. Idempotent: a bill already
   * refunded or in progress is not sent twice.
   */
  async refundOnline(billId: string, actor: Actor): Promise<RefundOnlineResult> {
    await this.syncRefunds(billId);
    const orderId = await this.orderOfBill(billId);
    if (!orderId) throw notFound(ErrorCode.BillNotFound, actorText(actor, 'BillNotFound'));
    const toSend = await writeOrder(this.db, orderId, async (tx) => {
      const [bill] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
      if (!bill) throw notFound(ErrorCode.BillNotFound, actorText(actor, 'BillNotFound'));
      if (bill.kind !== BillKind.Refund) {
        throw conflictError(ErrorCode.OrderIllegalTransition, actorText(actor, 'BillNotRefund'));
      }
      if (bill.status === BillStatus.Cancelled) {
        throw new AppError(409, ErrorCode.BillCancelled, actorText(actor, 'BillCancelled'));
      }
      // One writer per bill: a refund given back in cash is never sent online too.
      if (bill.status === BillStatus.Paid && bill.method === 'cash') {
        throw new AppError(
          409,
          ErrorCode.RefundNotPossible,
          actorText(actor, 'RefundAlreadyCash', {
            amount: toYuan(bill.amountFen).toFixed(2),
            name: bill.confirmedByName ?? '',
          }),
        );
      }
      if (bill.status === BillStatus.Paid) return [];
      const live = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.billId, billId), inArray(refunds.status, ['pending', 'succeeded'])));
      if (live.length > 0) return [];
      const paid = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, bill.orderId),
            eq(payments.status, 'succeeded'),
            eq(payments.duplicate, false),
          ),
        )
        .orderBy(desc(payments.paidAt))
        .for('update');
      const taken = paid.length
        ? await tx
            .select({
              paymentId: refunds.paymentId,
              fen: sql<number>`sum(${refunds.amountFen})`.mapWith(Number),
            })
            .from(refunds)
            .where(
              and(
                inArray(
                  refunds.paymentId,
                  paid.map((p) => p.id),
                ),
                inArray(refunds.status, ['pending', 'succeeded']),
              ),
            )
            .groupBy(refunds.paymentId)
        : [];
      const left = paid.map((p) => ({
        payment: p,
        fen: p.amountFen - (taken.find((t) => t.paymentId === p.id)?.fen ?? 0),
      }));
      const onlineFen = left.reduce((sum, l) => sum + Math.max(0, l.fen), 0);
      if (onlineFen < bill.amountFen) {
        throw new AppError(
          409,
          ErrorCode.RefundNotPossible,
          actorText(actor, 'RefundOnlineShort', { online: toYuan(onlineFen).toFixed(2) }),
        );
      }
      let remaining = bill.amountFen;
      const created: { refund: RefundRow; payment: PaymentRow }[] = [];
      for (const { payment, fen } of left) {
        if (remaining === 0) break;
        const share = Math.min(remaining, fen);
        if (share <= 0) continue;
        remaining -= share;
        const [refund] = await tx
          .insert(refunds)
          .values({
            tenantId: bill.tenantId,
            paymentId: payment.id,
            billId,
            outRefundNo: randomUUID().replace(/-/g, ''),
            amountFen: share,
            status: 'pending',
            reason: 'deposit refund',
            createdBy: actor.userId,
          })
          .returning();
        created.push({ refund: refund!, payment });
      }
      return created;
    });
    for (const { refund, payment } of toSend) await this.sendRefund(refund, payment);
    await this.finishRefundBill(billId, actor);
    const result = await this.refundResult(billId);
    const failed = result.refunds.find(
      (r) => r.status === 'failed' && toSend.some((s) => s.refund.id === r.id),
    );
    if (failed) {
      throw new AppError(
        502,
        ErrorCode.PaymentProviderFailed,
        actorText(actor, 'RefundOnlineFailed', { reason: failed.failure ?? '' }),
      );
    }
    if (toSend.length > 0) this.count('refund_online');
    return result;
  }

  /**
   * Asks the provider about the refunds sent for a bill and closes the bill once they are done,
   * sending nothing new: the counter's 'check the refund' may not turn into a second refund when
   * the provider has meanwhile refused the first (the bill is then free for another way).
   */
  async checkRefund(billId: string, actor: Actor): Promise<RefundOnlineResult> {
    await this.syncRefunds(billId);
    await this.finishRefundBill(billId, actor);
    return this.refundResult(billId);
  }

  /**
   * Sends what an order owes back (its pending refund bills) the way it was paid, with no one at
   * the counter: after a customer cancels, and when a self-return is checked in. A bill that
   * cannot go back online (paid in cash, or the provider refuses) stays pending for the store,
   * which sees it on the order; it is never an error for the caller.
   */
  async refundOwed(orderId: string, actor: Actor): Promise<void> {
    const owed = await this.db
      .select({ id: bills.id })
      .from(bills)
      .where(
        and(
          eq(bills.orderId, orderId),
          eq(bills.kind, BillKind.Refund),
          eq(bills.status, BillStatus.Pending),
        ),
      );
    for (const bill of owed) {
      try {
        await this.refundOnline(bill.id, actor);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        this.log.warn({ billId: bill.id, code: err.code }, 'refund left for the store');
      }
    }
  }

  /**
   * No payment is left waiting for a word that was lost: notifications kept because they could
   * not be applied are applied again, and attempts still pending a few minutes after they began
   * are asked about at their provider (the sandbox included), which settles them — or, when the
   * bill was paid another way meanwhile, sends the money straight back. Each row is taken by one
   * sweeping process at a time (`FOR UPDATE SKIP LOCKED` while its next time is moved on), so
   * several processes never ask twice; a batch a sweep.
   */
  async followPendingPayments(batch = 20): Promise<void> {
    await this.applyKeptNotifications(batch);
    await this.askAboutPendingPayments(batch);
  }

  private async applyKeptNotifications(batch: number) {
    const due = this.db
      .select({ id: paymentNotifications.id })
      .from(paymentNotifications)
      .where(lte(paymentNotifications.retryAt, sql`now()`))
      .orderBy(asc(paymentNotifications.retryAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    // Taken: the next try is moved on first (30 s, doubling up to half an hour), so a try that
    // fails again waits its turn, and no other process takes it meanwhile.
    const taken = await this.db
      .update(paymentNotifications)
      .set({
        retryAt: sql`now() + least(interval '30 minutes', interval '30 seconds' * power(2, ${paymentNotifications.attempts}))`,
        attempts: sql`${paymentNotifications.attempts} + 1`,
      })
      .where(inArray(paymentNotifications.id, due))
      .returning();
    for (const kept of taken) {
      if (!kept.notification) continue;
      try {
        const outcome = await this.apply(kept.notification.provider, kept.notification);
        await this.db
          .update(paymentNotifications)
          .set({
            outcome: outcome.outcome,
            detail: `${outcome.detail} (applied again)`,
            retryAt: null,
          })
          .where(eq(paymentNotifications.id, kept.id));
      } catch (err) {
        this.log.warn(
          { err, outTradeNo: kept.outTradeNo },
          'kept payment notification not applied yet',
        );
      }
    }
  }

  private async askAboutPendingPayments(batch: number) {
    // Pending past PENDING_ASK_AFTER and begun within two days; asked again after a tenth of
    // its age (a minute at least, half an hour at most).
    const due = this.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, sql`now() - ${PENDING_ASK_AFTER}::interval`),
          gt(payments.createdAt, sql`now() - interval '2 days'`),
          or(
            isNull(payments.checkedAt),
            lt(
              payments.checkedAt,
              sql`now() - greatest(interval '1 minute', least(interval '30 minutes', (now() - ${payments.createdAt}) / 10))`,
            ),
          ),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const taken = await this.db
      .update(payments)
      .set({ checkedAt: sql`now()` })
      .where(inArray(payments.id, due))
      .returning();
    for (const row of taken) {
      try {
        await this.sync(row);
      } catch (err) {
        this.log.warn({ err, outTradeNo: row.outTradeNo }, 'pending payment not settled yet');
      }
    }
  }

  /**
   * Refunds the provider took but had not finished (WeChat Pay answers PROCESSING) are asked
   * about again, a batch a sweep, and their bills closed once the money is back: no one has to
   * tap anything for the customer's refund to show as done.
   */
  async followPendingRefunds(batch = 20): Promise<void> {
    const waiting = await this.db
      .selectDistinct({ billId: refunds.billId })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'pending'),
          lt(refunds.createdAt, sql`now() - interval '30 seconds'`),
        ),
      )
      .limit(batch);
    for (const { billId } of waiting) {
      if (billId) {
        await this.syncRefunds(billId);
        await this.finishRefundBill(billId, SYSTEM);
      } else {
        await this.syncRefunds(null);
      }
    }
  }

  private async sendRefund(refund: RefundRow, payment: PaymentRow) {
    const provider = this.providers.byName(payment.provider);
    try {
      if (!provider) throw new ProviderError(`${payment.provider} is not configured`);
      const result = await provider.refund({
        outTradeNo: payment.outTradeNo,
        outRefundNo: refund.outRefundNo,
        refundFen: refund.amountFen,
        totalFen: payment.amountFen,
        reason: refund.reason,
        notifyUrl: this.link(notifyPath(payment.provider)),
      });
      await this.recordRefund(refund.id, result);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.log.warn({ err: err.message, code: err.code }, 'refund refused');
      await this.recordRefund(refund.id, { state: 'failed' }, err.message);
    }
  }

  /** The provider's word on a refund, recorded once (a refund leaves 'pending' one time). */
  private async recordRefund(refundId: string, result: RefundResult, failure?: string) {
    await this.db
      .update(refunds)
      .set({
        status: result.state,
        providerRefundNo: result.providerRefundNo ?? null,
        succeededAt: result.state === 'succeeded' ? new Date() : null,
        failure: failure ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
  }

  /** Refunds still in progress at the provider are asked about again. */
  /** Asks about a bill's pending refunds, or (null) those of payments that paid a bill twice. */
  private async syncRefunds(billId: string | null) {
    const pending = await this.db
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          billId ? eq(refunds.billId, billId) : isNull(refunds.billId),
          eq(refunds.status, 'pending'),
        ),
      )
      .limit(50);
    for (const { refund, payment } of pending) {
      const provider = this.providers.byName(payment.provider);
      if (!provider) continue;
      try {
        const result = await provider.queryRefund(refund.outRefundNo, payment.outTradeNo);
        if (result.state !== 'pending') await this.recordRefund(refund.id, result);
      } catch (err) {
        this.log.warn({ err, outRefundNo: refund.outRefundNo }, 'refund query failed');
      }
    }
  }

  /** The refund bill is paid once everything sent for it has gone through. */
  private async finishRefundBill(billId: string, actor: Actor) {
    const orderId = await this.orderOfBill(billId);
    if (!orderId) return;
    await writeOrder(this.db, orderId, async (tx) => {
      const [bill] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update');
      if (!bill || bill.status !== BillStatus.Pending) return;
      const sent = await this.refundsOf(tx, billId);
      const live = sent.filter((r) => r.refund.status !== 'failed');
      const doneFen = live
        .filter((r) => r.refund.status === 'succeeded')
        .reduce((sum, r) => sum + r.refund.amountFen, 0);
      if (live.some((r) => r.refund.status === 'pending') || doneFen !== bill.amountFen) return;
      const { method, provider } = live[0]!.payment;
      await tx
        .update(bills)
        .set({
          status: BillStatus.Paid,
          method,
          confirmedBy: actor.userId,
          confirmedByName: actor.operatorName,
          paidAt: new Date(),
        })
        .where(eq(bills.id, billId));
      await appendEvent(
        tx,
        bill.orderId,
        {
          kind: 'refund',
          message: say('RefundSentOnline', {
            amount: toYuan(bill.amountFen).toFixed(2),
            method: (english) => this.methodName(english, method, provider),
          }),
        },
        actor,
      );
      await advanceAfterPayment(tx, bill.orderId, actor);
      await giveReceiptNumber(tx, billId, this.timeZone);
    });
  }

  /** The order a bill belongs to (a bill never moves), whose row its writes lock first. */
  private async orderOfBill(billId: string): Promise<string | undefined> {
    const [found] = await this.db
      .select({ orderId: bills.orderId })
      .from(bills)
      .where(eq(bills.id, billId));
    return found?.orderId;
  }

  private refundsOf(tx: Database | Transaction, billId: string) {
    return tx
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.billId, billId))
      .orderBy(asc(refunds.createdAt));
  }

  async refundResult(billId: string): Promise<RefundOnlineResult> {
    const [bill] = await this.db.select().from(bills).where(eq(bills.id, billId));
    if (!bill) throw notFound(ErrorCode.BillNotFound, this.text(false, 'BillNotFound'));
    const sent = await this.refundsOf(this.db, billId);
    return {
      billId,
      orderId: bill.orderId,
      status: bill.status,
      amount: toYuan(bill.amountFen),
      refunds: sent.map(({ refund, payment }) => ({
        id: refund.id,
        method: payment.method,
        amount: toYuan(refund.amountFen),
        status: refund.status,
        failure: refund.failure,
        createdAt: refund.createdAt.toISOString(),
      })),
    };
  }

  /** For the sandbox cashier page: the attempt behind a trade number. */
  async byTradeNo(outTradeNo: string) {
    const [row] = await this.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    return row ?? null;
  }
}

function toAttempt(row: PaymentRow, billStatus: PaymentAttempt['billStatus']): PaymentAttempt {
  return {
    billStatus,
    paymentId: row.id,
    billId: row.billId,
    orderId: row.orderId,
    method: row.method,
    channel: row.channel,
    provider: row.provider,
    amount: toYuan(row.amountFen),
    status: row.status,
    action: row.action as PaymentAction,
    expiresAt: row.expiresAt.toISOString(),
  };
}
