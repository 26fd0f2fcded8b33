import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MAX_RANGE_DAYS,
  AuditCategory,
  AuditErrorCode,
  AUDIT_CATEGORIES,
  ErrorCode,
  financeRangeDays,
  Permissions as P,
  type AuditLogEntry,
  type AuditLogFiltersSchema,
  type AuditLogQuerySchema,
  type PagedResult,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { AppError, badRequest, notFound } from '@/lib/errors.js';
import { localSecond, zonedMidnight } from '@/lib/local-time.js';
import { isEnglish, message } from '@/lib/messages.js';
import { likePattern } from '@/lib/paging.js';
import { findStore } from '@/lib/stores.js';
import { OPERATION_NAMES, statusName } from '@/modules/equipment/status.js';
import { csvText } from '@/modules/finance/service.js';

type Filters = z.output<typeof AuditLogFiltersSchema>;
type ListInput = z.output<typeof AuditLogQuerySchema>;

/**
 * Order events that are money moving or changing by hand (a late fee charged or waived, a
 * discount, an ad-hoc fee or refund, with who approved it); every other event of an order is
 * 'orders'.
 */
export const MONEY_EVENT_KINDS = [
  'payment',
  'refund',
  'lateFee',
  'lateFeeWaived',
  'discount',
  'adjustment',
] as const;

const TEXTS = {
  OtherStore: ['只能查看本门店的操作日志', "You can only see your own store's log"],
  NoStore: [
    '您的账号没有所属门店，无法查看操作日志',
    'Your account belongs to no store, so there is no log to show',
  ],
  FromAfterTo: [
    '开始日期 {from} 晚于结束日期 {to}',
    'The start day {from} is after the end day {to}',
  ],
  RangeTooLong: [
    '日期范围最多 {max} 天，当前选择了 {days} 天',
    'A range may span at most {max} days; this one spans {days}',
  ],
  TooManyRows: [
    '符合条件的记录超过 {max} 条，无法一次导出，请缩短日期范围或增加筛选条件',
    'More than {max} lines match, too many for one file; please choose fewer days or narrow the filters',
  ],
} as const;

/** One line as the union reads it, before it is put in the reader's words. */
interface Row {
  id: string;
  created_at: Date | string;
  category: string;
  source: 'equipment' | 'small' | 'order' | 'audit';
  store_id: string | null;
  store_name: string | null;
  operator_name: string;
  operator_name_en: string | null;
  action: string;
  from_status: number | null;
  to_status: number | null;
  reason: string | null;
  remarks: string | null;
  subject: string | null;
  code: string | null;
  text_zh: string | null;
  text_en: string | null;
  delta: number | null;
  quantity_after: number | null;
  unit: string | null;
  order_id: string | null;
  equipment_id: string | null;
  small_id: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

/** The union's columns, in order; a branch that has nothing for one selects its typed null. */
const COLUMNS = [
  'id',
  'created_at',
  'tiebreak',
  'category',
  'source',
  'store_id',
  'operator_name',
  'operator_name_en',
  'action',
  'from_status',
  'to_status',
  'reason',
  'remarks',
  'subject',
  'code',
  'text_zh',
  'text_en',
  'delta',
  'quantity_after',
  'unit',
  'order_id',
  'equipment_id',
  'small_id',
  'changes',
] as const;
type Columns = Partial<Record<(typeof COLUMNS)[number], SQL>>;
const NULLS: Record<(typeof COLUMNS)[number], SQL> = {
  id: sql`null::uuid`,
  created_at: sql`null::timestamptz`,
  tiebreak: sql`0`,
  category: sql`null::text`,
  source: sql`null::text`,
  store_id: sql`null::uuid`,
  operator_name: sql`''::text`,
  operator_name_en: sql`null::text`,
  action: sql`null::text`,
  from_status: sql`null::smallint`,
  to_status: sql`null::smallint`,
  reason: sql`null::text`,
  remarks: sql`null::text`,
  subject: sql`null::text`,
  code: sql`null::text`,
  text_zh: sql`null::text`,
  text_en: sql`null::text`,
  delta: sql`null::int`,
  quantity_after: sql`null::int`,
  unit: sql`null::text`,
  order_id: sql`null::uuid`,
  equipment_id: sql`null::uuid`,
  small_id: sql`null::uuid`,
  changes: sql`null::jsonb`,
};

interface Scope {
  /** null: every store. */
  storeId: string | null;
}

/**
 * The audit log: who changed what and when. It reads the histories the business already keeps
 * (stock: equipment operation history and small-equipment movements; orders and money: order
 * timelines) beside `audit_log` (settings and staff), as one UNION ALL whose branches are each
 * filtered and cut to the page before the outer sort, so every branch walks its time index.
 */
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get en() {
    return isEnglish(this.request);
  }

  /** A row's name (a store, an item, small gear) as the reader reads it. */
  private named(table: SQL) {
    return this.en
      ? sql`coalesce(nullif(${table}.name_en, ''), ${table}.name)`
      : sql`${table}.name`;
  }

  private text(key: keyof typeof TEXTS, params: Record<string, string | number> = {}) {
    const template: string = TEXTS[key][this.en ? 1 : 0];
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  }

  /** Whoever holds SystemManagement sees every store (or one); a manager their own, only. */
  private async scope(requested: string | undefined): Promise<Scope> {
    const user = this.request.user!;
    if (!user.permissions.includes(P.SystemManagement.Default)) {
      const own = user.primaryStoreId;
      if (!own) throw new AppError(403, ErrorCode.Forbidden, this.text('NoStore'));
      if (requested && requested !== own) {
        throw new AppError(403, ErrorCode.Forbidden, this.text('OtherStore'));
      }
      return { storeId: own };
    }
    if (!requested) return { storeId: null };
    if (!(await findStore(this.db, this.request.tenantId, requested))) {
      throw notFound(ErrorCode.StoreNotFound, message(this.request, 'StoreNotFound'));
    }
    return { storeId: requested };
  }

  private range(filters: Filters): { start: Date; end: Date } {
    const { from, to } = filters;
    const days = financeRangeDays(from, to);
    if (days < 1) throw badRequest(this.text('FromAfterTo', { from, to }));
    if (days > AUDIT_MAX_RANGE_DAYS) {
      throw badRequest(this.text('RangeTooLong', { max: AUDIT_MAX_RANGE_DAYS, days }));
    }
    return { start: zonedMidnight(from, this.timeZone), end: zonedMidnight(to, this.timeZone, 1) };
  }

  // ---- the union -------------------------------------------------------------------------------

  /**
   * Each source's rows of the filters, newest first, at most `limit` of them (null: a count
   * instead). Every branch selects the same columns, named and typed alike, in the same order.
   */
  private branches(filters: Filters, scope: Scope, limit: number | null): SQL[] {
    const { start, end } = this.range(filters);
    const tenant = this.request.tenantId;
    const wanted = new Set(filters.categories ?? AUDIT_CATEGORIES);
    const op = filters.operator ? likePattern(filters.operator) : null;
    const kw = filters.keyword ? likePattern(filters.keyword) : null;
    const store = scope.storeId;
    const when = (condition: boolean, fragment: SQL) => (condition ? fragment : sql``);
    const inTime = (column: SQL) =>
      sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
    const select = (columns: Columns) =>
      limit === null
        ? sql`select count(*)::int as n`
        : sql`select ${sql.join(
            COLUMNS.map((name) => sql`${columns[name] ?? NULLS[name]} as ${sql.identifier(name)}`),
            sql`, `,
          )}`;
    const tail = (time: SQL, id: SQL) =>
      limit === null ? sql`` : sql`order by ${time} desc, ${id} desc limit ${limit}`;
    const parts: SQL[] = [];

    if (wanted.has(AuditCategory.Stock)) {
      parts.push(sql`(${select({
        id: sql`h.id`,
        created_at: sql`h.created_at`,
        category: sql`'stock'::text`,
        source: sql`'equipment'::text`,
        store_id: sql`h.store_id`,
        operator_name: sql`h.operator_name`,
        action: sql`h.operation`,
        from_status: sql`h.from_status`,
        to_status: sql`h.to_status`,
        reason: sql`h.reason`,
        remarks: sql`h.remarks`,
        subject: this.named(sql`e`),
        code: sql`e.barcode_number`,
        order_id: sql`h.order_id`,
        equipment_id: sql`h.equipment_id`,
      })}
        from equipment_operation_history h
        join equipment e on e.id = h.equipment_id
        where h.tenant_id = ${tenant} and ${inTime(sql`h.created_at`)}
        ${when(store !== null, sql`and h.store_id = ${store}`)}
        ${when(op !== null, sql`and h.operator_name ilike ${op}`)}
        ${when(
          kw !== null,
          sql`and (e.name ilike ${kw} or e.name_en ilike ${kw} or e.barcode_number ilike ${kw} or h.reason ilike ${kw} or h.remarks ilike ${kw})`,
        )}
        ${tail(sql`h.created_at`, sql`h.id`)})`);
      parts.push(sql`(${select({
        id: sql`m.id`,
        created_at: sql`m.created_at`,
        category: sql`'stock'::text`,
        source: sql`'small'::text`,
        store_id: sql`s.store_id`,
        operator_name: sql`m.operator_name`,
        action: sql`'adjust'::text`,
        reason: sql`m.reason`,
        remarks: sql`m.remarks`,
        subject: this.named(sql`s`),
        delta: sql`m.delta`,
        quantity_after: sql`m.quantity_after`,
        unit: sql`s.unit`,
        small_id: sql`s.id`,
      })}
        from small_equipment_movements m
        join small_equipment_stock s on s.id = m.stock_id
        where s.tenant_id = ${tenant} and ${inTime(sql`m.created_at`)}
        ${when(store !== null, sql`and s.store_id = ${store}`)}
        ${when(op !== null, sql`and m.operator_name ilike ${op}`)}
        ${when(
          kw !== null,
          sql`and (s.name ilike ${kw} or s.name_en ilike ${kw} or m.reason ilike ${kw} or m.remarks ilike ${kw})`,
        )}
        ${tail(sql`m.created_at`, sql`m.id`)})`);
    }

    const orders = wanted.has(AuditCategory.Orders);
    const money = wanted.has(AuditCategory.Money);
    if (orders || money) {
      const kinds = sql.join(
        MONEY_EVENT_KINDS.map((k) => sql`${k}::text`),
        sql`, `,
      );
      const kindFilter =
        orders && money
          ? sql``
          : money
            ? sql`and ev.kind in (${kinds})`
            : sql`and ev.kind not in (${kinds})`;
      parts.push(sql`(${select({
        id: sql`ev.id`,
        created_at: sql`ev.created_at`,
        tiebreak: sql`ev.seq`,
        category: sql`(case when ev.kind in (${kinds}) then 'money' else 'orders' end)::text`,
        source: sql`'order'::text`,
        store_id: sql`o.store_id`,
        operator_name: sql`ev.operator_name`,
        operator_name_en: sql`ev.operator_name_en`,
        action: sql`ev.kind`,
        from_status: sql`ev.from_status`,
        to_status: sql`ev.to_status`,
        subject: sql`o.order_number`,
        text_zh: sql`ev.message`,
        text_en: sql`ev.message_en`,
        order_id: sql`o.id`,
      })}
        from order_events ev
        join orders o on o.id = ev.order_id
        where o.tenant_id = ${tenant} and ${inTime(sql`ev.created_at`)}
        ${kindFilter}
        ${when(store !== null, sql`and o.store_id = ${store}`)}
        ${when(
          op !== null,
          sql`and (ev.operator_name ilike ${op} or ev.operator_name_en ilike ${op})`,
        )}
        ${when(
          kw !== null,
          sql`and (ev.message ilike ${kw} or ev.message_en ilike ${kw} or o.order_number ilike ${kw} or o.customer_name ilike ${kw})`,
        )}
        ${tail(sql`ev.created_at`, sql`ev.id`)})`);
    }

    const recorded = [AuditCategory.Settings, AuditCategory.Staff].filter((c) => wanted.has(c));
    if (recorded.length > 0) {
      parts.push(sql`(${select({
        id: sql`a.id`,
        created_at: sql`a.created_at`,
        category: sql`a.category`,
        source: sql`'audit'::text`,
        store_id: sql`a.store_id`,
        operator_name: sql`a.operator_name`,
        action: sql`a.action`,
        text_zh: sql`a.summary`,
        text_en: sql`a.summary_en`,
        changes: sql`a.changes`,
        // A price change of an item opens the item.
        equipment_id: sql`(case when a.entity_type = 'equipment' then a.entity_id::uuid end)`,
      })}
        from audit_log a
        where a.tenant_id = ${tenant} and ${inTime(sql`a.created_at`)}
        and a.category in (${sql.join(
          recorded.map((c) => sql`${c}::text`),
          sql`, `,
        )})
        ${when(store !== null, sql`and a.store_id = ${store}`)}
        ${when(op !== null, sql`and a.operator_name ilike ${op}`)}
        ${when(kw !== null, sql`and (a.summary ilike ${kw} or a.summary_en ilike ${kw})`)}
        ${tail(sql`a.created_at`, sql`a.id`)})`);
    }
    return parts;
  }

  /** The lines of the filters, newest first: `take` of them after the first `skip`. */
  private async rows(filters: Filters, scope: Scope, skip: number, take: number): Promise<Row[]> {
    const parts = this.branches(filters, scope, skip + take);
    if (parts.length === 0) return [];
    const result: unknown = await this.db.execute(sql`
      select u.*, ${this.named(sql`st`)} as store_name
      from (${sql.join(parts, sql` union all `)}) u
      left join stores st on st.id = u.store_id
      order by u.created_at desc, u.tiebreak desc, u.id desc
      limit ${take} offset ${skip}`);
    return (result as { rows: Row[] }).rows;
  }

  private async count(filters: Filters, scope: Scope): Promise<number> {
    const parts = this.branches(filters, scope, null);
    if (parts.length === 0) return 0;
    const result: unknown = await this.db.execute(
      sql`select coalesce(sum(c.n), 0)::int as n from (${sql.join(parts, sql` union all `)}) c`,
    );
    return Number((result as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  }

  // ---- calls -----------------------------------------------------------------------------------

  async list(input: ListInput): Promise<PagedResult<AuditLogEntry>> {
    const scope = await this.scope(input.storeId);
    const [rows, totalCount] = await Promise.all([
      this.rows(input, scope, input.skipCount, input.maxResultCount),
      this.count(input, scope),
    ]);
    return { items: rows.map((r) => this.entry(r)), totalCount };
  }

  /**
   * The lines of the filters as CSV (UTF-8 with BOM so Excel reads Chinese, headers in the
   * reader's language), newest first; more than AUDIT_EXPORT_MAX_ROWS lines is a 400 asking for
   * fewer days rather than a cut-off file.
   */
  async exportCsv(filters: Filters): Promise<{ fileName: string; body: string }> {
    const scope = await this.scope(filters.storeId);
    const rows = await this.rows(filters, scope, 0, AUDIT_EXPORT_MAX_ROWS + 1);
    if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
      throw new AppError(
        400,
        AuditErrorCode.TooManyRows,
        this.text('TooManyRows', { max: AUDIT_EXPORT_MAX_ROWS }),
      );
    }
    const words = this.en ? CSV_EN : CSV_ZH;
    const lines = [
      words.header.map(csvText),
      ...rows.map((row) => {
        const e = this.entry(row);
        return [
          csvText(localSecond(new Date(e.time), this.timeZone)),
          csvText(words.categories[e.category]),
          csvText(e.storeName ?? words.wholeBusiness),
          csvText(e.operatorName),
          csvText(e.summary),
          csvText(row.subject ?? ''),
        ];
      }),
    ];
    return {
      fileName: `audit-log-${filters.from}-${filters.to}.csv`,
      body: `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`,
    };
  }

  // ---- words -----------------------------------------------------------------------------------

  private entry(row: Row): AuditLogEntry {
    const en = this.en;
    return {
      id: row.id,
      time: new Date(row.created_at).toISOString(),
      category: row.category as AuditLogEntry['category'],
      storeId: row.store_id,
      storeName: row.store_name,
      operatorName: (en && row.operator_name_en) || row.operator_name,
      summary: this.summary(row),
      orderId: row.order_id,
      equipmentId: row.equipment_id,
      smallEquipmentId: row.small_id,
      changes: Object.entries(row.changes ?? {}).map(([field, [before, after]]) => ({
        field,
        before,
        after,
      })),
    };
  }

  /** The line in the reader's language, from what each history keeps. */
  private summary(row: Row): string {
    const en = this.en;
    const sep = en ? ', ' : '，';
    switch (row.source) {
      case 'order': {
        const said = (en && row.text_en) || row.text_zh || '';
        return en ? `Order ${row.subject}: ${said}` : `订单 ${row.subject}：${said}`;
      }
      case 'audit':
        return (en ? row.text_en : row.text_zh) || row.text_zh || '';
      case 'small': {
        const delta = row.delta ?? 0;
        const unit = en ? '' : (row.unit ?? '');
        const parts = [
          en
            ? `${row.subject} ${delta > 0 ? '+' : ''}${delta}, ${row.quantity_after} left`
            : `${row.subject} ${delta > 0 ? '+' : ''}${delta}${unit}，结存 ${row.quantity_after}${unit}`,
        ];
        if (row.reason) parts.push(en ? `reason: ${row.reason}` : `原因：${row.reason}`);
        if (row.remarks) parts.push(en ? `remarks: ${row.remarks}` : `备注：${row.remarks}`);
        return parts.join(sep);
      }
      case 'equipment': {
        const names = OPERATION_NAMES[row.action];
        const what = names ? names[en ? 1 : 0] : row.action;
        const item = en ? `${row.subject} (${row.code})` : `${row.subject}（${row.code}）`;
        const parts = [en ? `${capitalise(what)}: ${item}` : `${what}：${item}`];
        if (
          row.from_status !== null &&
          row.to_status !== null &&
          row.from_status !== row.to_status
        ) {
          parts.push(`${statusName(row.from_status, en)} → ${statusName(row.to_status, en)}`);
        }
        if (row.reason) parts.push(en ? `reason: ${row.reason}` : `原因：${row.reason}`);
        if (row.remarks) parts.push(en ? `remarks: ${row.remarks}` : `备注：${row.remarks}`);
        return parts.join(sep);
      }
    }
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const CSV_ZH = {
  header: ['时间', '类别', '门店', '操作人', '内容', '对象'],
  categories: { stock: '库存', orders: '订单', money: '收退款', settings: '设置', staff: '人员' },
  wholeBusiness: '全部门店',
};
const CSV_EN: typeof CSV_ZH = {
  header: ['Time', 'Category', 'Store', 'Operator', 'What changed', 'Subject'],
  categories: {
    stock: 'Stock',
    orders: 'Orders',
    money: 'Money',
    settings: 'Settings',
    staff: 'Staff',
  },
  wholeBusiness: 'Whole business',
};
