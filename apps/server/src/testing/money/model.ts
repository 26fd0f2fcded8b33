import fc from 'fast-check';

/**
 * The money property's model: orders of every kind, and what staff, customers and payment
 * providers do to them, as fast-check arbitraries. A scenario is data only; `shop.ts` turns each
 * operation into the HTTP calls the web app and the providers make, against the order as it is
 * when the step runs (an operation the order's status does not allow is sent anyway and must be
 * refused with a 4xx).
 */

/**
 * - counter: specific items at the counter; kinds: lines booked by category, held, bound at the
 *   handover; delivery: delivered to the door and picked up; cashOnDelivery: the same, paid at
 *   the door; late: recorded by the super admin with a rental that has already ended, so its
 *   return is late and charged; agent: booked by an agent (pending, then confirmed by the
 *   store); hospitality: free, but for damage.
 */
export const ORDER_KINDS = [
  'counter',
  'kinds',
  'delivery',
  'cashOnDelivery',
  'late',
  'agent',
  'hospitality',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface LineSpec {
  dailyPriceFen: number;
  depositFen: number;
}

export interface OrderSpec {
  kind: OrderKind;
  lines: LineSpec[];
  /** A counter order credited to the agent (an agent's own booking always is). */
  viaAgent: boolean;
}

export type Op =
  | { type: 'payCash'; by: 'clerk' | 'driver' | 'admin' }
  | { type: 'payOnline'; method: 'wechat' | 'alipay' }
  | { type: 'extend'; days: number }
  | { type: 'sendOut' }
  | { type: 'payAtDoor' }
  | { type: 'delivered' }
  | { type: 'earlyReturn' }
  | { type: 'giveBack'; state: 'returned' | 'damaged' | 'lost'; damageFeeFen: number }
  | { type: 'refundOnline' }
  | { type: 'refundCash' }
  | { type: 'cancel' }
  | { type: 'goodwill'; amountFen: number }
  | { type: 'fee'; kind: 'CleaningFee' | 'DamageFee' | 'Other'; amountFen: number }
  | { type: 'confirm' }
  | { type: 'changeDelivery' }
  /** Whatever moves the order on from its status now: pay, hand over, deliver, return, refund. */
  | { type: 'advance'; online: boolean }
  /**
   * One of the operations its status allows (`pick` chooses), so that what is sent together
   * mostly meets: a refund and a cancellation of a paid order, a fee and a return of one in use.
   */
  | { type: 'any'; pick: number; amountFen: number; online: boolean };

/** One operation on one of the scenario's orders (its index, taken modulo their number). */
export interface Move {
  order: number;
  op: Op;
  /** Milliseconds this one waits before it is sent, so the writes meet at different points. */
  lagMs: number;
}

/** A step: its moves sent at the same moment (Promise.all). */
export type Step = Move[];

export interface Scenario {
  orders: OrderSpec[];
  steps: Step[];
}

const fen = (min: number, max: number) => fc.integer({ min, max });

const lineArb: fc.Arbitrary<LineSpec> = fc.record({
  // Yuan with odd fen, so every sum has to be right to the fen.
  dailyPriceFen: fen(101, 29_999),
  depositFen: fc.oneof(fen(0, 0), fen(1, 99_999)),
});

export const orderSpecArb: fc.Arbitrary<OrderSpec> = fc.record({
  kind: fc.constantFrom(...ORDER_KINDS),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 2 }),
  viaAgent: fc.boolean(),
});

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ type: fc.constant('advance'), online: fc.boolean() }) },
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('any'),
      pick: fc.nat(99),
      amountFen: fen(1, 8_000),
      online: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('payCash'),
      by: fc.constantFrom('clerk', 'driver', 'admin'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('payOnline'),
      method: fc.constantFrom('wechat', 'alipay'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('extend'), days: fc.integer({ min: 1, max: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('sendOut') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('payAtDoor') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delivered') }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('earlyReturn') }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('giveBack'),
      state: fc.constantFrom('returned', 'returned', 'damaged', 'lost'),
      damageFeeFen: fc.oneof(fen(0, 0), fen(1, 50_000)),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('refundOnline') }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('refundCash') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel') }) },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('goodwill'), amountFen: fen(1, 8_000) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fee'),
      kind: fc.constantFrom('CleaningFee', 'DamageFee', 'Other'),
      amountFen: fen(1, 20_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('confirm') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('changeDelivery') }) },
);

const lagArb = fc.constantFrom(0, 0, 0, 1, 3, 8);
const moveArb: fc.Arbitrary<Move> = fc.record({ order: fc.nat(7), op: opArb, lagMs: lagArb });

/**
 * A step: one operation; two or three on one order at once (a clerk, the customer's phone and
 * a provider at the same moment); or operations on different orders interleaved.
 */
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.tuple(moveArb) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.nat(7), fc.array(fc.tuple(opArb, lagArb), { minLength: 2, maxLength: 3 }))
      .map(([order, ops]) => ops.map(([op, lagMs]) => ({ order, op, lagMs }))),
  },
  { weight: 2, arbitrary: fc.array(moveArb, { minLength: 2, maxLength: 4 }) },
);

export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  orders: fc.array(orderSpecArb, { minLength: 1, maxLength: 3 }),
  steps: fc.array(stepArb, { minLength: 4, maxLength: 16 }),
});

/** An operation as the replay prints it: `payCash(driver)`, `goodwill(¥12.34)`. */
export function opText(op: Op): string {
  const yuan = (f: number) => `¥${(f / 100).toFixed(2)}`;
  switch (op.type) {
    case 'payCash':
      return `payCash(${op.by})`;
    case 'payOnline':
      return `payOnline(${op.method})`;
    case 'extend':
      return `extend(+${op.days}d)`;
    case 'giveBack':
      return `giveBack(${op.state}${op.damageFeeFen ? `, damage ${yuan(op.damageFeeFen)}` : ''})`;
    case 'goodwill':
      return `goodwill(${yuan(op.amountFen)})`;
    case 'fee':
      return `fee(${op.kind} ${yuan(op.amountFen)})`;
    case 'advance':
      return `advance(${op.online ? 'online' : 'cash'})`;
    case 'any':
      return `any(${op.pick}, ${yuan(op.amountFen)}, ${op.online ? 'online' : 'cash'})`;
    case 'sendOut':
    case 'payAtDoor':
    case 'delivered':
    case 'earlyReturn':
    case 'refundOnline':
    case 'refundCash':
    case 'cancel':
    case 'confirm':
    case 'changeDelivery':
      return op.type;
  }
}

/** The scenario as the replay prints it: its orders, then each step's moves sent together. */
export function scenarioText(s: Scenario): string {
  const orders = s.orders.map(
    (o, i) =>
      `  order #${i}: ${o.kind}${o.viaAgent ? ' (agent)' : ''}, lines ${o.lines
        .map(
          (l) => `¥${(l.dailyPriceFen / 100).toFixed(2)}/day + ¥${(l.depositFen / 100).toFixed(2)}`,
        )
        .join('; ')}`,
  );
  const steps = s.steps.map(
    (step, i) =>
      `  step ${i + 1}: ${step
        .map(
          (m) => `#${m.order % s.orders.length} ${opText(m.op)}${m.lagMs ? ` +${m.lagMs}ms` : ''}`,
        )
        .join(' ‖ ')}`,
  );
  return [...orders, ...steps].join('\n');
}
