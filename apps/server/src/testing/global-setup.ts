import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@/db/client.js';
import { prepareDatabase } from '@/prepare.js';
import { SNAPSHOT_ENV } from './snapshot.js';

/**
 * Once per run on the embedded database: a database migrated and loaded with the demo data,
 * dumped to a file, from which each test app starts (in about a tenth of the time migrating and
 * seeding take). PostgreSQL runs create their databases as before.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({
    limits: {
      DATABASE_POOL_SIZE: 1,
      DATABASE_CONNECTION_TIMEOUT_MS: 20_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      DATABASE_QUERY_TIMEOUT_MS: 30_000,
    },
  });
  await prepareDatabase(database, {
    seedDemoData: true,
    log: { info: () => undefined, warn: () => undefined },
  });
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'snowgear-snapshot-'));
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[SNAPSHOT_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
