/**
 * One store at scale, on PostgreSQL: 10,000 items and 1,000,000 orders (with their lines, bills
 * and the holds of the open ones) written with set-based SQL into a fresh database, then,
 * through the real routes as a signed-in store employee: the order list of every tab (page 1
 * and a deep page), narrowed to rental days, the order search (order number, customer name and
 * phone fragments, and two broad words) and the availability search. Prints p50 / p95 / p99
 * against the 50 ms p95 goal beside a baseline measured in the same run (`/ready`: one
 * `select 1` through the same app), and the top nodes of the plan (EXPLAIN ANALYZE, BUFFERS) of
 * each statement a call sends, and of the app's minute sweeps. Figures and ratios, not a
 * verdict: the machine is shared and noisy. docs/performance.md says what the figures were.
 *
 *   npm run bench:scale     (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_ORDERS=100000 BENCH_ROUNDS=20 npm run bench:scale     smaller and quicker
 *   BENCH_KEEP=1 npm run bench:scale     generate only, and keep the database for psql
 *   BENCH_REUSE=<its address> npm run bench:scale     measure a kept database again (migrated
 *       to what the app is now, not generated again): try an index or a query at a size in minutes
 *   BENCH_COMPARE=1 npm run bench:scale     the same at that size and at five times it (each in
 *     a fresh database), then each case's p99 at both and their ratio: does the cost grow?
 */
import pg from 'pg';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const { createTestApp, signIn, verificationHeaders } = await import('@snowgear/server/testing');
const { HOST_TENANT_ID, ORDER_LIST_COUNT_CAP, ORDER_TAB_QUERY, ORDER_TABS } =
  await import('@snowgear/contracts');

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** BENCH_COMPARE=1: measure at ITEMS and ORDERS, then at GROWTH times both, and compare. */
const COMPARE = process.env.BENCH_COMPARE === '1';
const GROWTH = 5;
/** A case whose p99 grows by this much or more from one size to the other is flagged. */
const GROWTH_GOAL = 1.5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const DEEP_SKIP = Number(process.env.BENCH_DEEP_SKIP ?? 10_000);
const GOAL_MS = 50;
/** BENCH_KEEP=1: generate, print the database's address and stop, leaving it for psql. */
const KEEP = process.env.BENCH_KEEP === '1';
/** BENCH_REUSE=<address of a database BENCH_KEEP left>: measure it again without generating. */
const REUSE = process.env.BENCH_REUSE;
const PER_SLOT = 1_000;
const HISTORY_DAYS = 1_000;

// ---- what the app sends to PostgreSQL, to explain it ---------------------------------------------

interface Statement {
  text: string;
  values: unknown[];
}
const captured: Statement[] = [];
let capturing = false;
type Query = (...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: Query };
const sendQuery = clientProto.query;
clientProto.query = function (this: unknown, ...args: unknown[]) {
  if (capturing) {
    const [first, second] = args;
    if (typeof first === 'string') {
      captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return sendQuery.apply(this, args);
};

// ---- the data -----------------------------------------------------------------------------------

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏飞建国志文斌辉浩宇晨欣怡佳雪梅琳婷颖慧晶莉燕玲丹雯倩瑶婧璐琪雅楠博俊峰凯鑫毅恒昊然轩睿哲宁彤萱涵子一诗梓思若可安心悦语嘉乐天宏亮成龙海波春松阳光荣新利清宝德福生祥永健庆东金山月星云晓晗熙泽铭宸';

interface Size {
  items: number;
  orders: number;
}

/** Set-based generation, step by step (one session: the temporary tables live in it). */
function generation(
  { items, orders }: Size,
  tenantId: string,
  storeId: string,
  timeZone: string,
): [string, string][] {
  const tz = `'${timeZone}'`;
  // Open orders holding gear now or ahead (their windows are laid out so holds never overlap):
  // at most 8,000 at any size, as a store has only so much gear out at once.
  const open = Math.min(8_000, Math.floor(orders / 10));
  const history = orders - open;
  // A slot's orders hold up to three items each, none twice: fewer items break the holds'
  // exclusion constraint halfway through the generation.
  if (items < 3 * Math.min(open, PER_SLOT)) {
    throw new Error(`BENCH_ITEMS must be at least ${3 * Math.min(open, PER_SLOT)}`);
  }
  return [
    [
      'session',
      `set synchronous_commit = off; set maintenance_work_mem = '256MB'; select setseed(0.42)`,
    ],
    [
      `${items} items`,
      `create temp table bench_items as
       with kinds as (
         select row_number() over (order by e.barcode_number) as k, e.category_id, e.name, e.brand,
                e.model, e.daily_rent_price_fen, e.deposit_fen
         from equipment e join equipment_categories c on c.id = e.category_id
         where e.store_id = '${storeId}' and c.size_kind = 'LargeEquipment'
       )
       select n, gen_random_uuid() as id, kinds.*
       from generate_series(0, ${items - 1}) n
       join kinds on kinds.k = n % (select count(*) from kinds) + 1;
       insert into equipment (id, tenant_id, store_id, category_id, name, brand, model, barcode_number,
                              status, daily_rent_price_fen, deposit_fen, usage_count, created_at, updated_at)
       select id, '${tenantId}'::uuid, '${storeId}'::uuid, category_id, name, brand, model,
              'SGB' || lpad(n::text, 6, '0'),
              case when random() < 0.02 then 2 when random() < 0.005 then 3 when random() < 0.005 then 5 else 0 end,
              daily_rent_price_fen, deposit_fen, floor(random() * 60)::int,
              now() - random() * interval '${HISTORY_DAYS} days', now()
       from bench_items`,
    ],
    [
      'customers',
      // Repeat customers: 300 people per thousand orders; names of a surname and one or two
      // given characters (most common surnames most often), mobile numbers of 11 digits.
      `create temp table bench_customers as
       select k,
              substr('${SURNAMES}', 1 + floor(power(random(), 2) * ${SURNAMES.length})::int, 1)
                || substr('${GIVEN}', 1 + floor(random() * ${GIVEN.length})::int, 1)
                || case when random() < 0.7
                        then substr('${GIVEN}', 1 + floor(random() * ${GIVEN.length})::int, 1)
                        else '' end as name,
              '1' || (array['3','5','7','8','9'])[1 + floor(random() * 5)::int]
                  || lpad(floor(random() * 1e9)::bigint::text, 9, '0') as phone
       from generate_series(1, ${Math.max(1000, Math.floor(orders * 0.3))}) k;
       create unique index on bench_customers (k); analyze bench_customers`,
    ],
    [
      `${history} past orders`,
      // Created from yesterday back ${HISTORY_DAYS} days in business hours; rentals of 1–7 days
      // starting within 4 days. Old orders are mostly completed or cancelled, the last month's
      // spread over every status by where their window lies.
      `create temp table bench_orders as
       with base as (
         select i, random() as r_day, random() as r_hour, random() as r_lead, random() as r_days,
                random() as r_status, random() as r_kind, random() as r_way, random() as r_back,
                1 + floor(random() * ${Math.max(1000, Math.floor(orders * 0.3))})::int as customer
         from generate_series(1, ${history}) i
       ), timed as (
         select *, ((date_trunc('day', now() at time zone ${tz})
                     - (1 + floor(r_day * ${HISTORY_DAYS})) * interval '1 day'
                     + (8 + r_hour * 12) * interval '1 hour') at time zone ${tz}) as created_at
         from base
       ), windowed as (
         select *, date_trunc('hour', created_at + floor(r_lead * r_lead * 5) * interval '1 day')
                     + interval '1 hour' as start_at,
                   1 + floor(r_days * r_days * 7)::int as days
         from timed
       )
       select i, gen_random_uuid() as id, customer, created_at, start_at,
              start_at + days * interval '1 day' as end_at, days, r_kind, r_way, r_back,
              case
                when start_at > now() then case
                  when r_status < 0.60 then 11 when r_status < 0.65 then 0 when r_status < 0.75 then 2
                  when r_status < 0.77 then 3 when r_status < 0.80 then 4 else 10 end
                when start_at + days * interval '1 day' > now() then case
                  when r_status < 0.68 then 5 when r_status < 0.75 then 7
                  when r_status < 0.85 then 9 else 10 end
                when created_at > now() - interval '30 days' then case
                  when r_status < 0.60 then 9 when r_status < 0.70 then 8 when r_status < 0.85 then 10
                  when r_status < 0.90 then 7 when r_status < 0.95 then 6 else 5 end
                else case
                  when r_status < 0.80 then 9 when r_status < 0.85 then 8 when r_status < 0.995 then 10
                  when r_status < 0.998 then 6 when r_status < 0.9987 then 5 else 7 end
              end as status,
              1 + (i % 3) as lines,
              null::int as slot
       from windowed`,
    ],
    [
      `${open} open orders holding gear`,
      // Slot 0 is out now (yesterday to two days ahead), slots 1.. are booked ahead, four days
      // apart; in each slot a thousand orders hold up to three items each, a different third of
      // the stock from slot to slot, so no item is held twice at once (the exclusion constraint).
      `insert into bench_orders
       with base as (
         select j, (j - 1) / ${PER_SLOT} as slot, random() as r_status, random() as r_lead,
                random() as r_kind, random() as r_way, random() as r_back,
                1 + floor(random() * ${Math.max(1000, Math.floor(orders * 0.3))})::int as customer
         from generate_series(1, ${open}) j
       ), windowed as (
         select *, ((date_trunc('day', now() at time zone ${tz}) - interval '1 day'
                     + slot * interval '4 days' + interval '10 hours') at time zone ${tz}) as start_at
         from base
       ), statused as (
         select *, case
           when slot = 0 then case when r_status < 0.85 then 5 else 7 end
           else case when r_status < 0.65 then 11 when r_status < 0.70 then 1
                     when r_status < 0.75 then 0 when r_status < 0.90 then 2
                     when r_status < 0.95 then 3 else 4 end
         end as status
         from windowed
       )
       select ${history} + j, gen_random_uuid(), customer,
              -- Unpaid orders are recent: the store's timeout (2 h) cancels older ones.
              case when status = 1 then now() - r_lead * interval '90 minutes'
                   else least(now() - interval '10 minutes', start_at - (1 + r_lead * 6) * interval '1 day') end,
              start_at, start_at + interval '3 days', 3, r_kind, r_way, r_back, status,
              1 + (j % 3), slot
       from statused`,
    ],
    [
      'order numbers',
      // YYYYMMDD (business day of creation) + the day's sequence, after any the day already has.
      `alter table bench_orders add column order_number text;
       with numbered as (
         select o.i, d.day, row_number() over (partition by d.day order by o.created_at, o.i)
                  + coalesce(s.last, 0) as seq
         from bench_orders o
         cross join lateral (select to_char(o.created_at at time zone ${tz}, 'YYYYMMDD') as day) d
         left join order_number_sequences s on s.tenant_id = '${tenantId}' and s.day = d.day
       )
       update bench_orders o set order_number = n.day || lpad(n.seq::text, 4, '0')
       from numbered n where n.i = o.i;
       insert into order_number_sequences (tenant_id, day, last)
       select '${tenantId}'::uuid, left(order_number, 8), max(right(order_number, 4)::int)
       from bench_orders group by 1, 2
       on conflict (tenant_id, day) do update set last = greatest(order_number_sequences.last, excluded.last);
       analyze bench_orders`,
    ],
    [
      'orders',
      `insert into orders (id, tenant_id, order_number, store_id, order_type, status, customer_name,
                           customer_phone, rental_start_at, rental_end_at, days, delivery_method,
                           delivery_address, return_method, return_address, total_fen, self_return_at,
                           delivered_at, created_at, updated_at)
       select o.id, '${tenantId}'::uuid, o.order_number, '${storeId}'::uuid,
              case when o.r_kind < 0.80 then 'Normal' when o.r_kind < 0.90 then 'Reservation'
                   when o.r_kind < 0.98 then 'Online' when o.r_kind < 0.99 then 'Hospitality' else 'Loan' end,
              o.status, c.name, c.phone, o.start_at, o.end_at, o.days,
              case when o.r_way < 0.15 then 'Delivery' else 'SelfPickup' end,
              case when o.r_way < 0.15 then '酒店大堂 ' || (o.i % 300) || ' 号' else '' end,
              case when o.r_back < 0.10 then 'Pickup' else 'SelfReturn' end,
              case when o.r_back < 0.10 then '酒店大堂 ' || (o.i % 300) || ' 号' else '' end,
              o.lines * o.days * (6000 + (o.i % 10) * 1000),
              case when o.status = 7 and o.r_back > 0.5 then least(now(), o.end_at) end,
              case when o.status in (4, 5, 6, 7, 8, 9) and o.r_way < 0.15 then o.start_at end,
              o.created_at, o.created_at
       from bench_orders o join bench_customers c on c.k = o.customer
       order by o.created_at -- as a store writes them`,
    ],
    [
      'order lines',
      // Past and running orders have their items; orders not yet handed over are booked by kind.
      `insert into order_items (order_id, category_id, equipment_id, held_equipment_id,
                                daily_price_fen, deposit_fen, days, return_state, sort_order)
       select o.id, e.category_id,
              case when o.status in (4, 5, 6, 7, 8, 9) then e.id end,
              case when o.slot is not null then e.id end,
              e.daily_rent_price_fen, e.deposit_fen, o.days,
              case when o.status in (8, 9) then 'returned' end, m
       from bench_orders o
       cross join generate_series(0, o.lines - 1) m
       join bench_items e on e.n = case
         when o.slot is null then (o.i * 7 + m * 3331) % ${items}
         else (((o.i - ${history} - 1) % ${PER_SLOT}) * 3 + m + o.slot * 1777) % ${items} end
       order by o.created_at, m`,
    ],
    [
      'holds of open orders',
      `insert into equipment_unavailable_times (tenant_id, equipment_id, start_at, end_at, source, order_id, reason)
       select '${tenantId}'::uuid, i.held_equipment_id, o.start_at, o.end_at, 'order', o.id, o.order_number
       from bench_orders o join order_items i on i.order_id = o.id
       where o.slot is not null;
       update equipment e set status = 1
       from bench_orders o join order_items i on i.order_id = o.id
       where o.slot = 0 and o.status in (4, 5, 7) and e.id = i.held_equipment_id and e.status = 0`,
    ],
    [
      'bills',
      `insert into bills (tenant_id, order_id, kind, amount_fen, status, method, paid_at, created_at)
       select '${tenantId}'::uuid, o.id, 'payment', o.lines * o.days * (6000 + (o.i % 10) * 1000),
              case when o.status in (0, 1) then 'pending' when o.status = 10 then 'cancelled' else 'paid' end,
              case when o.status in (0, 1, 10) then null when o.r_way < 0.4 then 'wechat'
                   when o.r_way < 0.7 then 'alipay' else 'cash' end,
              case when o.status not in (0, 1, 10) then o.created_at + interval '5 minutes' end,
              o.created_at
       from bench_orders o where o.status <> 0
       order by o.created_at`,
    ],
  ];
}

/** Writes the data; returns the database's size on disk afterwards, in bytes. */
async function generate(
  url: string,
  size: Size,
  tenantId: string,
  storeId: string,
  timeZone: string,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The rows are consistent by construction: skip the foreign-key triggers when allowed to
    // (a superuser); otherwise they run, only slower.
    await client.query(`set session_replication_role = replica`).catch(() => undefined);
    const step = async (name: string, run: () => Promise<unknown>) => {
      const started = Date.now();
      await run();
      console.log(`  ${name.padEnd(32)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    // Secondary indexes are built once after the load (the same definitions, read back) instead
    // of row by row; one statement each, as the app's own sweeps run meanwhile.
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid
         where i.indrelid in ('orders'::regclass, 'order_items'::regclass, 'bills'::regclass)
           and not i.indisprimary
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      )
    ).rows;
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    for (const [name, sql] of generation(size, tenantId, storeId, timeZone)) {
      await step(name, () => client.query(sql));
    }
    await step(`${indexes.length} secondary indexes`, async () => {
      for (const { def } of indexes) await client.query(def);
    });
    await step('vacuum analyze', () => client.query('vacuum analyze'));
    return await reportDisk(client);
  } finally {
    await client.end();
  }
}

/** Prints the orders table's size and its indexes'; returns the database's size in bytes. */
async function reportDisk(client: pg.Client) {
  const disk = await client.query<{ orders: string; db: string; bytes: string }>(
    `select pg_size_pretty(pg_total_relation_size('orders')) as orders,
            pg_size_pretty(pg_database_size(current_database())) as db,
            pg_database_size(current_database()) as bytes`,
  );
  console.log(`  orders table with indexes ${disk.rows[0]!.orders}, database ${disk.rows[0]!.db}`);
  const orderIndexes = await client.query<{ name: string; size: string }>(
    `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = 'orders'::regclass order by pg_relation_size(c.oid) desc`,
  );
  console.log(`  its indexes: ${orderIndexes.rows.map((r) => `${r.name} ${r.size}`).join(', ')}`);
  return Number(disk.rows[0]!.bytes);
}

/** A kept database, migrated by the app that measures it now: its indexes made current. */
async function sizeOnDisk(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    return await reportDisk(client);
  } finally {
    await client.end();
  }
}

// ---- measuring ----------------------------------------------------------------------------------

interface Case {
  name: string;
  /** What the case is called when compared across sizes, if its name holds a size's figure. */
  key?: string;
  urls: string[];
}

interface Result {
  name: string;
  key: string;
  p50: number;
  p95: number;
  p99: number;
  total: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The fields of an EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) node this bench prints. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Top nodes of a plan, one line each, children indented (down to `maxDepth`). */
function planLines(node: PlanNode, depth = 0, maxDepth = 3): string[] {
  const on = [
    node['Relation Name'] && `on ${node['Relation Name']}`,
    node['Index Name'] && `using ${node['Index Name']}`,
  ]
    .filter(Boolean)
    .join(' ');
  const loops = node['Actual Loops'] > 1 ? `×${node['Actual Loops']}` : '';
  const rows = `rows=${node['Actual Rows']}${loops}`;
  const time = `${node['Actual Total Time'].toFixed(1)} ms`;
  const buffers = `hit=${node['Shared Hit Blocks'] ?? 0} read=${node['Shared Read Blocks'] ?? 0}`;
  const line = `${'  '.repeat(depth)}${node['Node Type']}${on ? ` ${on}` : ''} (${rows}, ${time}, ${buffers})`;
  const children = node.Plans ?? [];
  if (depth >= maxDepth) return children.length ? [`${line} …`] : [line];
  return [line, ...children.flatMap((c) => planLines(c, depth + 1, maxDepth))];
}

async function explain(url: string, statements: Statement[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: string[] = [];
  try {
    for (const s of statements) {
      if (!/^\s*select/i.test(s.text)) continue;
      const res = await client.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
      }>(`explain (analyze, buffers, format json) ${s.text}`, s.values);
      const [plan] = res.rows[0]!['QUERY PLAN'];
      const ms = plan['Execution Time'];
      // What the statement reads, not the columns it names.
      const text = s.text.replace(/\s+/g, ' ');
      const from = text.indexOf(' from ');
      const head = `${text.startsWith('select count(*)') ? 'select count(*)' : 'select …'}${text.slice(from, from + 80)}…`;
      out.push(`    ${ms.toFixed(1).padStart(6)} ms  ${head}`);
      // The top nodes of the statements that matter; one line for the quick look-ups around them.
      if (ms >= 1 || /from "(orders|equipment)"/.test(text.slice(from, from + 20))) {
        out.push(...planLines(plan.Plan).map((l) => `        ${l}`));
      }
    }
  } finally {
    await client.end();
  }
  return out;
}

/**
 * One size in a fresh database (dropped afterwards): generates it, measures every case, prints
 * the table and the plans. Returns the results, how long the generation took and the disk it took.
 */
async function atSize(size: Size) {
  const t = await createTestApp({
    settings: { LOG_LEVEL: 'silent', ...(REUSE ? { DATABASE_URL: REUSE } : {}) },
  });
  try {
    const databaseUrl = t.settings.DATABASE_URL!;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const [employee] = (
      await admin.query<{ store_id: string }>(
        `select primary_store_id as store_id from users where user_name = 'employee'`,
      )
    ).rows;
    await admin.end();
    const storeId = employee!.store_id;

    const started = Date.now();
    let bytes: number;
    if (REUSE) {
      console.log(`Scale on PostgreSQL: the kept database ${REUSE}, migrated to this app`);
      bytes = await sizeOnDisk(databaseUrl);
    } else {
      console.log(
        `Scale on PostgreSQL: ${size.items} items and ${size.orders} orders in one store`,
      );
      bytes = await generate(
        databaseUrl,
        size,
        HOST_TENANT_ID,
        storeId,
        t.settings.BUSINESS_TIME_ZONE,
      );
    }
    const seconds = (Date.now() - started) / 1000;
    if (!REUSE) console.log(`  generated in ${seconds.toFixed(0)} s\n`);
    if (KEEP) {
      console.log(`Kept for psql (drop it when done): ${databaseUrl}`);
      await t.app.close();
      await t.database.close();
      process.exit(0);
    }

    const csrf = await verificationHeaders(t.app);
    const { employee: token } = await signIn(t.app, csrf, ['employee']);
    const headers = { authorization: `Bearer ${token}`, __tenant: HOST_TENANT_ID };

    // Search words as staff type them, drawn from the data: the tail of an order number, a
    // customer's given name (two characters), a whole name, the last four digits of a phone.
    const sample = new pg.Client({ connectionString: databaseUrl });
    await sample.connect();
    const picked = (
      await sample.query<{ order_number: string; customer_name: string; customer_phone: string }>(
        `select order_number, customer_name, customer_phone from orders
         where store_id = $1 and char_length(customer_name) = 3
         order by md5(id::text) limit 12`,
        [storeId],
      )
    ).rows;
    await sample.end();

    const q = (params: Record<string, string | number | undefined>) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries({ storeId, ...params })) {
        if (v !== undefined) search.set(k, String(v));
      }
      return search.toString();
    };
    const day = (plusDays: number) => {
      const d = new Date(Date.now() + plusDays * 86_400_000);
      d.setUTCHours(2, 0, 0, 0);
      return d.toISOString();
    };

    const results: Result[] = [];
    const plans = new Map<string, string[]>();
    /** ROUNDS calls, one at a time (the urls in turn), then the plans of one more. */
    const measure = async ({ name, key, urls }: Case) => {
      for (const url of urls.slice(0, 3)) {
        const res = await t.app.inject({ url, headers });
        if (res.statusCode !== 200)
          throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      }
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const url = urls[i % urls.length]!;
        const start = process.hrtime.bigint();
        const res = await t.app.inject({ url, headers });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        total = res.json<{ totalCount?: number }>().totalCount ?? 0;
      }
      times.sort((a, b) => a - b);
      results.push({
        name,
        key: key ?? name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        total,
      });
      if (urls[0] !== '/ready') {
        captured.length = 0;
        capturing = true;
        await t.app.inject({ url: urls[0]!, headers });
        capturing = false;
        plans.set(name, await explain(databaseUrl, [...captured]));
      }
      return total;
    };

    await measure({ name: 'GET /ready (baseline: select 1)', urls: ['/ready'] });
    for (const tab of ORDER_TABS) {
      const filters = ORDER_TAB_QUERY[tab];
      const list = (skipCount: number) => [
        `/api/app/orders?${q({ ...filters, skipCount, maxResultCount: 10 })}`,
      ];
      const total = await measure({ name: `orders ${tab}, page 1`, urls: list(0) });
      // A deep page: DEEP_SKIP orders in, or the tab's last page when it holds fewer (a total
      // past the count's cap is exact again near the list's end).
      const lastPage = (n: number) => Math.max(0, Math.floor((n - 1) / 10) * 10);
      let deep = lastPage(total);
      if (total > ORDER_LIST_COUNT_CAP) {
        const probe = await t.app.inject({ url: list(DEEP_SKIP)[0]!, headers });
        const near = probe.json<{ totalCount: number }>().totalCount;
        deep = near > DEEP_SKIP ? DEEP_SKIP : lastPage(near);
      }
      if (deep > 0) {
        await measure({
          name: `orders ${tab}, skip ${deep}`,
          key: `orders ${tab}, deep page`,
          urls: list(deep),
        });
      }
    }
    // The list narrowed to the rentals starting on one day (the page's calendar filter).
    const businessDay = (plusDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: t.settings.BUSINESS_TIME_ZONE }).format(
        new Date(Date.now() + plusDays * 86_400_000),
      );
    for (const [label, plusDays] of [
      ['tomorrow', 1],
      ['a year ago', -365],
    ] as const) {
      const dayOf = businessDay(plusDays);
      await measure({
        name: `orders all, rentals starting ${label}`,
        urls: [`/api/app/orders?${q({ startFrom: dayOf, startTo: dayOf, maxResultCount: 10 })}`],
      });
    }
    const search = (name: string, words: string[]) =>
      measure({
        name,
        urls: words.map((keyword) => `/api/app/orders?${q({ keyword, maxResultCount: 10 })}`),
      });
    await search(
      'search order number (last 6 digits)',
      picked.map((p) => p.order_number.slice(-6)),
    );
    await search(
      'search customer name (2 chars, given name)',
      picked.map((p) => p.customer_name.slice(1)),
    );
    await search(
      'search customer name (whole, 3 chars)',
      picked.map((p) => p.customer_name),
    );
    await search(
      'search phone (last 4 digits)',
      picked.map((p) => p.customer_phone.slice(-4)),
    );
    // Broad words that match a large share of the orders: the page and the count stop early.
    await search('search broad: a surname (1 char)', [...'王李张刘陈']);
    await search(
      'search broad: a month (YYYYMM)',
      picked.map((p) => p.order_number.slice(0, 6)),
    );
    await measure({
      name: 'availability, tomorrow for 3 days',
      urls: [`/api/app/equipment?${q({ availableFrom: day(1), availableTo: day(4) })}`],
    });
    await measure({
      name: 'availability, in 2 weeks for 7 days, page 3',
      urls: [
        `/api/app/equipment?${q({ availableFrom: day(14), availableTo: day(21), skipCount: 20 })}`,
      ],
    });

    // The app's minute sweeps (unpaid, pending and delivered orders) read the same table.
    const sweep = await import('@/modules/orders/sweep.js');
    captured.length = 0;
    capturing = true;
    const sweepStart = process.hrtime.bigint();
    await Promise.all([
      sweep.cancelUnpaidOrders(t.database.db),
      sweep.expirePendingOrders(t.database.db),
      sweep.startDeliveredRentals(t.database.db),
    ]);
    const sweepMs = Number(process.hrtime.bigint() - sweepStart) / 1e6;
    capturing = false;
    plans.set(
      `the minute sweeps (${sweepMs.toFixed(1)} ms)`,
      await explain(databaseUrl, [...captured]),
    );

    const baseline = results[0]!;
    console.log(
      `${'case'.padEnd(46)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  goal p95 < ${GOAL_MS} ms   ×baseline p50   totalCount`,
    );
    for (const r of results) {
      const ms = (v: number) => v.toFixed(1).padStart(7);
      const verdict = r === baseline ? '      ' : r.p95 < GOAL_MS ? 'met   ' : 'MISSED';
      console.log(
        `${r.name.padEnd(46)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)}  ${verdict.padEnd(18)} ${(r.p50 / baseline.p50).toFixed(1).padStart(8)}×   ${r === baseline ? '' : r.total}`,
      );
    }
    console.log(`(${ROUNDS} calls a case, one at a time, through app.inject; milliseconds)\n`);
    console.log('Plans (EXPLAIN ANALYZE, BUFFERS) of the statements on orders and equipment:');
    for (const [name, lines] of plans) {
      console.log(`  ${name}`);
      for (const line of lines) console.log(line);
    }
    return { results, seconds, bytes };
  } finally {
    await t.close();
  }
}

const onDisk = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000} M` : `${n / 1_000} k`);

if (!COMPARE) {
  await atSize({ items: ITEMS, orders: ORDERS });
} else {
  // Each size in its own database, one after the other: the disk holds one at a time.
  const sizes = [
    { items: ITEMS, orders: ORDERS },
    { items: ITEMS * GROWTH, orders: ORDERS * GROWTH },
  ] as const;
  const small = await atSize(sizes[0]);
  console.log('\n');
  const large = await atSize(sizes[1]);
  console.log('\n');
  const at = (s: Size) => `${count(s.orders)} orders / ${count(s.items)} items`;
  console.log(`Does the cost grow? p99 at ${at(sizes[0])} and at ${at(sizes[1])}`);
  for (const [size, run] of [
    [sizes[0], small],
    [sizes[1], large],
  ] as const) {
    console.log(
      `  ${at(size)}: generated in ${run.seconds.toFixed(0)} s, database ${onDisk(run.bytes)} on disk`,
    );
  }
  const p99At = (s: Size) => `p99 ${count(s.orders)}`;
  console.log(
    `${'case'.padEnd(58)} ${p99At(sizes[0]).padStart(9)} ${p99At(sizes[1]).padStart(9)} ${'ratio'.padStart(6)}  goal p99 < ${GOAL_MS} ms, ratio < ${GROWTH_GOAL}×`,
  );
  for (const r of large.results) {
    const before = small.results.find((s) => s.key === r.key);
    const ratio = before ? r.p99 / before.p99 : NaN;
    // A deep page's depth can differ between the sizes (a small tab's last page moves).
    const label =
      before && before.name !== r.name
        ? `${r.key} (${before.name.split(', ').pop()} → ${r.name.split(', ').pop()})`
        : r.key;
    const missed = [
      ratio >= GROWTH_GOAL && `GREW ${ratio.toFixed(1)}×`,
      r.p99 >= GOAL_MS && `OVER ${GOAL_MS} ms`,
    ].filter(Boolean);
    const verdict = r === large.results[0] ? '' : missed.length ? missed.join(', ') : 'met';
    console.log(
      `${label.padEnd(58)} ${(before ? before.p99.toFixed(1) : '—').padStart(9)} ${r.p99.toFixed(1).padStart(9)} ${(before ? `${ratio.toFixed(2)}×` : '—').padStart(6)}  ${verdict}`,
    );
  }
  for (const s of small.results.filter((s) => !large.results.some((r) => r.key === s.key))) {
    console.log(`${s.key.padEnd(58)} ${s.p99.toFixed(1).padStart(9)} ${'—'.padStart(9)}`);
  }
  console.log(`(${ROUNDS} calls a case at each size; milliseconds; the first row is the baseline)`);
}
