import { sql, type SQL } from 'drizzle-orm';
import type { CounterAgreement } from '@snowgear/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/pg-errors.js';
import { lockEquipment } from '@/modules/equipment/repository.js';
import {
  callerAs,
  counterOrdersAs,
  counterSignatures,
  createTestApp,
  signIn,
  storeIdsByName,
  terminateConnections,
  testDatabaseAddress,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { startTcpProxy, type TcpProxy } from '@/testing/tcp-proxy.js';

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rowsOf(t: TestApp, query: SQL) {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: unknown[] }).rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a test waits for what a fault sets off (the pool noticing, the server ending…). */
const SOON = { timeout: 10_000, interval: 20 };
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2028, 0, 10) + days * DAY).toISOString();

/**
 * Errors that would have ended a real server process (an 'error' event nobody listens to, a
 * rejection nobody handles), collected while a test runs so it can assert there were none.
 */
function watchForCrashes() {
  const seen: unknown[] = [];
  const record = (err: unknown) => seen.push(err);
  beforeEach(() => {
    seen.length = 0;
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return seen;
}

interface Staff {
  call: ReturnType<typeof callerAs>;
  counterOrder: ReturnType<typeof counterOrdersAs>;
  /** Customers' signatures for counter orders, taken while the database is still there. */
  signatures: (count: number) => Promise<CounterAgreement[]>;
  wanlong: string;
  items: { id: string }[];
}

async function staffOf(t: TestApp): Promise<Staff> {
  const csrf = await verificationHeaders(t.app);
  const tokens = await signIn(t.app, csrf, ['employee']);
  const call = callerAs(t.app, csrf, tokens);
  const counterOrder = counterOrdersAs(t.app, csrf, tokens);
  const signatures = (count: number) => counterSignatures(t.app, csrf, tokens.employee!, count);
  const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
  const items = (
    await call(
      'employee',
      'GET',
      `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
    )
  ).json().items;
  return { call, counterOrder, signatures, wanlong, items };
}

const walkIn = (storeId: string, equipmentId: string, day: number) => ({
  storeId,
  orderType: 'Normal',
  customerName: '赵六',
  customerPhone: '13900002222',
  rentalStartTime: at(day),
  rentalEndTime: at(day + 2),
  deliveryMethod: 'SelfPickup',
  returnMethod: 'SelfReturn',
  items: [{ equipmentId }],
});

// Cutting, refusing and silencing connections needs a server with connections: PGlite runs in
// the test's own thread and has none.
describe.runIf(testDatabaseKind === 'postgres')('database faults', () => {
  describe('connections cut by the server', () => {
    let t: TestApp;
    let staff: Staff;
    const crashes = watchForCrashes();
    beforeAll(async () => {
      t = await createTestApp();
      staff = await staffOf(t);
    });
    afterAll(() => t.close());

    it('a connection cut inside a transaction fails that transaction only; the pool goes on', async () => {
      const { db } = t.database;
      const cutMidway = db.transaction(async (tx) => {
        const session: unknown = await tx.execute(sql`select pg_backend_pid() as pid`);
        const { pid } = (session as { rows: { pid: number }[] }).rows[0]!;
        // The connection is checked out and between statements when the server ends it.
        expect(await terminateConnections(t)).toBeGreaterThan(0);
        const itsSession = sql`select 1 from pg_stat_activity where pid = ${pid}`;
        await vi.waitFor(async () => expect(await rowsOf(t, itsSession)).toEqual([]), SOON);
        await tx.execute(sql`select 1`);
      });
      const failure = await cutMidway.then(
        () => null,
        (err: unknown) => err,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(crashes).toEqual([]);
      expect(await rowsOf(t, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });

    it('under load, cut connections fail only their own requests (503), then service resumes', async () => {
      const { call, counterOrder, signatures, wanlong, items } = staff;
      // Ten items checked out; the others booked for windows that never meet, so only the
      // faults can fail any of these requests.
      const checkedOut = items.slice(0, 10);
      const booked = items.slice(10, -2);
      const signed = await signatures(40);
      let settled = false;
      const load = Promise.all([
        ...checkedOut.map((item) =>
          call('employee', 'POST', `/api/app/equipment/stock-out/${item.id}`, {
            reason: '维修',
            remarks: '',
            unavailableStartTime: at(400),
            unavailableEndTime: at(401),
          }),
        ),
        ...signed.map((agreement, i) =>
          counterOrder('employee', {
            ...walkIn(
              wanlong,
              booked[i % booked.length]!.id,
              10 + 3 * Math.floor(i / booked.length),
            ),
            agreement,
          }),
        ),
      ]).finally(() => {
        settled = true;
      });
      let terminated = 0;
      while (!settled) {
        terminated += await terminateConnections(t);
        await sleep(5);
      }
      const responses = await load;

      expect(terminated).toBeGreaterThan(0);
      expect(crashes).toEqual([]);
      const unexpected = responses
        .filter((r) => !(r.statusCode < 500 || r.statusCode === 503))
        .map((r) => `${r.statusCode} ${r.body}`);
      expect(unexpected).toEqual([]);
      for (const r of responses.filter((r) => r.statusCode === 503)) {
        expect(r.headers['retry-after']).toBe('5');
        expect(r.json().error.code).toBe('App:ServiceUnavailable');
      }
      expect(responses.some((r) => r.statusCode === 503)).toBe(true);

      // Nothing half-written: every order that exists has its lines and fees.
      const halfWritten = await rowsOf(
        t,
        sql`
        select o.order_number from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)
           or not exists (select 1 from order_fee_items f where f.order_id = o.id)`,
      );
      expect(halfWritten).toEqual([]);

      // The pool replaced what was cut: the same work succeeds now.
      const again = await counterOrder('employee', walkIn(wanlong, items.at(-1)!.id, 200));
      expect(again.statusCode).toBe(201);
      expect((await t.app.inject('/ready')).statusCode).toBe(200);
    });
  });

  describe('a statement that waits too long', () => {
    let t: TestApp;
    let staff: Staff;
    beforeAll(async () => {
      t = await createTestApp({ settings: { DATABASE_STATEMENT_TIMEOUT_MS: '3000' } });
      staff = await staffOf(t);
    });
    afterAll(() => t.close());

    it('is cancelled after the statement time-out and answered 503, not left hanging', async () => {
      const { counterOrder, signatures, wanlong, items } = staff;
      const target = items.at(-2)!;
      const [agreement] = await signatures(1);
      let waited = 0;
      let answer: Awaited<ReturnType<typeof counterOrder>> | undefined;
      await t.database.db.transaction(async (tx) => {
        // Someone holds the item and does not let go until the booking has its answer.
        await lockEquipment(tx, [target.id]);
        const started = Date.now();
        answer = await counterOrder('employee', { ...walkIn(wanlong, target.id, 50), agreement });
        waited = Date.now() - started;
      });
      expect(answer!.statusCode).toBe(503);
      expect(answer!.json().error.code).toBe('App:ServiceUnavailable');
      expect(waited).toBeGreaterThanOrEqual(2900);
      expect(waited).toBeLessThan(15_000);
      // Once the item is free the same booking goes through.
      const again = await counterOrder('employee', walkIn(wanlong, target.id, 50));
      expect(again.statusCode).toBe(201);
    });
  });

  describe('a database that is away', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    let staff: Staff;
    const crashes = watchForCrashes();
    beforeAll(async () => {
      proxy = await startTcpProxy(testDatabaseAddress());
      t = await createTestApp({
        databasePort: proxy.port,
        // One connection, so a connection the pool lost track of shows at once.
        settings: { DATABASE_CONNECTION_TIMEOUT_MS: '1000', DATABASE_POOL_SIZE: '1' },
      });
      staff = await staffOf(t);
    });
    afterAll(async () => {
      proxy.restore();
      await t.close();
      await proxy.close();
    });

    /**
     * Once the network is back the pool connects again by itself. The first connection may take
     * longer than the short connection time-out on a busy machine, so readiness is asked until it
     * comes (a pool that never recovers still fails).
     */
    const expectReadyAgain = async () => {
      const deadline = Date.now() + 15_000;
      let res = await t.app.inject('/ready');
      while (res.statusCode !== 200 && Date.now() < deadline) {
        await sleep(250);
        res = await t.app.inject('/ready');
      }
      expect(res.json()).toEqual({ status: 'ready' });
    };

    const expectUnavailable = (res: Awaited<ReturnType<TestApp['app']['inject']>>) => {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['_abperrorformat']).toBe('true');
      return res.json().error;
    };

    it('answers 503 with Retry-After while it is unreachable, /ready too, and recovers by itself', async () => {
      const { counterOrder, signatures, wanlong, items } = staff;
      expect((await t.app.inject('/ready')).statusCode).toBe(200);
      const [agreement] = await signatures(1);

      proxy.cut();
      const list = await t.app.inject('/api/app/help/articles');
      expect(expectUnavailable(list)).toEqual({
        code: 'App:ServiceUnavailable',
        message: '服务暂时不可用，请稍后重试',
        requestId: list.headers['x-request-id'],
      });
      const english = await t.app.inject({
        url: '/api/app/help/articles',
        headers: { 'accept-language': 'en' },
      });
      expect(expectUnavailable(english).message).toBe(
        'Service temporarily unavailable, please retry later',
      );
      const order = await counterOrder('employee', {
        ...walkIn(wanlong, items[0]!.id, 30),
        agreement,
      });
      expect(expectUnavailable(order).code).toBe('App:ServiceUnavailable');
      expect(expectUnavailable(await t.app.inject('/ready')).code).toBe('App:NotReady');

      proxy.restore();
      await expectReadyAgain();
      expect((await t.app.inject('/api/app/help/articles')).statusCode).toBe(200);
      const booked = await counterOrder('employee', walkIn(wanlong, items[0]!.id, 30));
      expect(booked.statusCode).toBe(201);
      expect(crashes).toEqual([]);
    });

    it('gives back a connection cut just as a transaction begins, so the pool keeps its size', async () => {
      expect((await t.app.inject('/ready')).statusCode).toBe(200);
      proxy.cut();
      // In the same tick the pool still takes its idle connection for sound and hands it out;
      // BEGIN goes out on it and fails.
      const failure = await t.database.db
        .transaction(async () => undefined)
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      proxy.restore();
      await expectReadyAgain();
      expect(crashes).toEqual([]);
    });

    it('answers 503 once the connection time-out has passed when the database never answers', async () => {
      proxy.cut();
      proxy.silence();
      // The pool has seen its idle connection go: the request below waits for a new one.
      await vi.waitFor(() => expect(t.database.pool!().idle).toBe(0), SOON);
      const started = Date.now();
      const res = await t.app.inject('/api/app/help/articles');
      const waited = Date.now() - started;
      expect(expectUnavailable(res).code).toBe('App:ServiceUnavailable');
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(10_000);
      expect(expectUnavailable(await t.app.inject('/ready')).code).toBe('App:NotReady');

      proxy.restore();
      await expectReadyAgain();
      expect(crashes).toEqual([]);
    });
  });
  describe('a network path that stalls', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    let staff: Staff;
    const crashes = watchForCrashes();
    const QUERY_TIMEOUT = 1500;
    beforeAll(async () => {
      proxy = await startTcpProxy(testDatabaseAddress());
      t = await createTestApp({
        databasePort: proxy.port,
        settings: {
          DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT),
          DATABASE_CONNECTION_TIMEOUT_MS: '1000',
          DATABASE_POOL_SIZE: '2',
        },
      });
      staff = await staffOf(t);
    });
    afterAll(async () => {
      proxy.restore();
      await t.close();
      await proxy.close();
    });

    const expectReadyAgain = async () => {
      const deadline = Date.now() + 15_000;
      let res = await t.app.inject('/ready');
      while (res.statusCode !== 200 && Date.now() < deadline) {
        await sleep(250);
        res = await t.app.inject('/ready');
      }
      expect(res.json()).toEqual({ status: 'ready' });
    };

    it('gives up a transaction’s statement after the query time-out and drops its connection', async () => {
      const { db } = t.database;
      let started = 0;
      let before = { total: 0, idle: 0 };
      const stalled = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        before = t.database.pool!();
        // The packets stop both ways, and nobody closes anything.
        proxy.stall();
        started = Date.now();
        await tx.execute(sql`select 1`);
      });
      const failure = await stalled.then(
        () => null,
        (err: unknown) => err,
      );
      const waited = Date.now() - started;
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // One time-out, not a second one for the ROLLBACK queued behind it.
      expect(waited).toBeGreaterThanOrEqual(QUERY_TIMEOUT - 100);
      expect(waited).toBeLessThan(QUERY_TIMEOUT + 1500);
      // The stuck connection is not back in the pool for the next request to wait on: the pool
      // holds one fewer than while it was in use (given back, it would still be counted). How
      // many are idle says nothing more: the server's own work (a sweep) may have left another
      // one idle meanwhile. It goes once its socket has closed; given back, it would stay until
      // the pool closes it as idle after ten seconds, so the wait ends well before.
      await vi.waitFor(() => expect(t.database.pool!().total).toBeLessThan(before.total), {
        ...SOON,
        timeout: 5_000,
      });
      proxy.restore();
      await expectReadyAgain();
      expect(crashes).toEqual([]);
    });

    it('answers 503 with Retry-After within the bound while the path is stalled, then serves again', async () => {
      const { counterOrder, signatures, wanlong, items } = staff;
      await expectReadyAgain();
      const [agreement] = await signatures(1);
      proxy.stall();
      // The pool's open connections stall, and new ones are never answered: whichever a request
      // meets, it answers within the query time-out and the connection time-out together.
      const bound = QUERY_TIMEOUT + 1000 + 2000;
      for (const request of [
        () => t.app.inject('/api/app/help/articles'),
        () => counterOrder('employee', { ...walkIn(wanlong, items[0]!.id, 60), agreement }),
      ]) {
        const started = Date.now();
        const res = await request();
        const waited = Date.now() - started;
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error.code).toBe('App:ServiceUnavailable');
        expect(waited).toBeLessThan(bound);
      }
      expect((await t.app.inject('/ready')).statusCode).toBe(503);

      proxy.restore();
      await expectReadyAgain();
      const booked = await counterOrder('employee', walkIn(wanlong, items[0]!.id, 60));
      expect(booked.statusCode).toBe(201);
      expect(crashes).toEqual([]);
    });
  });
});
