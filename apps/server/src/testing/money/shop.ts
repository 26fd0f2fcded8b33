import { setTimeout as sleep } from 'node:timers/promises';
import { BusinessParameterKey, OrderStatus, type Order } from '@snowgear/contracts';
import {
  callerAs,
  counterOrdersAs,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '../index.js';
import { opText, type LineSpec, type Op, type OrderSpec } from './model.js';

const DAY = 86_400_000;
const STORE = '太舞小镇店';
const ADDRESS = '太舞酒店前台';

/** Who acts, by the part they play; the clerk, driver and agent are hired for the test. */
const STAFF = {
  admin: 'admin',
  manager: 'multi',
  clerk: 'money-clerk',
  driver: 'money-driver',
  agent: 'money-agent',
} as const;
export type Who = keyof typeof STAFF;

export type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
/** A call ready to be sent (null: the order gives it nothing to act on, e.g. no bill to pay). */
export type Send = (() => Promise<Reply>) | null;

/** Every answer of a step, for the check that none is a server error. */
export interface Answer {
  what: string;
  url: string;
  status: number;
  body: string;
}

const yuan = (fen: number) => fen / 100;
const incoming = (b: Order['bills'][number]) => b.kind !== 'refund';

/**
 * The store as the money property drives it: 太舞 (which has no demo orders, so its finance
 * figures are the test's own), a clerk, a driver and an agent hired for the test, its manager and
 * the super admin; gear made for each order; every operation as the app's pages and the payment
 * providers send it.
 */
export class Shop {
  /** The answers since the last `take()`. */
  private answers: Answer[] = [];
  private barcodeSeq = 0;
  private readonly ids = new Map<string, string>();

  private constructor(
    readonly t: TestApp,
    private readonly csrf: Record<string, string>,
    private readonly tokens: Record<string, string>,
    readonly storeId: string,
    readonly agentId: string,
    private readonly goggles: string,
    private readonly poles: string,
  ) {}

  static async open(t: TestApp): Promise<Shop> {
    const csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, [STAFF.admin, STAFF.manager]);
    const storeId = (await storeIdsByName(t.app))[STORE]!;
    const call = callerAs(t.app, csrf, tokens);
    const hire = async (userName: string, name: string, role: string, store: string | null) => {
      const res = await call('admin', 'POST', '/api/app/employees', {
        userName,
        password: '1q2w3E*',
        name,
        roles: [role],
        primaryStoreId: store,
      });
      if (res.statusCode !== 201) throw new Error(`hiring ${userName}: ${res.body}`);
      return res.json<{ id: string }>().id;
    };
    await hire(STAFF.clerk, '钱店员', 'StoreEmployee', storeId);
    await hire(STAFF.driver, '钱司机', 'Driver', storeId);
    const agentId = await hire(STAFF.agent, '钱代理', 'Agent', null);
    Object.assign(tokens, await signIn(t.app, csrf, [STAFF.clerk, STAFF.driver, STAFF.agent]));
    const params = await call('admin', 'PUT', '/api/app/admin/business-parameters', {
      storeId,
      values: [
        { key: BusinessParameterKey.CashOnDelivery, value: 'true' },
        { key: BusinessParameterKey.WeChatPayEnabled, value: 'true' },
        { key: BusinessParameterKey.AlipayEnabled, value: 'true' },
      ],
    });
    if (params.statusCode !== 200) throw new Error(`store settings: ${params.body}`);
    const categories = (await call('admin', 'GET', '/api/app/equipment/categories')).json<{
      items: { id: string; name: string }[];
    }>().items;
    const category = (name: string) => categories.find((c) => c.name === name)!.id;
    return new Shop(t, csrf, tokens, storeId, agentId, category('雪镜'), category('雪杖'));
  }

  // ---- calls -----------------------------------------------------------------------------------

  /** A call as one of the staff; its answer is kept for the step's check. */
  /**
   * The driver takes the order's run at hand from the store's pool, as the driver's app does
   * before loading the gear or collecting at the door (another driver's run stays theirs: 409).
   */
  async driverTakesRun(order: Order): Promise<void> {
    const delivers = order.deliveryMethod === 'Delivery';
    const picksUp = order.returnMethod === 'Pickup';
    const kind = delivers && (!order.deliveredAt || !picksUp) ? 'delivery' : 'pickup';
    if (kind === 'pickup' && !picksUp) return;
    await this.call('driver', 'POST', `/api/app/orders/${order.id}/take`, { kind }, 'take the run');
  }

  async call(
    who: Who,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    what = `${method} ${url}`,
  ): Promise<Reply> {
    const reply = await this.t.app.inject({
      method,
      url,
      payload,
      headers: {
        ...this.csrf,
        authorization: `Bearer ${this.tokens[STAFF[who]]}`,
        'accept-language': 'zh-CN',
      },
    });
    this.keep(what, url, reply);
    return reply;
  }

  /** A call without signing in: a payer's phone, or a provider. */
  private async anonymous(
    url: string,
    payload: object | string,
    what: string,
    headers: Record<string, string> = this.csrf,
  ): Promise<Reply> {
    const reply = await this.t.app.inject({ method: 'POST', url, payload, headers });
    this.keep(what, url, reply);
    return reply;
  }

  private keep(what: string, url: string, reply: Reply) {
    this.answers.push({ what, url, status: reply.statusCode, body: reply.body.slice(0, 400) });
  }

  /** The answers since the last time, and forgets them. */
  take(): Answer[] {
    const taken = this.answers;
    this.answers = [];
    return taken;
  }

  /** The order as the store reads it (the super admin sees every store). */
  async read(orderId: string): Promise<Order> {
    const res = await this.t.app.inject({
      url: `/api/app/orders/${orderId}`,
      headers: { ...this.csrf, authorization: `Bearer ${this.tokens[STAFF.admin]}` },
    });
    if (res.statusCode !== 200) throw new Error(`reading order ${orderId}: ${res.body}`);
    return res.json<Order>();
  }

  /** The store's orders (the demo business has a few). */
  async orderList(): Promise<{ id: string }[]> {
    return (
      await this.get<{ items: { id: string }[] }>(
        'admin',
        `/api/app/orders?storeId=${this.storeId}&maxResultCount=100`,
      )
    ).items;
  }

  /** A read that is not a step of the scenario (finance, the dashboard, the agent's page). */
  async get<T>(who: Who, url: string): Promise<T> {
    const res = await this.t.app.inject({
      url,
      headers: { ...this.csrf, authorization: `Bearer ${this.tokens[STAFF[who]]}` },
    });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }

  // ---- gear and orders -------------------------------------------------------------------------

  /** New items of a category at the store, one per line, at the line's prices. */
  private async gear(categoryId: string, lines: LineSpec[]) {
    const made: { id: string; barcodeNumber: string }[] = [];
    for (const line of lines) {
      const barcodeNumber = `MONEY-${Date.now().toString(36)}-${(this.barcodeSeq++).toString(36)}`;
      const res = await this.call(
        'admin',
        'POST',
        '/api/app/equipment',
        {
          storeId: this.storeId,
          categoryId,
          name: `对账测试 ${barcodeNumber}`,
          barcodeNumber,
          dailyRentPrice: yuan(line.dailyPriceFen),
          deposit: yuan(line.depositFen),
          attributes: [],
        },
        'place: new gear',
      );
      if (res.statusCode !== 201) throw new Error(`new gear: ${res.body}`);
      const item = res.json<{ id: string; barcodeNumber: string }>();
      this.ids.set(item.barcodeNumber, item.id);
      made.push(item);
    }
    return made;
  }

  /**
   * Places an order of the spec's kind in the rental window `start` (a store time) for two days;
   * a late one was recorded with a rental that ended yesterday.
   */
  async place(spec: OrderSpec, start: string): Promise<Order> {
    const end = new Date(Date.parse(start) + 2 * DAY).toISOString();
    if (spec.kind === 'agent') return this.agentBooking(spec, start);
    // Lines booked by kind hold goggles (fresh ones are made so that there is stock); the
    // other orders rent specific poles of their own.
    const byKind = spec.kind === 'kinds';
    const gear = await this.gear(byKind ? this.goggles : this.poles, spec.lines);
    const items = byKind
      ? spec.lines.map((l) => ({
          categoryId: this.goggles,
          dailyPrice: yuan(l.dailyPriceFen),
          deposit: yuan(l.depositFen),
        }))
      : gear.map((g) => ({ equipmentId: g.id }));
    const delivered = spec.kind === 'delivery' || spec.kind === 'cashOnDelivery';
    const late = spec.kind === 'late';
    const now = Date.now();
    const who: Who = late ? 'admin' : spec.kind === 'hospitality' ? 'manager' : 'clerk';
    const body = {
      storeId: this.storeId,
      orderType: spec.kind === 'hospitality' ? 'Hospitality' : 'Normal',
      customerName: '钱顾客',
      customerPhone: '13700005858',
      rentalStartTime: late ? new Date(now - 3 * DAY).toISOString() : start,
      rentalEndTime: late ? new Date(now - DAY).toISOString() : end,
      ...(delivered
        ? {
            deliveryMethod: 'Delivery',
            deliveryAddress: ADDRESS,
            returnMethod: 'Pickup',
            returnAddress: ADDRESS,
          }
        : {}),
      ...(spec.viaAgent ? { agentId: this.agentId } : {}),
      items,
    };
    const res = await counterOrdersAs(this.t.app, this.csrf, this.tokens)(STAFF[who], body);
    this.keep(`place ${spec.kind}`, '/api/app/orders', res);
    if (res.statusCode !== 201) throw new Error(`placing a ${spec.kind} order: ${res.body}`);
    const order = res.json<Order>();
    if (spec.kind === 'cashOnDelivery') {
      const chosen = await this.call(
        'clerk',
        'POST',
        `/api/app/orders/${order.id}/pay-at-door`,
        undefined,
        'place cashOnDelivery: pay at the door',
      );
      if (chosen.statusCode !== 200) throw new Error(`pay at the door: ${chosen.body}`);
    }
    return this.read(order.id);
  }

  /** The agent books goggles by kind for a customer: pending until the store confirms. */
  private async agentBooking(spec: OrderSpec, start: string): Promise<Order> {
    await this.gear(this.goggles, spec.lines);
    const res = await this.call(
      'agent',
      'POST',
      '/api/app/agent/orders',
      {
        cart: {
          storeId: this.storeId,
          rentalStartTime: start,
          days: 2,
          deliveryMethod: 'SelfPickup',
          riders: [],
          lines: spec.lines.map(() => ({ type: 'item', categoryId: this.goggles, size: {} })),
        },
        customerName: '钱顾客',
        customerPhone: '13700005858',
        remarks: '',
      },
      'place agent',
    );
    if (res.statusCode !== 201) throw new Error(`agent booking: ${res.body}`);
    return this.read(res.json<Order>().id);
  }

  /** A rental start for the run: 10:00 at the store some weeks ahead, never on its rest day. */
  static windowOf(run: number): string {
    return storeTimeOn(30 + (run % 150) * 2, '10:00', [2]);
  }

  private async equipmentId(barcode: string): Promise<string | undefined> {
    const known = this.ids.get(barcode);
    if (known) return known;
    const found = await this.get<{ id: string }>(
      'admin',
      `/api/app/equipment/by-barcode?barcodeNumber=${encodeURIComponent(barcode)}`,
    );
    this.ids.set(barcode, found.id);
    return found.id;
  }

  // ---- operations ------------------------------------------------------------------------------

  /**
   * The call an operation makes on the order as it is now, ready to send (what has to come
   * first, such as a payment started before the cashier's 'pay' is pressed, is done here).
   */
  async prepare(op: Op, order: Order, what = opText(op)): Promise<Send> {
    const id = order.id;
    const path = `/api/app/orders/${id}`;
    const billIn =
      order.bills.find((b) => incoming(b) && b.status === 'pending') ??
      order.bills.findLast(incoming);
    const billOut =
      order.bills.find((b) => !incoming(b) && b.status === 'pending') ??
      order.bills.findLast((b) => !incoming(b));
    const out = order.items.filter((i) => !i.returnState);
    const delivery = order.deliveryMethod === 'Delivery';
    switch (op.type) {
      case 'payCash':
        return billIn
          ? async () => {
              // A driver collects on a run that is theirs, taken from the pool first.
              if (op.by === 'driver') await this.driverTakesRun(order);
              return this.call(
                op.by,
                'POST',
                `/api/app/orders/confirm-cash-received?billId=${billIn.id}`,
                undefined,
                what,
              );
            }
          : null;
      case 'payOnline':
        return billIn ? this.startOnlinePayment(billIn.id, op.method, what) : null;
      case 'extend':
        return () =>
          this.call(
            'clerk',
            'POST',
            `${path}/extend`,
            {
              rentalEndTime: new Date(
                Date.parse(order.rentalEndTime) + op.days * DAY,
              ).toISOString(),
            },
            what,
          );
      case 'sendOut': {
        const barcodes = out.flatMap((i) => {
          const code = i.barcodeNumber ?? i.heldBarcodeNumber;
          return code ? [code] : [];
        });
        if (barcodes.length === 0) return null;
        return delivery
          ? async () => {
              await this.driverTakesRun(order);
              return this.call('driver', 'POST', `${path}/dispatch`, { barcodes }, what);
            }
          : () => this.call('clerk', 'POST', `${path}/handover`, { barcodes }, what);
      }
      case 'payAtDoor':
        return () => this.call('clerk', 'POST', `${path}/pay-at-door`, undefined, what);
      case 'delivered':
        // The store confirms for a driver whose phone gave up (no photo needed then).
        return () =>
          this.call('clerk', 'POST', `${path}/delivered`, { remarks: '司机手机没电' }, what);
      case 'earlyReturn': {
        const line = out[0];
        const code = line?.barcodeNumber ?? line?.heldBarcodeNumber;
        const equipmentId = line?.equipmentId ?? (code ? await this.equipmentId(code) : undefined);
        if (!equipmentId) return null;
        return () =>
          this.call(
            'clerk',
            'POST',
            `/api/app/equipment/early-return/${equipmentId}`,
            { orderId: id, reason: '提前归还' },
            what,
          );
      }
      case 'giveBack': {
        const lines = out.filter((i) => i.equipmentId);
        if (lines.length === 0) return null;
        return () =>
          this.call(
            'clerk',
            'POST',
            `${path}/return`,
            {
              items: lines.map((l, n) => ({
                orderItemId: l.id,
                state: n === 0 ? op.state : 'returned',
                damageFee: n === 0 ? yuan(op.damageFeeFen) : 0,
              })),
            },
            what,
          );
      }
      case 'refundOnline':
        return billOut
          ? () =>
              this.call(
                'clerk',
                'POST',
                `/api/app/payments/refund?billId=${billOut.id}`,
                undefined,
                what,
              )
          : null;
      case 'refundCash':
        return billOut
          ? () =>
              this.call(
                'clerk',
                'POST',
                `/api/app/orders/confirm-cash-refunded?billId=${billOut.id}`,
                undefined,
                what,
              )
          : null;
      case 'cancel':
        return () => this.call('clerk', 'POST', `${path}/cancel`, { reason: '客户不要了' }, what);
      case 'goodwill':
        return () =>
          this.call(
            'manager',
            'POST',
            `${path}/goodwill-refund`,
            { amount: yuan(op.amountFen), reason: '等候太久' },
            what,
          );
      case 'fee':
        return () =>
          this.call(
            'manager',
            'POST',
            `${path}/fees`,
            { kind: op.kind, amount: yuan(op.amountFen), reason: '雪板打蜡' },
            what,
          );
      case 'confirm':
        return () => this.call('clerk', 'POST', `${path}/confirm`, { remarks: '' }, what);
      case 'changeDelivery':
        return () =>
          this.call(
            'clerk',
            'PUT',
            `${path}/delivery-method`,
            delivery
              ? {
                  deliveryMethod: 'SelfPickup',
                  deliveryAddress: '',
                  returnMethod: 'SelfReturn',
                  returnAddress: '',
                }
              : {
                  deliveryMethod: 'Delivery',
                  deliveryAddress: ADDRESS,
                  returnMethod: 'Pickup',
                  returnAddress: ADDRESS,
                },
            what,
          );
      case 'advance': {
        const next = nextOp(order, op.online);
        return this.prepare(next, order, `${what}: ${opText(next)}`);
      }
      case 'any': {
        const next = allowedOp(order, op);
        return this.prepare(next, order, `${what}: ${opText(next)}`);
      }
    }
  }

  /**
   * The payer starts a payment (anonymously, from the payment link) now; the cashier's 'pay' is
   * what is sent with the step, so the provider's notification meets the other writes.
   */
  private async startOnlinePayment(
    billId: string,
    method: 'wechat' | 'alipay',
    what: string,
  ): Promise<Send> {
    const started = await this.anonymous(
      '/api/app/payments',
      { billId, method, channel: 'h5', returnPath: '/customer/orders/x' },
      `${what}: started`,
    );
    if (started.statusCode !== 201) return null;
    const action = started.json<{ action: { url?: string; codeUrl?: string } }>().action;
    const cashier = new URL(action.url ?? action.codeUrl ?? '', 'http://x.invalid');
    return () =>
      this.anonymous(`${cashier.pathname}/pay${cashier.search}`, '', `${what}: cashier 'pay'`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
  }

  /** Sends a step's calls together, each after its lag. */
  async together(sends: { send: Send; lagMs: number }[]): Promise<void> {
    await Promise.all(
      sends.map(async ({ send, lagMs }) => {
        if (!send) return;
        if (lagMs) await sleep(lagMs);
        await send();
      }),
    );
  }

  // ---- bringing an order to its end ------------------------------------------------------------

  /**
   * Brings the order to an end one call at a time, as the store would: pays what is owed, gives
   * back what is owed (online where it can, else cash), sends the gear out and takes it back, or
   * cancels what cannot go out. Returns the order as it ends (Completed or Cancelled with nothing
   * open, unless the store had no way to get it there).
   */
  async finish(orderId: string, afterEach: (order: Order) => Promise<void>): Promise<Order> {
    for (let turn = 0; turn < 12; turn++) {
      const order = await this.read(orderId);
      await afterEach(order);
      const open = order.bills.filter((b) => b.status === 'pending');
      const ended =
        order.status === OrderStatus.Completed || order.status === OrderStatus.Cancelled;
      if (ended && open.length === 0) return order;
      const owed = open.find(incoming);
      if (owed) {
        if (order.status === OrderStatus.Delivering) await this.driverTakesRun(order);
        await this.call(
          order.status === OrderStatus.Delivering ? 'driver' : 'clerk',
          'POST',
          `/api/app/orders/confirm-cash-received?billId=${owed.id}`,
          undefined,
          'finish: pay in cash',
        );
        continue;
      }
      const refund = open.find((b) => !incoming(b));
      if (refund) {
        const online = await this.call(
          'clerk',
          'POST',
          `/api/app/payments/refund?billId=${refund.id}`,
          undefined,
          'finish: refund online',
        );
        if (online.statusCode !== 200) {
          await this.call(
            'clerk',
            'POST',
            `/api/app/orders/confirm-cash-refunded?billId=${refund.id}`,
            undefined,
            'finish: refund in cash',
          );
        }
        continue;
      }
      const next = nextOp(order, false);
      const send = await this.prepare(next, order, `finish: ${opText(next)}`);
      const before = order.status;
      if (send) await send();
      const after = await this.read(orderId);
      // Gear that cannot go out (or an order with none left to send) is cancelled instead.
      const stuck = after.status === before && after.bills.length === order.bills.length;
      if (stuck && (ORDER_CANCELLABLE as readonly number[]).includes(after.status)) {
        await this.call(
          'clerk',
          'POST',
          `/api/app/orders/${orderId}/cancel`,
          { reason: '结束测试' },
          'finish: cancel',
        );
      }
    }
    return this.read(orderId);
  }
}

const ORDER_CANCELLABLE = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
] as const;

/** The operations that the order's status allows, one of them as `any` picks. */
function allowedOp(order: Order, any: Extract<Op, { type: 'any' }>): Op {
  const pay: Op = any.online
    ? { type: 'payOnline', method: any.pick % 2 ? 'alipay' : 'wechat' }
    : { type: 'payCash', by: order.deliveryMethod === 'Delivery' ? 'driver' : 'clerk' };
  const refund: Op = any.online ? { type: 'refundOnline' } : { type: 'refundCash' };
  const goodwill: Op = { type: 'goodwill', amountFen: any.amountFen };
  const fee: Op = { type: 'fee', kind: 'CleaningFee', amountFen: any.amountFen };
  const extend: Op = { type: 'extend', days: 1 + (any.pick % 2) };
  const cancel: Op = { type: 'cancel' };
  const giveBack: Op = {
    type: 'giveBack',
    state: any.pick % 3 ? 'returned' : 'damaged',
    damageFeeFen: any.pick % 3 ? 0 : any.amountFen,
  };
  const S = OrderStatus;
  const allowed: Record<number, Op[]> = {
    [S.Pending]: [{ type: 'confirm' }, cancel, fee],
    [S.Unpaid]: [pay, cancel, fee, { type: 'changeDelivery' }, { type: 'payAtDoor' }],
    [S.Reserved]: [
      { type: 'sendOut' },
      cancel,
      goodwill,
      fee,
      extend,
      refund,
      { type: 'changeDelivery' },
    ],
    [S.PendingDelivery]: [
      { type: 'sendOut' },
      cancel,
      goodwill,
      fee,
      extend,
      pay,
      refund,
      { type: 'earlyReturn' },
    ],
    [S.Delivering]: [{ type: 'delivered' }, pay, fee, goodwill, refund, { type: 'earlyReturn' }],
    [S.Delivered]: [giveBack, { type: 'earlyReturn' }, extend, fee, goodwill, refund],
    [S.InUse]: [giveBack, { type: 'earlyReturn' }, extend, fee, goodwill, refund],
    [S.PendingReturn]: [giveBack, { type: 'earlyReturn' }, extend, fee, goodwill, refund],
    [S.Returned]: [refund, fee, goodwill],
    [S.PendingPayment]: [pay, fee, goodwill, refund],
    [S.Completed]: [refund, pay],
    [S.Cancelled]: [refund, pay],
  };
  const ops = allowed[order.status] ?? [cancel];
  return ops[any.pick % ops.length]!;
}

/** What moves an order on from its status now. */
function nextOp(order: Order, online: boolean): Op {
  const pay: Op = online
    ? { type: 'payOnline', method: 'wechat' }
    : { type: 'payCash', by: 'clerk' };
  const refund: Op = online ? { type: 'refundOnline' } : { type: 'refundCash' };
  const owesBack = order.bills.some((b) => !incoming(b) && b.status === 'pending');
  switch (order.status) {
    case OrderStatus.Pending:
      return { type: 'confirm' };
    case OrderStatus.Unpaid:
    case OrderStatus.PendingPayment:
      return pay;
    case OrderStatus.Reserved:
    case OrderStatus.PendingDelivery:
      return { type: 'sendOut' };
    case OrderStatus.Delivering:
      return order.collectOnDelivery > 0
        ? online
          ? pay
          : { type: 'payCash', by: 'driver' }
        : { type: 'delivered' };
    case OrderStatus.Delivered:
    case OrderStatus.InUse:
    case OrderStatus.PendingReturn:
      return { type: 'giveBack', state: 'returned', damageFeeFen: 0 };
    default:
      return owesBack ? refund : pay;
  }
}
