import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGREEMENT_SIGNATURE, OrderStatus, type CounterAgreement } from '@snowgear/contracts';
import {
  orderEvents,
  orders,
  paymentNotifications,
  paymentSandboxTrades,
  refunds,
} from '@/db/schema.js';
import { photo } from '@/modules/files/test-upload.js';
import {
  createTestApp,
  signaturePng,
  TEST_SECRET,
  testDatabaseKind,
  type TestApp,
} from '@/testing/index.js';
import { freePort, startSourceServer, type ServerProcess } from '@/testing/process.js';
import { startRedis, type TestRedis } from '@/testing/redis.js';
import { startRoundRobin, type RoundRobin } from '@/testing/round-robin.js';

const BUCKET = 'snowgear-files';
const DAY = 86_400_000;
const METRICS_TOKEN = 'scale-out-metrics-token-0123';
/** How long a test waits for what the processes do in the background. */
const SOON = { timeout: 10_000, interval: 20 };

/** The sweeps of orders a server process has finished, as its own /metrics says. */
async function sweepsFinished(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const figure = /^snowgear_order_sweeps_total (\d+)$/m.exec(await res.text());
  if (!figure) throw new Error(`no count of sweeps at ${server.origin} (${res.status})`);
  return Number(figure[1]);
}

/** Several phones at once: each request gets its own answer. */
interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
  headers: Headers;
}

/**
 * The production shape, proven: two server processes on one PostgreSQL (and one Redis, in the
 * second run), with files in an S3 server, behind one port that hands each request to the next
 * process in turn. A business day's work through it — bookings racing for one item, an online
 * payment, a sign-in throttle, a change of the configuration, the sweep of unpaid orders and a
 * photo — ends as it does with one process: nothing that matters lives in one process's memory.
 * The processes cache who is signed in and the configuration for minutes, so only their telling
 * each other what to forget makes changes show at once.
 */
describe.runIf(testDatabaseKind === 'postgres')('two server processes behind one port', () => {
  describe.each([
    { shape: 'PostgreSQL and S3', withRedis: false },
    { shape: 'PostgreSQL, Redis and S3', withRedis: true },
  ])('on $shape', ({ withRedis }) => {
    let t: TestApp;
    let redis: TestRedis | undefined;
    let s3: S3rver;
    let s3Dir: string;
    let balancer: RoundRobin;
    const processes: ServerProcess[] = [];
    const dataDirs: string[] = [];
    let csrf: Record<string, string>;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      // The database, migrated and with the demo business, made by the test helpers.
      t = await createTestApp();
      redis = withRedis ? await startRedis() : undefined;
      s3Dir = mkdtempSync(join(tmpdir(), 'snowgear-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const { port: s3Port } = await s3.run();
      balancer = await startRoundRobin();
      const settings = {
        DATABASE_URL: t.settings.DATABASE_URL!,
        APP_SECRET: TEST_SECRET,
        PUBLIC_BASE_URL: balancer.origin,
        SEED_DEMO_DATA: 'false',
        PAYMENT_SANDBOX: 'true',
        LOG_LEVEL: 'warn',
        // Long caches: only the processes telling each other makes a change show at once.
        CONFIG_CACHE_SECONDS: '600',
        SIGNED_IN_CACHE_SECONDS: '300',
        ORDER_SWEEP_SECONDS: '1',
        // Each process's figures, asked of it directly: how many sweeps it has finished.
        METRICS_TOKEN,
        LOGIN_MAX_FAILURES: '3',
        // The refund races below make a few thousand calls in a minute or two, signed in and
        // anonymous (paying, the cashier's pages), all from this one address.
        RATE_LIMIT_PER_MINUTE: '6000',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '6000',
        RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '6000',
        RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '100000',
        // Each counter order carries a signature the clerk uploaded just before (the refund
        // races make fifty).
        FILE_UPLOADS_PER_USER_PER_MINUTE: '6000',
        // The client's own address, as the balancer in front reports it.
        TRUST_PROXY: 'loopback',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        ...(redis ? { REDIS_URL: redis.url } : {}),
      };
      const started = await Promise.all(
        [0, 1].map(async () => {
          const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-process-'));
          dataDirs.push(dataDir);
          return startSourceServer({
            port: await freePort(),
            env: { ...settings, DATA_DIR: dataDir },
          });
        }),
      );
      processes.push(...started);
      balancer.backends = started.map((p) => p.origin);

      const configuration = await fetch(`${balancer.origin}/api/abp/application-configuration`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(configuration.headers.get('set-cookie') ?? '')![1]!;
      csrf = { cookie: `XSRF-TOKEN=${token}`, RequestVerificationToken: token };
      for (const name of ['admin', 'employee', 'manager']) {
        const res = await call('POST', '/api/app/account/login', {
          body: { userNameOrEmailAddress: name, password: '1q2w3E*' },
        });
        expect(res.status, res.body).toBe(200);
        tokens[name] = res.json<{ accessToken: string }>().accessToken;
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await balancer?.close();
      await s3?.close();
      await redis?.stop();
      await t?.close();
      for (const dir of [s3Dir, ...dataDirs])
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** One request through the balancer: as a user (`as`), from a client address (`from`). */
    async function call(
      method: string,
      path: string,
      options: {
        as?: string;
        body?: object | FormData;
        from?: string;
        headers?: Record<string, string>;
      } = {},
    ): Promise<Answer> {
      const { as, body, from, headers = {} } = options;
      const res = await fetch(`${balancer.origin}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          ...csrf,
          'accept-language': 'zh-CN',
          ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
          ...(from ? { 'x-forwarded-for': from } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text,
        json: <T>() => JSON.parse(text) as T,
        headers: res.headers,
      };
    }

    const storeId = async () =>
      Object.values(
        (await call('GET', '/api/app/config-distribution/h5')).json<{
          storeConfigs: Record<string, { storeId: string; storeName: string }>;
        }>().storeConfigs,
      ).find((s) => s.storeName === '万龙雪场店')!.storeId;
    let nextItem = 0;
    /** Items in stock at the store, each used by one scenario only. */
    async function freeItem(store: string): Promise<string> {
      const items = (
        await call('GET', `/api/app/equipment?storeId=${store}&status=0&maxResultCount=100`, {
          as: 'employee',
        })
      ).json<{ items: { id: string }[] }>().items;
      return items[nextItem++]!.id;
    }
    /** The customer's signature under the current agreement, as the clerk's phone uploads it. */
    async function signature(): Promise<CounterAgreement> {
      const config = await call('GET', '/api/app/config-distribution/h5');
      const version = config.json<{ systemInfo: { rentalAgreementVersion: string } }>().systemInfo
        .rentalAgreementVersion;
      const form = new FormData();
      form.set('businessType', AGREEMENT_SIGNATURE);
      form.set('file', new Blob([await signaturePng()], { type: 'image/png' }), 'signature.png');
      const uploaded = await call('POST', '/api/files/upload', { as: 'employee', body: form });
      expect(uploaded.status, uploaded.body).toBe(201);
      return { version, signatureFileId: uploaded.json<{ id: string }>().id };
    }
    /** A counter order, signed now unless the customer signed beforehand (`agreement`). */
    const book = async (
      store: string,
      item: string,
      dayFromNow: number,
      agreement?: CounterAgreement,
    ) =>
      call('POST', '/api/app/orders', {
        as: 'employee',
        body: {
          storeId: store,
          customerName: '周九',
          customerPhone: '13700001234',
          rentalStartTime: new Date(Date.now() + dayFromNow * DAY).toISOString(),
          rentalEndTime: new Date(Date.now() + (dayFromNow + 2) * DAY).toISOString(),
          items: [{ equipmentId: item }],
          agreement: agreement ?? (await signature()),
        },
      });

    it('serves every request through both processes', async () => {
      const before = [...balancer.served];
      for (let i = 0; i < 4; i++) expect((await call('GET', '/ready')).status).toBe(200);
      expect(balancer.served.map((n, i) => n - (before[i] ?? 0))).toEqual([2, 2]);
    });

    it('lets exactly one of twelve simultaneous bookings of one item through, and fails none', async () => {
      const store = await storeId();
      const item = await freeItem(store);
      const signed: CounterAgreement[] = [];
      for (let i = 0; i < 12; i += 1) signed.push(await signature());
      const answers = await Promise.all(
        signed.map((agreement) => book(store, item, 200, agreement)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(11);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.json<{ error: { message: string } }>().error.message).toBeTruthy();
    });

    it('takes an online payment whose steps each reach another process, once', async () => {
      const store = await storeId();
      const booked = await book(store, await freeItem(store), 210);
      expect(booked.status, booked.body).toBe(201);
      const order = booked.json<{ id: string; bills: { id: string }[] }>();
      const started = await call('POST', '/api/app/payments', {
        body: {
          billId: order.bills[0]!.id,
          method: 'wechat',
          channel: 'h5',
          returnPath: '/customer/payment/x',
        },
      });
      expect(started.status, started.body).toBe(201);
      const link = new URL(started.json<{ action: { url: string } }>().action.url);
      expect(link.origin).toBe(balancer.origin);
      // The cashier page and its button, each on the process the balancer picks.
      const page = await call('GET', `${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('沙箱收银台');
      const press = () =>
        call('POST', `${link.pathname}/pay${link.search}`, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      // The payer presses twice (one press on each process): one payment.
      const presses = await Promise.all([press(), press()]);
      expect(presses.map((p) => p.status)).toEqual([303, 303]);

      const after = (await call('GET', `/api/app/orders/${order.id}`, { as: 'employee' })).json<{
        status: number;
        bills: { status: string }[];
      }>();
      expect(after.status).toBe(OrderStatus.Reserved);
      expect(after.bills[0]!.status).toBe('paid');
      const outTradeNo = link.pathname.split('/').pop()!;
      const applied = await t.database.db
        .select()
        .from(paymentNotifications)
        .where(
          and(
            eq(paymentNotifications.outTradeNo, outTradeNo),
            eq(paymentNotifications.outcome, 'applied'),
          ),
        );
      expect(applied).toHaveLength(1);
    });

    // Money's one writer per bill lives in the database: the run with Redis adds nothing to it.
    it.runIf(!withRedis)(
      'settles a refund bill once when both processes are asked at once, whichever way',
      async () => {
        const store = await storeId();
        const item = await freeItem(store);
        const { barcodeNumber } = (
          await call('GET', `/api/app/equipment/${item}`, { as: 'employee' })
        ).json<{ barcodeNumber: string }>();
        /** An order paid online, handed over and returned: its deposit is owed back. */
        async function owedRefund() {
          const booked = await book(store, item, 230);
          expect(booked.status, booked.body).toBe(201);
          const order = booked.json<{
            id: string;
            items: { id: string }[];
            bills: { id: string }[];
          }>();
          const started = await call('POST', '/api/app/payments', {
            body: {
              billId: order.bills[0]!.id,
              method: 'wechat',
              channel: 'h5',
              returnPath: '/customer/payment/x',
            },
          });
          const link = new URL(started.json<{ action: { url: string } }>().action.url);
          const paid = await call('POST', `${link.pathname}/pay${link.search}`, {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          expect(paid.status).toBe(303);
          await call('POST', `/api/app/orders/${order.id}/handover`, {
            as: 'employee',
            body: { barcodes: [barcodeNumber] },
          });
          const returned = await call('POST', `/api/app/orders/${order.id}/return`, {
            as: 'employee',
            body: { items: [{ orderItemId: order.items[0]!.id, state: 'returned', damageFee: 0 }] },
          });
          expect(returned.status, returned.body).toBe(200);
          const bill = returned
            .json<{ bills: { id: string; kind: string; amount: number }[] }>()
            .bills.find((b) => b.kind === 'refund')!;
          return { orderId: order.id, bill, outTradeNo: link.pathname.split('/').pop()! };
        }
        const online = (billId: string) =>
          call('POST', `/api/app/payments/refund?billId=${billId}`, { as: 'employee' });
        const cash = (billId: string) =>
          call('POST', `/api/app/orders/confirm-cash-refunded?billId=${billId}`, {
            as: 'employee',
          });

        for (const pair of ['online+online', 'cash+cash', 'online+cash'] as const) {
          for (let i = 0; i < 50; i++) {
            const { orderId, bill, outTradeNo } = await owedRefund();
            const [a, b] =
              pair === 'online+online'
                ? [online, online]
                : pair === 'cash+cash'
                  ? [cash, cash]
                  : [online, cash];
            // One call on each process (the balancer hands them out in turn).
            const answers = await Promise.all([a(bill.id), b(bill.id)]);
            const statuses = answers.map((r) => r.status).sort();
            expect(statuses, answers.map((r) => r.body).join(' | ')).toEqual(
              pair === 'online+cash' ? [200, 409] : [200, 200],
            );
            const sent = await t.database.db
              .select()
              .from(refunds)
              .where(
                and(eq(refunds.billId, bill.id), inArray(refunds.status, ['pending', 'succeeded'])),
              );
            const [trade] = await t.database.db
              .select()
              .from(paymentSandboxTrades)
              .where(eq(paymentSandboxTrades.outTradeNo, outTradeNo));
            const after = (
              await call('GET', `/api/app/orders/${orderId}`, { as: 'employee' })
            ).json<{
              status: number;
              bills: { id: string; status: string; method: string }[];
            }>();
            const settled = after.bills.find((x) => x.id === bill.id)!;
            expect(after.status).toBe(OrderStatus.Completed);
            expect(settled.status).toBe('paid');
            // Exactly one refund: online (one row, the money back at the provider once) or cash.
            if (settled.method === 'cash') {
              expect(sent).toHaveLength(0);
              expect(trade!.refundedFen).toBe(0);
            } else {
              expect(sent).toHaveLength(1);
              expect(trade!.refundedFen).toBe(Math.round(bill.amount * 100));
            }
          }
        }
      },
      300_000,
    );

    it('locks an account after three wrong passwords, wherever each attempt lands', async () => {
      const attempt = (password: string) =>
        call('POST', '/api/app/account/login', {
          from: '198.51.100.60',
          body: { userNameOrEmailAddress: 'driver', password },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`)).status).toBe(403);
      // Both processes refuse even the right password now.
      for (let i = 0; i < 2; i++) {
        const locked = await attempt('1q2w3E*');
        expect(locked.status).toBe(429);
        expect(locked.json<{ error: { code: string } }>().error.code).toBe(
          'Account:TooManyFailures',
        );
      }
    });

    it('shows a change of the configuration and a deactivation on both processes at once', async () => {
      const name = async () =>
        (await call('GET', '/api/app/config-distribution/h5')).json<{
          systemInfo: { systemName: string };
        }>().systemInfo.systemName;
      // Both processes have the configuration in their cache.
      const before = await name();
      expect(await name()).toBe(before);
      const info = (await call('GET', '/api/app/admin/system-info', { as: 'admin' })).json();
      const saved = await call('PUT', '/api/app/admin/system-info', {
        as: 'admin',
        body: { ...info, systemName: `${before}·${withRedis ? 'R' : 'P'}` },
      });
      expect(saved.status, saved.body).toBe(200);
      await expect
        .poll(async () => [await name(), await name()], SOON)
        .toEqual([`${before}·${withRedis ? 'R' : 'P'}`, `${before}·${withRedis ? 'R' : 'P'}`]);

      const profile = () => call('GET', '/api/app/account/my-profile', { as: 'manager' });
      const [first, second] = [await profile(), await profile()];
      expect([first.status, second.status]).toEqual([200, 200]);
      const id = first.json<{ id: string }>().id;
      const off = await call('POST', `/api/app/employees/${id}/deactivate`, { as: 'admin' });
      expect(off.status, off.body).toBeLessThan(300);
      await expect
        .poll(async () => [(await profile()).status, (await profile()).status], SOON)
        .toEqual([401, 401]);
    });

    it('cancels an order left unpaid once, though both processes sweep', async () => {
      const store = await storeId();
      const booked = await book(store, await freeItem(store), 220);
      expect(booked.status, booked.body).toBe(201);
      const id = booked.json<{ id: string }>().id;
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 10 * DAY) })
        .where(eq(orders.id, id));
      await expect
        .poll(
          async () =>
            (await call('GET', `/api/app/orders/${id}`, { as: 'employee' })).json().status,
          SOON,
        )
        .toBe(OrderStatus.Cancelled);
      // Both go on sweeping, each two whole sweeps at least: a sweep of either that had begun
      // when the order was cancelled has had that long to end. The order stays cancelled once.
      const sweeps = () => Promise.all(processes.map(sweepsFinished));
      const seen = await sweeps();
      await vi.waitFor(async () => {
        const now = await sweeps();
        now.forEach((n, i) =>
          expect(n, `sweeps of process ${i}`).toBeGreaterThanOrEqual(seen[i]! + 2),
        );
      }, SOON);
      const cancellations = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, OrderStatus.Cancelled)));
      expect(cancellations).toHaveLength(1);
      expect(cancellations[0]!.message).toBe('超时未支付，系统自动取消');
    });

    it('keeps an uploaded photo in S3, readable through either process', async () => {
      const bytes = await photo(800, 600);
      const form = new FormData();
      form.set('businessType', 'Contract');
      form.set('file', new Blob([bytes], { type: 'image/jpeg' }), 'contract.jpg');
      const uploaded = await call('POST', '/api/files/upload', { as: 'admin', body: form });
      expect(uploaded.status, uploaded.body).toBe(201);
      const { id } = uploaded.json<{ id: string }>();
      const sizes = await Promise.all(
        [0, 1].map(async () => {
          const res = await fetch(`${balancer.origin}/api/files/download/${id}`, {
            headers: { authorization: `Bearer ${tokens.admin}` },
          });
          expect(res.status).toBe(200);
          return (await res.arrayBuffer()).byteLength;
        }),
      );
      expect(sizes[0]).toBeGreaterThan(0);
      expect(sizes[1]).toBe(sizes[0]);
    });
  });
});
