import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@/app.js';
import { loadSettings, type Settings } from '@/config/env.js';
import { openDatabase, type DatabaseHandle } from '@/db/client.js';
import { prepareDatabase } from '@/db/prepare.js';

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
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

const adminUrl = process.env.TEST_DATABASE_URL;

async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL not set');
  const name = `snowgear_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
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

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const pgDatabase = adminUrl ? await createPgDatabase() : undefined;
  const filesDir = mkdtempSync(join(tmpdir(), 'snowgear-files-'));
  const settings = loadSettings({
    FILES_DIR: filesDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...options.settings,
  });
  // Dropping the test database cuts its idle connections on purpose.
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    onIdleError: () => undefined,
  });
  await prepareDatabase(database, {
    seedDemoData: options.seed ?? true,
    log: { info: () => undefined },
  });
  const app = await buildApp({ settings, database, secret: TEST_SECRET, logger: false });
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
