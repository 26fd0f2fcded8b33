import { inArray, eq } from 'drizzle-orm';
import {
  FINANCE_METHODS,
  OrderStatus,
  type AgentPerformance,
  type FinanceAgents,
  type FinanceSummary,
  type Order,
  type ShiftClose,
  type StoreDashboard,
} from '@snowgear/contracts';
import { paymentSandboxTrades, payments, refunds } from '@/db/schema.js';
import { localSecond } from '@/lib/local-time.js';
import type { Shop } from './shop.js';

/**
 * The money invariants, read from the API (and from the database where the API does not show
 * it: what the payment provider side recorded). Each check returns its problems as sentences;
 * none means the invariant holds.
 */

type Bill = Order['bills'][number];
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
type TradeRow = typeof paymentSandboxTrades.$inferSelect;

export interface ProviderSide {
  payments: PaymentRow[];
  refunds: RefundRow[];
  /** The sandbox's own record of each trade (the provider's books), by trade number. */
  trades: Map<string, TradeRow>;
}

/** Orders whose gear is booked or out: the deposit is held (docs/agents.md, finance). */
const DEPOSIT_HELD: readonly number[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];
/** Settled: the one balance bill has given back what is left of the deposit. */
const SETTLED: readonly number[] = [
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
  OrderStatus.Completed,
];

export const fen = (yuan: number) => Math.round(yuan * 100);
const money = (f: number) => `¥${(f / 100).toFixed(2)}`;
const sum = <T>(rows: readonly T[], of: (row: T) => number) =>
  rows.reduce((total, row) => total + of(row), 0);
const isIn = (b: Bill) => b.kind !== 'refund';
const billsFen = (bills: readonly Bill[]) => sum(bills, (b) => fen(b.amount));

export async function providerSide(shop: Shop, orderId: string): Promise<ProviderSide> {
  const { db } = shop.t.database;
  const paid = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (paid.length === 0) return { payments: [], refunds: [], trades: new Map() };
  const [sent, trades] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          paid.map((p) => p.id),
        ),
      ),
    db
      .select()
      .from(paymentSandboxTrades)
      .where(
        inArray(
          paymentSandboxTrades.outTradeNo,
          paid.map((p) => p.outTradeNo),
        ),
      ),
  ]);
  return { payments: paid, refunds: sent, trades: new Map(trades.map((t) => [t.outTradeNo, t])) };
}

/** The bills of an order in fen: paid and still open, in and out. */
function ledgerOf(order: Order) {
  const of = (incoming: boolean, status: Bill['status']) =>
    billsFen(order.bills.filter((b) => isIn(b) === incoming && b.status === status));
  return {
    paidIn: of(true, 'paid'),
    paidOut: of(false, 'paid'),
    openIn: of(true, 'pending'),
    openOut: of(false, 'pending'),
    deposits: sum(
      order.feeItems.filter((f) => f.kind === 'Deposit'),
      (f) => fen(f.amount),
    ),
    total: fen(order.totalAmount),
  };
}

/**
 * One order's money:
 *  - its total is the sum of its fee lines;
 *  - nothing was given back beyond what came in, by the bills and by the money that moved;
 *  - the bills add up to what the order charges for its status: all of it while it runs, less
 *    the deposit once settled (so the deposit went back once), nothing once cancelled;
 *  - no payment was recorded twice: a bill is paid one way once, and money that came in for a
 *    bill already settled went back;
 *  - what the payment provider holds is what our records say.
 */
export function orderProblems(order: Order, side: ProviderSide): string[] {
  const problems: string[] = [];
  const { paidIn, paidOut, openIn, openOut, deposits, total } = ledgerOf(order);
  const lines = sum(order.feeItems, (f) => fen(f.amount));
  if (lines !== total) {
    problems.push(`its total ${money(total)} is not the sum of its fee lines ${money(lines)}`);
  }
  // Rent is each line's daily price for its days, extensions included (free orders charge none).
  if (order.orderType !== 'Hospitality' && order.orderType !== 'Loan') {
    const rent = sum(
      order.feeItems.filter((f) => f.kind === 'Rent' || f.kind === 'ExtensionFee'),
      (f) => fen(f.amount),
    );
    const priced = sum(order.items, (i) => fen(i.dailyPrice) * i.days);
    if (rent !== priced) {
      problems.push(
        `rent and extensions charged ${money(rent)}, its lines' daily prices × days come to ${money(priced)} (${order.days} days)`,
      );
    }
  }
  if (paidOut > paidIn) {
    problems.push(`refund bills paid ${money(paidOut)} are more than it received ${money(paidIn)}`);
  }

  // The bills against what the order charges.
  const live = paidIn + openIn - paidOut - openOut;
  const bills = `paid in ${money(paidIn)}, open ${money(openIn)}, paid back ${money(paidOut)}, owed back ${money(openOut)}`;
  if (order.status === OrderStatus.Pending) {
    if (order.bills.some((b) => b.status !== 'cancelled'))
      problems.push(`a pending order has bills (${bills})`);
  } else if (order.status === OrderStatus.Cancelled) {
    if (openIn > 0) problems.push(`cancelled, yet ${money(openIn)} is still asked for`);
    if (paidIn - paidOut - openOut !== 0)
      problems.push(`cancelled, yet what it gives back is not what it was paid (${bills})`);
  } else if (SETTLED.includes(order.status)) {
    if (live !== total - deposits) {
      problems.push(
        `settled, its bills come to ${money(live)} but it charges ${money(total - deposits)} (total ${money(total)} less deposits ${money(deposits)}; ${bills})`,
      );
    }
    if (order.status === OrderStatus.Completed && openIn + openOut > 0)
      problems.push(`completed with bills open (${bills})`);
  } else if (live !== total) {
    problems.push(`its bills come to ${money(live)}, its total is ${money(total)} (${bills})`);
  }
  // Settled when the gear came back (Returned from PendingPayment is a supplement paid since).
  const settlements = order.timeline.filter(
    (e) => e.toStatus === OrderStatus.Returned && e.fromStatus !== OrderStatus.PendingPayment,
  ).length;
  if (settlements > 1) problems.push(`settled ${settlements} times`);

  problems.push(...paymentProblems(order, side));
  return problems.map((p) => `order ${order.orderNumber} (status ${order.status}): ${p}`);
}

function paymentProblems(order: Order, side: ProviderSide): string[] {
  const problems: string[] = [];
  const live = (r: RefundRow) => r.status !== 'failed';
  const succeeded = side.payments.filter((p) => p.status === 'succeeded');
  const counted = succeeded.filter((p) => !p.duplicate);
  const bill = (id: string | null) => order.bills.find((b) => b.id === id);

  // A bill is paid once, one way.
  for (const b of order.bills.filter((x) => isIn(x) && x.status === 'paid')) {
    const online = counted.filter((p) => p.billId === b.id);
    if (b.method === 'cash') {
      if (online.length > 0) problems.push(`bill ${b.id} paid in cash and online`);
    } else if (online.length !== 1 || online[0]!.amountFen !== fen(b.amount)) {
      problems.push(
        `bill ${b.id} (${money(fen(b.amount))}, ${b.method}) has ${online.length} online payments counted for it`,
      );
    }
  }
  for (const p of counted) {
    const b = bill(p.billId);
    if (!b || b.status !== 'paid' || b.method !== p.method)
      problems.push(
        `a ${p.method} payment of ${money(p.amountFen)} counted for a bill not paid by it`,
      );
  }
  // Money that came in for a bill already settled goes straight back, all of it.
  for (const p of succeeded.filter((x) => x.duplicate)) {
    const back = sum(
      side.refunds.filter((r) => r.paymentId === p.id && live(r)),
      (r) => r.amountFen,
    );
    if (back !== p.amountFen)
      problems.push(
        `a duplicate ${p.method} payment of ${money(p.amountFen)}: ${money(back)} sent back`,
      );
  }
  for (const p of side.payments) {
    const back = sum(
      side.refunds.filter((r) => r.paymentId === p.id && live(r)),
      (r) => r.amountFen,
    );
    if (back > p.amountFen)
      problems.push(`${money(back)} refunded from a payment of ${money(p.amountFen)}`);
  }
  // Refunds sent for a refund bill: the bill is settled online by exactly them.
  for (const b of order.bills.filter((x) => !isIn(x))) {
    const sent = side.refunds.filter((r) => r.billId === b.id && live(r));
    const sentFen = sum(sent, (r) => r.amountFen);
    if (sent.some((r) => r.status === 'pending'))
      problems.push(`refund bill ${b.id}: a refund still pending at the provider`);
    if (b.status === 'paid' && b.method !== 'cash' && sentFen !== fen(b.amount))
      problems.push(
        `refund bill ${b.id} paid online (${money(fen(b.amount))}), ${money(sentFen)} sent`,
      );
    if ((b.status === 'cancelled' || b.method === 'cash') && sentFen > 0)
      problems.push(
        `refund bill ${b.id} (${b.status}, ${b.method ?? 'no method'}) also sent ${money(sentFen)} online`,
      );
  }
  for (const r of side.refunds.filter((x) => x.billId && !bill(x.billId)))
    problems.push(`a refund of ${money(r.amountFen)} for a bill of another order`);

  // The money that moved, against what the bills say.
  const paid = order.bills.filter((b) => b.status === 'paid');
  const cashIn = billsFen(paid.filter((b) => isIn(b) && b.method === 'cash'));
  const cashOut = billsFen(paid.filter((b) => !isIn(b) && b.method === 'cash'));
  const onlineIn = sum(succeeded, (p) => p.amountFen);
  const onlineOut = sum(
    side.refunds.filter((r) => r.status === 'succeeded'),
    (r) => r.amountFen,
  );
  const { paidIn, paidOut } = ledgerOf(order);
  if (cashOut + onlineOut > cashIn + onlineIn)
    problems.push(
      `more money went back (${money(cashOut)} cash, ${money(onlineOut)} online) than came in (${money(cashIn)} cash, ${money(onlineIn)} online)`,
    );
  if (cashIn + onlineIn - cashOut - onlineOut !== paidIn - paidOut)
    problems.push(
      `the money kept (${money(cashIn + onlineIn - cashOut - onlineOut)}: ${money(cashIn)} + ${money(onlineIn)} in, ${money(cashOut)} + ${money(onlineOut)} out) is not what the bills keep (${money(paidIn - paidOut)})`,
    );

  // The provider's books against ours.
  for (const p of side.payments) {
    const trade = side.trades.get(p.outTradeNo);
    if (!trade) continue;
    if ((trade.state === 'succeeded') !== (p.status === 'succeeded'))
      problems.push(
        `a ${p.method} trade of ${money(p.amountFen)} is ${trade.state} at the provider, ${p.status} in our records`,
      );
    const refunded = sum(
      side.refunds.filter((r) => r.paymentId === p.id && r.status === 'succeeded'),
      (r) => r.amountFen,
    );
    if (trade.refundedFen !== refunded)
      problems.push(
        `the provider refunded ${money(trade.refundedFen)} of a ${p.method} payment, our records ${money(refunded)}`,
      );
  }
  return problems;
}

/**
 * What an order earns its agent (docs/agents.md): the charges other than the deposit, as far as
 * paid and kept: max(0, min(charges, kept − deposit still held)); nothing while pending or unpaid.
 */
export function earnedFen(order: Order): number {
  if (order.status === OrderStatus.Pending || order.status === OrderStatus.Unpaid) return 0;
  const charges = sum(
    order.feeItems.filter((f) => f.kind !== 'Deposit'),
    (f) => fen(f.amount),
  );
  const { paidIn, paidOut, openOut, deposits } = ledgerOf(order);
  const kept = paidIn - paidOut - openOut;
  const held = DEPOSIT_HELD.includes(order.status) ? deposits : 0;
  return Math.max(0, Math.min(charges, kept - held));
}

/** The business day (YYYY-MM-DD) of an instant in the business time zone. */
export function businessDay(at: Date | string, timeZone: string): string {
  // The server's cached formatter: a new one per bill held ICU memory that a long run piled up.
  return localSecond(new Date(at), timeZone).slice(0, 10);
}

function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    days.push(new Date(d).toISOString().slice(0, 10));
  return days;
}

interface Tally {
  inFen: number;
  inCount: number;
  outFen: number;
  outCount: number;
}
const emptyTally = (): Tally => ({ inFen: 0, inCount: 0, outFen: 0, outCount: 0 });
function add(tally: Tally, b: Bill) {
  if (isIn(b)) {
    tally.inFen += fen(b.amount);
    tally.inCount += 1;
  } else {
    tally.outFen += fen(b.amount);
    tally.outCount += 1;
  }
}

/**
 * The store's figures against the sum over its orders, to the fen: the finance summary and its
 * bill list, the shift close of each day, the dashboard's takings, and the agent's commission
 * (on the agent's page and the finance page). `orders` are every order of the store; `from` the
 * first business day the test moved money on.
 */
export async function figureProblems(shop: Shop, orders: Order[], from: string): Promise<string[]> {
  const zone = shop.t.settings.BUSINESS_TIME_ZONE;
  const to = businessDay(new Date(), zone);
  const store = shop.storeId;
  const problems: string[] = [];
  const differ = (what: string, got: number, want: number) => {
    if (got !== want) problems.push(`${what}: ${money(got)}, the orders' bills say ${money(want)}`);
  };
  const differCount = (what: string, got: number, want: number) => {
    if (got !== want) problems.push(`${what}: ${got}, the orders say ${want}`);
  };

  const bills = orders.flatMap((o) => o.bills);
  // Paid on the days asked for (the demo business paid some before).
  const paid = bills.filter((b) => {
    if (b.status !== 'paid' || !b.paidAt) return false;
    const day = businessDay(b.paidAt, zone);
    return day >= from && day <= to;
  });
  const byMethod = new Map<string, Tally>(FINANCE_METHODS.map((m) => [m, emptyTally()]));
  const byDay = new Map<string, Tally>();
  for (const b of paid) {
    const method = b.method ?? 'unknown';
    add(byMethod.get(method) ?? byMethod.set(method, emptyTally()).get(method)!, b);
    const day = businessDay(b.paidAt!, zone);
    add(byDay.get(day) ?? byDay.set(day, emptyTally()).get(day)!, b);
  }

  // Finance: takings and refunds by method and by day, deposits held, bills still open.
  const range = `from=${from}&to=${to}&storeId=${store}`;
  const summary = await shop.get<FinanceSummary>('admin', `/api/app/finance/summary?${range}`);
  for (const [method, want] of byMethod) {
    const got = summary.byMethod.find((m) => m.method === method);
    differ(`finance ${method} payments`, fen(got?.payments ?? 0), want.inFen);
    differ(`finance ${method} refunds`, fen(got?.refunds ?? 0), want.outFen);
    differCount(`finance ${method} payment count`, got?.paymentCount ?? 0, want.inCount);
    differCount(`finance ${method} refund count`, got?.refundCount ?? 0, want.outCount);
  }
  const all = [...byMethod.values()];
  differ(
    'finance total payments',
    fen(summary.totals.payments),
    sum(all, (t) => t.inFen),
  );
  differ(
    'finance total refunds',
    fen(summary.totals.refunds),
    sum(all, (t) => t.outFen),
  );
  for (const day of summary.daily) {
    const want = byDay.get(day.date) ?? emptyTally();
    differ(`finance net on ${day.date}`, fen(day.net), want.inFen - want.outFen);
  }
  const holding = orders.filter(
    (o) =>
      DEPOSIT_HELD.includes(o.status) &&
      !o.bills.some((b) => b.kind === 'payment' && b.status === 'pending'),
  );
  differ(
    'finance deposits held',
    fen(summary.depositsHeld),
    sum(holding, (o) => ledgerOf(o).deposits),
  );
  differCount(
    'finance orders holding a deposit',
    summary.depositsHeldOrders,
    holding.filter((o) => o.feeItems.some((f) => f.kind === 'Deposit')).length,
  );
  const open = bills.filter((b) => b.status === 'pending');
  differ('finance awaiting', fen(summary.awaiting.amount), billsFen(open.filter(isIn)));
  differCount('finance bills awaiting', summary.awaiting.count, open.filter(isIn).length);
  differ(
    'finance refunds owed',
    fen(summary.refundsOwed.amount),
    billsFen(open.filter((b) => !isIn(b))),
  );
  differCount(
    'finance refunds owed (bills)',
    summary.refundsOwed.count,
    open.filter((b) => !isIn(b)).length,
  );
  const list = await shop.get<{ totalCount: number }>(
    'admin',
    `/api/app/finance/bills?${range}&maxResultCount=1`,
  );
  differCount('finance paid bills listed', list.totalCount, paid.length);

  // Shift close: the cash each clerk took in and gave back, day by day.
  for (const day of daysFrom(from, to)) {
    const close = await shop.get<ShiftClose>(
      'admin',
      `/api/app/finance/shift-close?date=${day}&storeId=${store}`,
    );
    const clerks = new Map<string, Tally>();
    for (const b of paid.filter(
      (x) => x.method === 'cash' && businessDay(x.paidAt!, zone) === day,
    )) {
      const name = b.confirmedByName ?? '';
      add(clerks.get(name) ?? clerks.set(name, emptyTally()).get(name)!, b);
    }
    const names = new Set([...clerks.keys(), ...close.clerks.map((c) => c.name)]);
    for (const name of names) {
      const got = close.clerks.find((c) => c.name === name);
      const want = clerks.get(name) ?? emptyTally();
      differ(`shift close ${day}, ${name}: cash in`, fen(got?.cashIn.amount ?? 0), want.inFen);
      differ(`shift close ${day}, ${name}: cash out`, fen(got?.cashOut.amount ?? 0), want.outFen);
      differCount(`shift close ${day}, ${name}: bills in`, got?.cashIn.count ?? 0, want.inCount);
      differCount(`shift close ${day}, ${name}: bills out`, got?.cashOut.count ?? 0, want.outCount);
    }
    const cash = byDayCash(paid, day, zone);
    differ(`shift close ${day}: net`, fen(close.totals.net), cash.inFen - cash.outFen);
  }

  // The dashboard: today's takings by method, and the week's daily net.
  const dashboard = await shop.get<StoreDashboard>(
    'admin',
    `/api/app/store-dashboard?storeId=${store}`,
  );
  const today = paid.filter((b) => businessDay(b.paidAt!, zone) === dashboard.today);
  for (const method of FINANCE_METHODS) {
    const got = dashboard.takings?.byMethod.find((m) => m.method === method);
    const of = today.filter((b) => b.method === method);
    differ(
      `dashboard ${method} net today`,
      fen(got?.net ?? 0),
      billsFen(of.filter(isIn)) - billsFen(of.filter((b) => !isIn(b))),
    );
  }
  differ(
    'dashboard net today',
    fen(dashboard.takings?.net ?? 0),
    billsFen(today.filter(isIn)) - billsFen(today.filter((b) => !isIn(b))),
  );
  for (const day of dashboard.week.filter((d) => d.day >= from)) {
    const want = byDay.get(day.day) ?? emptyTally();
    differ(`dashboard net on ${day.day}`, fen(day.takings ?? 0), want.inFen - want.outFen);
  }

  problems.push(...(await agentProblems(shop, orders, range)));
  return problems;
}

function byDayCash(paid: Bill[], day: string, zone: string): Tally {
  const tally = emptyTally();
  for (const b of paid)
    if (b.method === 'cash' && businessDay(b.paidAt!, zone) === day) add(tally, b);
  return tally;
}

/**
 * The agent's commission, on the agent's own page (the season) and on the store's finance page:
 * rent and fees as far as paid and kept, never a deposit.
 */
async function agentProblems(shop: Shop, orders: Order[], range: string): Promise<string[]> {
  const problems: string[] = [];
  const theirs = orders.filter((o) => o.agentId === shop.agentId);
  const earned = sum(theirs, earnedFen);
  const paidOrders = theirs.filter(
    (o) =>
      !([OrderStatus.Pending, OrderStatus.Unpaid, OrderStatus.Cancelled] as number[]).includes(
        o.status,
      ),
  ).length;
  for (const o of theirs) {
    const charges = sum(
      o.feeItems.filter((f) => f.kind !== 'Deposit'),
      (f) => fen(f.amount),
    );
    if (earnedFen(o) > charges)
      problems.push(
        `order ${o.orderNumber} earns its agent more than its charges (a deposit counted)`,
      );
  }
  const page = await shop.get<AgentPerformance>(
    'agent',
    '/api/app/agent/performance?period=season',
  );
  const commission = Math.round((earned * page.commissionRate) / 100);
  const check = (
    where: string,
    got: { orders: number; paidOrders: number; revenue: number; commission: number },
  ) => {
    if (got.orders !== theirs.length)
      problems.push(`${where}: ${got.orders} orders, the agent has ${theirs.length}`);
    if (got.paidOrders !== paidOrders)
      problems.push(`${where}: ${got.paidOrders} paid orders, the orders say ${paidOrders}`);
    if (fen(got.revenue) !== earned)
      problems.push(
        `${where}: revenue ${money(fen(got.revenue))}, the orders earn ${money(earned)}`,
      );
    if (fen(got.commission) !== commission)
      problems.push(
        `${where}: commission ${money(fen(got.commission))}, expected ${money(commission)}`,
      );
  };
  check("the agent's page", page);
  const finance = await shop.get<FinanceAgents>('admin', `/api/app/finance/agents?${range}`);
  const row = finance.agents.find((a) => a.agentId === shop.agentId);
  check('finance, agents', row ?? { orders: 0, paidOrders: 0, revenue: 0, commission: 0 });
  return problems;
}
