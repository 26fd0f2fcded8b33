import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  ErrorCode,
  FeeItemKind,
  FINANCE_MAX_RANGE_DAYS,
  FINANCE_METHODS,
  financeRangeDays,
  financeRangeProblem,
  OrderStatus,
  RoleName,
  type FinanceBill,
  type FinanceBillsQuerySchema,
  type FinanceRangeQuerySchema,
  type FinanceSummary,
  type PagedResult,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import { bills, orderFeeItems, orders, stores } from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { AppError, badRequest, notFound } from '@/lib/errors.js';
import { findStore } from '@/lib/stores.js';
import { isEnglish, message, type MessageKey } from '@/lib/messages.js';
import { pageOf } from '@/lib/paging.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { localSecond, zonedMidnight } from '@/lib/local-time.js';

type RangeInput = z.output<typeof FinanceRangeQuerySchema>;
type BillsInput = z.output<typeof FinanceBillsQuerySchema>;

/** Orders whose gear is booked or out and whose payment is in: their deposits are held. */
export const DEPOSIT_HOLDING_STATUSES: readonly OrderStatus[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

const DAY_MS = 86_400_000;

/** The store the numbers are for: one store, or every store (null) for a super admin. */
export interface Scope {
  storeId: string | null;
  storeName: string | null;
}

/** A range resolved to instants: [start, end) in the business time zone. */
export interface Range {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * Reconciliation: takings and refunds by method and by day, deposits held, and money still to
 * collect or give back. All sums are integer fen in SQL; yuan only at the edge.
 */
export class FinanceService {
  constructor(
    protected readonly db: Database,
    protected readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get user() {
    return this.request.user!;
  }
  private msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  // ---- scope and range -------------------------------------------------------------------------

  /** A super admin picks any store or none (all); other staff get their own store, only. */
  protected async scope(requested: string | undefined): Promise<Scope> {
    const seesAll = this.user.roles.includes(RoleName.SuperAdmin);
    const own = this.user.primaryStoreId;
    if (!seesAll) {
      if (!own) throw new AppError(403, ErrorCode.Forbidden, this.msg('FinanceNoStore'));
      if (requested && requested !== own) {
        throw new AppError(403, ErrorCode.Forbidden, this.msg('FinanceOtherStore'));
      }
    }
    const storeId = seesAll ? (requested ?? null) : own!;
    if (!storeId) return { storeId: null, storeName: null };
    const store = await findStore(this.db, this.tenantId, storeId, isEnglish(this.request));
    if (!store) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    return { storeId, storeName: store.name };
  }

  protected range(input: { from: string; to: string }): Range {
    const { from, to } = input;
    const problem = financeRangeProblem(from, to);
    if (problem === 'fromAfterTo') throw badRequest(this.msg('FinanceFromAfterTo', { from, to }));
    if (problem === 'tooLong') {
      throw badRequest(
        this.msg('FinanceRangeTooLong', {
          max: FINANCE_MAX_RANGE_DAYS,
          days: financeRangeDays(from, to),
        }),
      );
    }
    return {
      from,
      to,
      start: zonedMidnight(from, this.timeZone),
      end: zonedMidnight(to, this.timeZone, 1),
    };
  }

  private storeFilter(scope: Scope): SQL | undefined {
    return scope.storeId ? eq(orders.storeId, scope.storeId) : undefined;
  }

  /** Bills paid within the range, of the scope's orders. */
  private paidIn(scope: Scope, range: Range): SQL | undefined {
    return and(
      eq(bills.tenantId, this.tenantId),
      eq(bills.status, BillStatus.Paid),
      gte(bills.paidAt, range.start),
      lt(bills.paidAt, range.end),
      this.storeFilter(scope),
    );
  }

  // ---- summary ---------------------------------------------------------------------------------

  async summary(input: RangeInput): Promise<FinanceSummary> {
    const range = this.range(input);
    const scope = await this.scope(input.storeId);
    const isRefund = sql`${bills.kind} = ${BillKind.Refund}`;
    const day = sql<string>`to_char(${bills.paidAt} at time zone ${this.timeZone}, 'YYYY-MM-DD')`;
    const method = sql<string>`coalesce(${bills.method}, 'unknown')`;
    const fen = (where: SQL) =>
      sql<number>`coalesce(sum(${bills.amountFen}) filter (where ${where}), 0)`.mapWith(Number);
    const n = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

    const [paid, deposits, open] = await Promise.all([
      this.db
        .select({
          day,
          method,
          paymentsFen: fen(sql`not (${isRefund})`),
          paymentCount: n(sql`not (${isRefund})`),
          refundsFen: fen(isRefund),
          refundCount: n(isRefund),
        })
        .from(bills)
        .innerJoin(orders, eq(orders.id, bills.orderId))
        .where(this.paidIn(scope, range))
        // By position: the time zone is a bound parameter, so the expressions would not match.
        .groupBy(sql`1`, sql`2`),
      this.db
        .select({
          fen: sql<number>`coalesce(sum(${orderFeeItems.amountFen}), 0)`.mapWith(Number),
          orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
        })
        .from(orderFeeItems)
        .innerJoin(orders, eq(orders.id, orderFeeItems.orderId))
        .where(
          and(
            eq(orders.tenantId, this.tenantId),
            eq(orderFeeItems.kind, FeeItemKind.Deposit),
            inArray(orders.status, [...DEPOSIT_HOLDING_STATUSES]),
            // Cash on delivery: no deposit is held until the driver collects the payment.
            sql`not exists (select 1 from ${bills} where ${bills.orderId} = ${orders.id}
              and ${bills.kind} = ${BillKind.Payment} and ${bills.status} = ${BillStatus.Pending})`,
            this.storeFilter(scope),
          ),
        ),
      this.db
        .select({
          awaitingFen: fen(sql`not (${isRefund})`),
          awaitingCount: n(sql`not (${isRefund})`),
          owedFen: fen(isRefund),
          owedCount: n(isRefund),
        })
        .from(bills)
        .innerJoin(orders, eq(orders.id, bills.orderId))
        .where(
          and(
            eq(bills.tenantId, this.tenantId),
            eq(bills.status, BillStatus.Pending),
            this.storeFilter(scope),
          ),
        ),
    ]);

    const methods = new Map<string, MethodFen>(FINANCE_METHODS.map((m) => [m, emptyMethod()]));
    const days = new Map<string, { in: number; out: number }>();
    for (const row of paid) {
      const m = methods.get(row.method) ?? emptyMethod();
      m.inFen += row.paymentsFen;
      m.inCount += row.paymentCount;
      m.outFen += row.refundsFen;
      m.outCount += row.refundCount;
      methods.set(row.method, m);
      const d = days.get(row.day) ?? { in: 0, out: 0 };
      d.in += row.paymentsFen;
      d.out += row.refundsFen;
      days.set(row.day, d);
    }
    const byMethod = [...methods].map(([name, m]) => ({
      method: name,
      payments: toYuan(m.inFen),
      paymentCount: m.inCount,
      refunds: toYuan(m.outFen),
      refundCount: m.outCount,
      net: toYuan(m.inFen - m.outFen),
    }));
    let inFen = 0;
    let outFen = 0;
    for (const m of methods.values()) {
      inFen += m.inFen;
      outFen += m.outFen;
    }
    const held = deposits[0];
    const pending = open[0];
    return {
      from: range.from,
      to: range.to,
      storeId: scope.storeId,
      storeName: scope.storeName,
      byMethod,
      totals: { payments: toYuan(inFen), refunds: toYuan(outFen), net: toYuan(inFen - outFen) },
      depositsHeld: toYuan(held?.fen ?? 0),
      depositsHeldOrders: held?.orders ?? 0,
      awaiting: { count: pending?.awaitingCount ?? 0, amount: toYuan(pending?.awaitingFen ?? 0) },
      refundsOwed: { count: pending?.owedCount ?? 0, amount: toYuan(pending?.owedFen ?? 0) },
      daily: daysOf(range.from, range.to).map((date) => {
        const d = days.get(date) ?? { in: 0, out: 0 };
        return {
          date,
          payments: toYuan(d.in),
          refunds: toYuan(d.out),
          net: toYuan(d.in - d.out),
        };
      }),
    };
  }

  // ---- paid bills ------------------------------------------------------------------------------

  private paidBills(scope: Scope, range: Range) {
    return this.db
      .select({
        billId: bills.id,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        kind: bills.kind,
        method: bills.method,
        amountFen: bills.amountFen,
        paidAt: bills.paidAt,
        confirmedByName: bills.confirmedByName,
        storeName: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn),
        receiptNo: bills.receiptNo,
      })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(this.paidIn(scope, range))
      .orderBy(desc(bills.paidAt), desc(bills.id))
      .$dynamic();
  }

  /** Paid bills of the range, newest first. */
  async bills(input: BillsInput): Promise<PagedResult<FinanceBill>> {
    const range = this.range(input);
    const scope = await this.scope(input.storeId);
    const page = pageOf(input);
    const [rows, [total]] = await Promise.all([
      this.paidBills(scope, range).limit(page.limit).offset(page.offset),
      this.db
        .select({ n: count() })
        .from(bills)
        .innerJoin(orders, eq(orders.id, bills.orderId))
        .where(this.paidIn(scope, range)),
    ]);
    return {
      totalCount: total?.n ?? 0,
      items: rows.map((r) => ({
        billId: r.billId,
        orderId: r.orderId,
        orderNumber: r.orderNumber,
        customerName: r.customerName,
        kind: r.kind,
        method: r.method,
        amount: toYuan(r.amountFen),
        paidAt: (r.paidAt ?? new Date(0)).toISOString(),
        confirmedByName: r.confirmedByName,
        storeName: r.storeName,
        receiptNo: r.receiptNo,
      })),
    };
  }

  // ---- CSV export ------------------------------------------------------------------------------

  /**
   * Every paid bill of the range as CSV for a spreadsheet: a UTF-8 byte order mark (so Excel reads
   * Chinese), headers in the caller's language, amounts signed (refunds negative) so a column sum
   * is the net.
   */
  async exportCsv(input: RangeInput): Promise<{ fileName: string; body: string }> {
    const range = this.range(input);
    const scope = await this.scope(input.storeId);
    const rows = await this.paidBills(scope, range);
    const words = isEnglish(this.request) ? CSV_EN : CSV_ZH;
    const lines = [
      words.header.map(csvText),
      ...rows.map((r) => [
        r.paidAt ? localSecond(r.paidAt, this.timeZone) : '',
        csvText(r.orderNumber),
        csvText(r.receiptNo ?? ''),
        csvText(r.customerName),
        csvText(words.kinds[r.kind]),
        csvText(r.method ? (words.methods[r.method] ?? r.method) : ''),
        fenText(r.kind === BillKind.Refund ? -r.amountFen : r.amountFen),
        csvText(r.confirmedByName ?? ''),
        csvText(r.storeName),
      ]),
    ];
    return {
      fileName: `finance-${range.from}-${range.to}.csv`,
      body: `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`,
    };
  }
}

interface MethodFen {
  inFen: number;
  inCount: number;
  outFen: number;
  outCount: number;
}
const emptyMethod = (): MethodFen => ({ inFen: 0, inCount: 0, outFen: 0, outCount: 0 });

const CSV_ZH = {
  header: [
    '支付时间',
    '订单号',
    '收据号',
    '客户',
    '类型',
    '支付方式',
    '金额（元，退款为负）',
    '经手人',
    '门店',
  ],
  kinds: { payment: '收款', supplement: '补款', refund: '退款' },
  methods: { cash: '现金', wechat: '微信支付', alipay: '支付宝' } as Record<string, string>,
};
const CSV_EN: typeof CSV_ZH = {
  header: [
    'Paid at',
    'Order number',
    'Receipt number',
    'Customer',
    'Type',
    'Method',
    'Amount (CNY, refunds negative)',
    'Confirmed by',
    'Store',
  ],
  kinds: { payment: 'Payment', supplement: 'Supplement', refund: 'Refund' },
  methods: { cash: 'Cash', wechat: 'WeChat Pay', alipay: 'Alipay' },
};

/**
 * A text cell: a leading = + - @ (or tab, carriage return) would make a spreadsheet run it as a
 * formula, so it gets an apostrophe; commas, quotes and line breaks are quoted (RFC 4180).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Fen as yuan with two decimals, exactly (no floating point). */
export function fenText(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: financeRangeDays(from, to) }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
}
