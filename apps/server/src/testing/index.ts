import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '@/app.js';
import { loadSettings, type Settings } from '@/config/env.js';
import { openDatabase, type DatabaseHandle } from '@/db/client.js';
import { prepareDatabase } from '@/prepare.js';
import { resetAttempts } from '@/lib/attempt-counters.js';
import { databaseTemplates, pgliteTemplate, postgresTemplate } from './templates.js';

export { equipmentSaveBody, type ItemAsRead } from './equipment.js';
export {
  counterOrdersAs,
  counterSignature,
  counterSignatures,
  signaturePng,
} from './counter-signature.js';

/**
 * A real server on a real database for tests: embedded PGlite in memory by default, or a fresh
 * PostgreSQL database (created and dropped around the test) when TEST_DATABASE_URL is set, which
 * is how `npm run test:pg` runs the same suite on PostgreSQL.
 */
export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  settings: Settings;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  settings?: Record<string, string>;
  /** PostgreSQL only: reach the test database through this port on 127.0.0.1 (a proxy a test can cut). */
  databasePort?: number;
  /** PGlite only: the embedded database in its own thread, as the server runs it. */
  embeddedThread?: boolean;
  /** The server's logger (none by default), e.g. a level and a stream a test reads. */
  logger?: FastifyServerOptions['logger'];
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A database of its own for a test app, copied from the run's template (migrated, and seeded when
 * asked) when there is one, else empty (the app then migrates and seeds it).
 */
async function createPgDatabase(
  seeded: boolean,
  port?: number,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL not set');
  const prefix = databaseTemplates()?.prefix ?? 'snowgear_test_';
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const template = postgresTemplate(seeded ? 'seeded' : 'migrated');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const testDatabaseKind = adminUrl ? 'postgres' : 'pglite';

/** PostgreSQL only: where the test server listens (for a proxy put in front of it). */
export function testDatabaseAddress(): { host: string; port: number } {
  if (!adminUrl) throw new Error('needs TEST_DATABASE_URL');
  const url = new URL(adminUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

/**
 * PostgreSQL only: ends every server connection of the test app's database, as a restart or a
 * failover would (`pg_terminate_backend`). Returns how many were ended.
 */
export async function terminateConnections(t: TestApp): Promise<number> {
  if (!adminUrl || !t.settings.DATABASE_URL) throw new Error('needs TEST_DATABASE_URL');
  const name = new URL(t.settings.DATABASE_URL).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const pgDatabase = adminUrl ? await createPgDatabase(seed, options.databasePort) : undefined;
  const filesDir = mkdtempSync(join(tmpdir(), 'snowgear-files-'));
  const settings = loadSettings({
    FILES_DIR: filesDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '100000',
    SMS_HOURLY_LIMIT_PER_ADDRESS: '100000',
    // A clerk's phone uploads the customer's signature before each counter order, and tests
    // make orders far faster than a counter does; the upload limit tests set their own.
    FILE_UPLOADS_PER_USER_PER_MINUTE: '100000',
    // A proof of work a test solves takes a few milliseconds.
    PROOF_OF_WORK_DIFFICULTY: '40',
    PROOF_OF_WORK_COST: '10',
    // A test machine running many suites at once can keep a busy pool's queue waiting longer than
    // production's 5 s; tests about the time-out set their own.
    DATABASE_CONNECTION_TIMEOUT_MS: '20000',
    // Tests use the stand-ins for outside parties on either engine.
    PAYMENT_SANDBOX: 'true',
    SMS_SANDBOX: 'true',
    // The app's own minute sweep would otherwise add sandbox reminders to the timelines tests
    // read, whenever a test runs past a minute; reminder tests build their own notifier.
    NOTIFICATION_SANDBOX: 'false',
    // PostgreSQL is the production shape: it needs the public address links are built from.
    ...(pgDatabase
      ? { DATABASE_URL: pgDatabase.url, PUBLIC_BASE_URL: 'https://rent.example.test' }
      : {}),
    ...options.settings,
  });
  // On the embedded database, an app starts from the run's template: migrated, and seeded when
  // asked. (In its own thread it migrates and seeds as `npm start` does.)
  const snapshot =
    !pgDatabase && !options.embeddedThread
      ? pgliteTemplate(seed ? 'seeded' : 'migrated')
      : undefined;
  // Dropping the test database cuts its connections on purpose.
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    limits: settings,
    onConnectionLost: () => undefined,
    embeddedThread: options.embeddedThread ?? false,
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  // Migrating a database made from a template finds nothing to do, and seeding finds it seeded.
  await prepareDatabase(database, {
    seedDemoData: seed,
    // The gear's daily prices whatever day a test runs on (seedDemoData).
    demoPricing: false,
    firstAdmin: settings.ADMIN_PASSWORD
      ? { userName: settings.ADMIN_USER_NAME, password: settings.ADMIN_PASSWORD }
      : undefined,
    log: { info: () => undefined, warn: () => undefined },
  });
  const app = await buildApp({
    settings,
    database,
    secret: TEST_SECRET,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    settings,
    close: async () => {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL only: a second server instance on a test app's database and settings, with caches,
 * connections and buses of its own: another server process, as far as the app can tell.
 */
export async function secondInstance(
  t: TestApp,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openDatabase({
    databaseUrl: t.settings.DATABASE_URL,
    limits: t.settings,
  });
  const app = await buildApp({
    settings: t.settings,
    database,
    secret: TEST_SECRET,
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Fetches the verification token the way a browser gets it; returns the cookie and header pair. */
export async function verificationHeaders(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/abp/application-configuration' });
  const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie issued');
  return {
    cookie: `XSRF-TOKEN=${cookie.value}`,
    RequestVerificationToken: cookie.value,
  };
}

/**
 * One browser calling the app: its own cookies (the verification token, WeChat's state and
 * binding ticket …), kept from each answer and sent with the next call, as a browser does. Two of
 * these are two phones.
 */
export async function testBrowser(app: FastifyInstance) {
  const jar = new Map<string, string>();
  const csrf = await verificationHeaders(app);
  jar.set('XSRF-TOKEN', csrf.RequestVerificationToken);
  /** The headers of a call from this browser now (pass them where a helper takes `csrf`). */
  const headers = (): Record<string, string> => ({
    RequestVerificationToken: csrf.RequestVerificationToken,
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  });
  const keep = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const gone = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (gone || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return {
    jar,
    headers,
    post: async (url: string, payload: object = {}, accessToken?: string) =>
      keep(
        await app.inject({
          method: 'POST',
          url,
          payload,
          headers: {
            ...headers(),
            ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
          },
        }),
      ),
  };
}
export type TestBrowser = Awaited<ReturnType<typeof testBrowser>>;

/** Signs demo users in (password 1q2w3E*) and returns their access tokens by user name. */
export async function signIn(
  app: FastifyInstance,
  csrf: Record<string, string>,
  userNames: string[],
) {
  const tokens: Record<string, string> = {};
  for (const name of userNames) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: name, password: '1q2w3E*' },
    });
    tokens[name] = res.json<{ accessToken: string }>().accessToken;
  }
  return tokens;
}

/** An access token of the demo customer (张三), signed in as customers are: phone and SMS code. */
export async function customerToken(t: TestApp): Promise<string> {
  const csrf = await verificationHeaders(t.app);
  const res = await phoneSignIn(t, csrf, { phoneNumber: '13800138000', realName: '张三' });
  if (res.statusCode !== 200) throw new Error(`customer sign-in failed: ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

/** The demo stores' ids by their Chinese names. */
export async function storeIdsByName(app: FastifyInstance): Promise<Record<string, string>> {
  const config = (await app.inject('/api/app/config-distribution/h5')).json<{
    storeConfigs: Record<string, { storeId: string; storeName: string }>;
  }>();
  return Object.fromEntries(
    Object.values(config.storeConfigs).map((s) => [s.storeName, s.storeId]),
  );
}

/**
 * Calls the app as one of the signed-in demo users (`tokens` from `signIn`), with the
 * verification headers and a language (Chinese unless given).
 */
export function callerAs(
  app: FastifyInstance,
  csrf: Record<string, string>,
  tokens: Record<string, string>,
) {
  return (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    language = 'zh-CN',
  ) =>
    app.inject({
      method,
      url,
      payload,
      headers: { ...csrf, authorization: `Bearer ${tokens[as]}`, 'accept-language': language },
    });
}

/**
 * Asks for an SMS sign-in code for a number and returns it as the sandbox tag shows it. Tests
 * that sign one number in several times lift the one-send-a-minute gate first (`database`).
 */
export async function sandboxSmsCode(
  app: FastifyInstance,
  csrf: Record<string, string>,
  phoneNumber: string,
  options: { database?: DatabaseHandle; remoteAddress?: string } = {},
): Promise<string> {
  if (options.database) {
    await resetAttempts(options.database.db, [`sms:send:${phoneNumber}`]);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/h5/auth/send-sms-code',
    headers: csrf,
    payload: { phoneNumber },
    // Each test send from its own address, so the daily cap per address stays out of the way.
    remoteAddress: options.remoteAddress ?? `10.250.${randomInt(256)}.${randomInt(256)}`,
  });
  const code = res.json<{ sandboxCode?: string | null }>().sandboxCode;
  if (res.statusCode !== 200 || !code) throw new Error(`no sandbox SMS code: ${res.body}`);
  return code;
}

/** Signs a customer in by phone, real name and a sandbox SMS code; returns the auth result. */
export async function phoneSignIn(
  t: Pick<TestApp, 'app' | 'database'>,
  csrf: Record<string, string>,
  input: { phoneNumber: string; realName: string; weChatOpenId?: string },
) {
  const code = await sandboxSmsCode(t.app, csrf, input.phoneNumber, { database: t.database });
  return t.app.inject({
    method: 'POST',
    url: '/api/h5/auth/phone-login',
    headers: csrf,
    payload: { ...input, code },
  });
}

/**
 * A rental start the booking page offers: `hhmm` on the business's clock (Asia/Shanghai, UTC+8,
 * no summer time) `daysAhead` days from today there, moved on past any of `restDays`.
 */
export function storeTimeOn(daysAhead: number, hhmm: string, restDays: number[] = []): string {
  const shanghai = new Date(Date.now() + 8 * 3_600_000);
  const day = new Date(
    Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate() + daysAhead),
  );
  while (restDays.includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(day.getTime() + ((h! - 8) * 60 + m!) * 60_000).toISOString();
}

/**
 * Fetches a proof-of-work challenge and solves it as the web app's workers do: the `X-Altcha`
 * header that lets one anonymous call past the limits.
 */
export async function solvedProofOfWork(
  app: FastifyInstance,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({ url: '/api/app/altcha/challenge', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`no challenge: ${res.statusCode}`);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Pays a bill through the sandbox cashier as a customer's phone does: the payment started
 * (anonymously, as from a payment link), then the cashier's 'pay' pressed. Throws when either
 * step is refused.
 */
export async function payInSandbox(
  app: FastifyInstance,
  csrf: Record<string, string>,
  billId: string,
  method: 'wechat' | 'alipay' = 'wechat',
): Promise<void> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/app/payments',
    headers: csrf,
    payload: { billId, method, channel: 'h5', returnPath: '/customer/orders/x' },
  });
  if (started.statusCode !== 201) throw new Error(`payment not started: ${started.body}`);
  const action = started.json<{ action: { url?: string; codeUrl?: string } }>().action;
  const cashier = new URL(action.url ?? action.codeUrl ?? '', 'http://x.invalid');
  const pressed = await app.inject({
    method: 'POST',
    url: `${cashier.pathname}/pay${cashier.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (pressed.statusCode >= 400) throw new Error(`sandbox pay refused: ${pressed.body}`);
}
