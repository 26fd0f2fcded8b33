import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@/db/client.js';
import { prepareDatabase } from '@/prepare.js';
import { TEMPLATES_ENV, type DatabaseTemplates } from './templates.js';

const limits = {
  DATABASE_POOL_SIZE: 1,
  DATABASE_CONNECTION_TIMEOUT_MS: 20_000,
  DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
  DATABASE_QUERY_TIMEOUT_MS: 30_000,
};
const quiet = { info: () => undefined, warn: () => undefined };

/**
 * Once per run: a database migrated, and one also loaded with the demo data, which every test
 * app starts from (testing/templates.ts) in a fraction of the time migrating (29 migrations) and
 * seeding take.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return postgresTemplates(adminUrl);

  const database = await openDatabase({ limits });
  const dir = mkdtempSync(join(tmpdir(), 'snowgear-templates-'));
  const dump = async (name: string) => {
    const file = join(dir, `${name}.tar`);
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    return file;
  };
  await database.migrate();
  const migrated = await dump('migrated');
  await prepareDatabase(database, { seedDemoData: true, demoPricing: false, log: quiet });
  const templates: DatabaseTemplates = { kind: 'pglite', migrated, seeded: await dump('seeded') };
  await database.close();
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * PostgreSQL: the two template databases, named for this run, so runs sharing one server (and
 * their leftovers) stay apart. Every test app's database is created from one of them and named
 * with the run's prefix; at the end the templates go, and any test database a crashed file left.
 */
async function postgresTemplates(adminUrl: string) {
  const prefix = `snowgear_test_${randomBytes(4).toString('hex')}_`;
  const templates: DatabaseTemplates = {
    kind: 'postgres',
    migrated: `${prefix}template_migrated`,
    seeded: `${prefix}template_seeded`,
    prefix,
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dropAll = () =>
    admin(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    });

  // A database being copied may have no other connection: each is closed before its copy.
  const prepare = async (name: string, work: (database: DatabaseHandle) => Promise<unknown>) => {
    const database = await openDatabase({ databaseUrl: urlOf(name), limits });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };
  try {
    await admin((client) => client.query(`CREATE DATABASE ${templates.migrated}`));
    await prepare(templates.migrated, (database) => database.migrate());
    await admin((client) =>
      client.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`),
    );
    await prepare(templates.seeded, (database) =>
      prepareDatabase(database, { seedDemoData: true, demoPricing: false, log: quiet }),
    );
  } catch (error) {
    await dropAll();
    throw error;
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return dropAll;
}
