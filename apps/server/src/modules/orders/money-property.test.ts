import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { OrderStatus, type Order } from '@snowgear/contracts';
import { payments, refunds } from '@/db/schema.js';
import { createTestApp, testDatabaseKind, type TestApp } from '@/testing/index.js';
import {
  businessDay,
  figureProblems,
  orderProblems,
  providerSide,
} from '@/testing/money/invariants.js';
import { opText, scenarioArb, scenarioText, type Scenario } from '@/testing/money/model.js';
import { Shop, type Answer } from '@/testing/money/shop.js';

/**
 * Money holds whatever happens at once (docs/payments.md, 'The money property'): random orders
 * of every kind, and random steps of payments online and in cash, extensions, early and late
 * returns, refunds online and in cash, cancellations, goodwill refunds, fees and cash on
 * delivery, several sent together on one order or interleaved across orders. After every step
 * no answer is a server error, every order's money adds up (invariants.ts), and the store's
 * finance, shift close, dashboard and the agent's commission equal the sum over its orders.
 *
 * PostgreSQL only: PGlite is one connection, so nothing there happens at once.
 * `npm run test:money -- --runs 1000` runs it longer; a failure prints its seed and path.
 */
const RUNS = Number(process.env.MONEY_RUNS || 25);
const SEED = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : undefined;
const PATH = process.env.MONEY_PATH || undefined;
/** Runs spent shrinking a failure to a smaller one (0: report the first failure as found). */
const SHRINK_RUNS = Number(process.env.MONEY_SHRINK_RUNS ?? 60);
const TERMINAL: readonly number[] = [OrderStatus.Completed, OrderStatus.Cancelled];

class MoneyBroken extends Error {}

describe.runIf(testDatabaseKind === 'postgres')('money under simultaneous writes', () => {
  let t: TestApp;
  let shop: Shop;
  /** Every order of the store, as last read: the figures are their sum. */
  const orders = new Map<string, Order>();
  let firstDay: string;
  let runNo = 0;
  /** What each operation was answered, and how the orders ended: printed after the run. */
  const answered = new Map<string, number>();
  const ended = new Map<number, number>();

  beforeAll(async () => {
    // The background sweeps (unpaid orders released, refunds and payments followed up) change
    // bills between the reads that check the figures against the orders: here they wait (an
    // hour), and what they do is tested on its own (sweep and never-lost tests).
    t = await createTestApp({ settings: { ORDER_SWEEP_SECONDS: '3600' } });
    shop = await Shop.open(t);
    firstDay = businessDay(new Date(), t.settings.BUSINESS_TIME_ZONE);
    // The store's demo orders count in its figures as much as the test's own.
    for (const { id } of await shop.orderList()) orders.set(id, await shop.read(id));
    const before = await figureProblems(shop, [...orders.values()], firstDay);
    if (before.length > 0) {
      throw new Error(`the store's figures do not add up before the test:\n${before.join('\n')}`);
    }
  }, 120_000);
  afterAll(async () => {
    if (runNo > 0) console.info(await summary());
    await t?.close();
  });

  /** What the runs reached; with `npm run test:money`, what each operation was answered too. */
  async function summary() {
    const all = [...orders.values()];
    const having = (kind: string) =>
      all.filter((o) => o.feeItems.some((f) => f.kind === kind && f.amount !== 0)).length;
    const { db } = t.database;
    const [duplicates] = await db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.duplicate, true));
    const [online] = await db
      .select({ n: count() })
      .from(refunds)
      .where(eq(refunds.status, 'succeeded'));
    const lines = [
      `money property: ${runNo} runs, orders ended ${[...ended]
        .map(([status, n]) => `${n} × status ${status}`)
        .join(', ')}`,
      `  late fees ${having('LateFee')}, damage ${having('DamageFee')}, extensions ${having('ExtensionFee')}, goodwill refunds ${having('Discount')}; online payments refunded as paid twice ${duplicates?.n ?? 0}, online refunds ${online?.n ?? 0}`,
    ];
    if (process.env.MONEY_RUNS) {
      lines.push(
        ...[...answered].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`),
      );
    }
    return lines.join('\n');
  }

  /**
   * Everything that must hold now: no server error among the answers, each of the scenario's
   * orders adds up, and the store's figures are the sum over all its orders.
   */
  async function check(placed: Order[], log: string[], when: string) {
    const answers = shop.take();
    log.push(`${when}: ${answers.map(answerText).join('; ') || 'nothing sent'}`);
    tally(answers);
    const problems = answers.flatMap(answerProblems);
    for (const { id } of placed) {
      const order = await shop.read(id);
      orders.set(id, order);
      problems.push(...orderProblems(order, await providerSide(shop, id)));
    }
    // Any other order that has not ended (a demo order, one a failed run left) may have moved.
    for (const other of orders.values()) {
      if (!TERMINAL.includes(other.status) && !placed.some((o) => o.id === other.id)) {
        orders.set(other.id, await shop.read(other.id));
      }
    }
    problems.push(...(await figureProblems(shop, [...orders.values()], firstDay)));
    if (problems.length > 0) throw new MoneyBroken(report(`after ${when}`, problems, log));
  }

  /** With `npm run test:money`, a line every 25 runs: how long they took and the memory held. */
  let lapStart = performance.now();
  function progress() {
    if (!process.env.MONEY_RUNS || runNo === 0 || runNo % 25 !== 0) return;
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const mib = (n: number) => `${Math.round(n / 2 ** 20)} MiB`;
    const seconds = ((performance.now() - lapStart) / 1000).toFixed(1);
    console.info(
      `money property: ${runNo} runs, the last 25 in ${seconds} s; ${orders.size} orders; heap ${mib(heapUsed)}, external ${mib(external)} (buffers ${mib(arrayBuffers)}), rss ${mib(rss)}`,
    );
    lapStart = performance.now();
  }

  function tally(answers: Answer[]) {
    for (const a of answers) {
      const op = a.what.replace(/\([^)]*¥[^)]*\)/g, '');
      const key = `${op} → ${a.status}${a.status >= 400 ? ` ${errorCode(a.body) ?? ''}` : ''}`;
      answered.set(key, (answered.get(key) ?? 0) + 1);
    }
  }

  /** One scenario: its orders placed, its steps sent, then each order brought to its end. */
  async function play(s: Scenario) {
    progress();
    const start = Shop.windowOf(runNo++);
    const log: string[] = [];
    const placed: Order[] = [];
    try {
      for (const spec of s.orders) placed.push(await shop.place(spec, start));
      await check(placed, log, 'placing the orders');
      for (const [i, step] of s.steps.entries()) {
        const now = new Map<number, Order>();
        const sends = [];
        for (const move of step) {
          const index = move.order % placed.length;
          const order = now.get(index) ?? (await shop.read(placed[index]!.id));
          now.set(index, order);
          sends.push({ send: await shop.prepare(move.op, order), lagMs: move.lagMs });
        }
        await shop.together(sends);
        const what = step.map((m) => `#${m.order % placed.length} ${opText(m.op)}`).join(' ‖ ');
        await check(placed, log, `step ${i + 1} (${what})`);
      }
      for (const [index, { id }] of placed.entries()) {
        const order = await shop.finish(id, async (o) => {
          const problems = orderProblems(o, await providerSide(shop, id));
          if (problems.length > 0) {
            const answers = shop.take();
            tally(answers);
            log.push(`finishing #${index}: ${answers.map(answerText).join('; ')}`);
            throw new MoneyBroken(report(`finishing #${index}`, problems, log));
          }
        });
        ended.set(order.status, (ended.get(order.status) ?? 0) + 1);
        const answers = shop.take();
        tally(answers);
        log.push(`finishing #${index}: ${answers.map(answerText).join('; ') || 'nothing sent'}`);
        if (!TERMINAL.includes(order.status) || order.bills.some((b) => b.status === 'pending')) {
          const bills = order.bills.map((b) => `${b.kind} ${b.status} ¥${b.amount.toFixed(2)}`);
          throw new MoneyBroken(
            report(
              `finishing #${index}`,
              [
                `order ${order.orderNumber} cannot be brought to an end: status ${order.status}, bills: ${bills.join(', ')}`,
              ],
              log,
            ),
          );
        }
      }
      await check(placed, log, 'bringing every order to its end');
    } catch (err) {
      // Leave nothing open for the next scenario (shrinking replays smaller ones in this app).
      for (const { id } of placed)
        await shop.finish(id, async () => undefined).catch(() => undefined);
      shop.take();
      throw err;
    }
  }

  it(
    `holds over ${RUNS} random scenarios`,
    async () => {
      let failedAt: number | undefined;
      let shrinkRuns = 0;
      const details = await fc.check(
        fc.asyncProperty(scenarioArb, async (scenario) => {
          // Once a failure is found, shrinking gets a budget of runs; past it every candidate
          // passes at once, which ends the shrinking with the smallest failure found so far.
          if (failedAt !== undefined && ++shrinkRuns > SHRINK_RUNS) return;
          try {
            await play(scenario);
          } catch (err) {
            failedAt ??= runNo;
            throw err;
          }
        }),
        {
          numRuns: RUNS,
          ...(SEED !== undefined ? { seed: SEED } : {}),
          ...(PATH ? { path: PATH } : {}),
          endOnFailure: SHRINK_RUNS === 0,
        },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        const scenario = details.counterexample?.[0];
        throw new Error(
          [
            `money broke after ${details.numRuns} runs (shrunk ${details.numShrinks} times)`,
            `replay: npm run test:money -- --seed ${details.seed} --path ${details.counterexamplePath}`,
            '(writes sent together meet differently on each run: replay a few times)',
            scenario ? `the scenario:\n${scenarioText(scenario)}` : '',
            error,
          ].join('\n'),
        );
      }
    },
    (RUNS + SHRINK_RUNS) * 30_000,
  );
});

function report(when: string, problems: string[], log: string[]): string {
  return `${when}:\n  ${problems.join('\n  ')}\nwhat was sent and answered:\n  ${log.join('\n  ')}`;
}

function answerText(a: Answer): string {
  const code = a.status >= 400 ? ` ${errorCode(a.body) ?? a.body.slice(0, 120)}` : '';
  return `${a.what} → ${a.status}${code}`;
}

function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** No server error; a refusal of the API says what it is in the ABP error shape. */
function answerProblems(a: Answer): string[] {
  if (a.status >= 500) return [`${a.what} answered ${a.status}: ${a.body}`];
  if (a.status < 400 || !a.url.startsWith('/api/app/')) return [];
  try {
    const { error } = JSON.parse(a.body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof error?.code === 'string' && typeof error.message === 'string') return [];
  } catch {
    // not JSON: reported below
  }
  return [`${a.what} answered ${a.status} without the error shape: ${a.body}`];
}
