// `npm run test:pg`: the server tests of what differs between PostgreSQL and the embedded PGlite,
// on a real PostgreSQL server. `npm test` runs the whole server suite on PGlite, which is the
// same PostgreSQL compiled to WebAssembly: the same SQL, types and constraints. What only a
// PostgreSQL server and its driver show is listed below; `npm run test:pg -- --all` (or TEST_PG_ALL=1) runs
// the whole server suite on it instead, and files named after the options run just those.
//
// Each test app's database is created (from a template migrated once per run) on
// TEST_DATABASE_URL (default: the local server's `test` database) and dropped after.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');

/** Files run on PostgreSQL, by what about them differs there (paths under apps/server/src). */
const POSTGRES_SUITE = {
  // Sessions at once. PGlite is one connection that runs one statement at a time, so only
  // PostgreSQL shows row locks (FOR UPDATE), advisory locks, lock waits, deadlocks, unique
  // violations between racing transactions and serialisation of counters.
  'locking and concurrency': [
    'modules/orders/orders.test.ts',
    'modules/orders/counter-order.test.ts',
    'modules/orders/capacity.test.ts',
    'modules/orders/bookings-in-turn.test.ts',
    'modules/orders/lifecycle.test.ts',
    'modules/orders/simultaneous-writes.test.ts',
    'modules/orders/money-property.test.ts',
    'modules/orders/receipts.test.ts',
    'modules/equipment/equipment.test.ts',
    'modules/small-equipment/small-equipment.test.ts',
    'modules/catalogue/catalogue.test.ts',
    // A store's card or the business's (store null): one unique constraint, nulls not distinct.
    'modules/rate-cards/rate-cards.test.ts',
    'modules/rental-packs/rental-packs.test.ts',
    'modules/rental-packs/pack-grade.test.ts',
    'modules/pricing/pricing.test.ts',
    'modules/pricing/half-day.test.ts',
    'modules/employees/employees.test.ts',
    'modules/addresses/addresses.test.ts',
    'modules/riders/riders.test.ts',
    // Family members adding themselves at once: one appending statement, never past the limit.
    'modules/self-checkin/self-checkin.test.ts',
    'modules/account/account.test.ts',
    'modules/sms/phone-login.test.ts',
    'modules/identity/throttle.test.ts',
    'modules/payments/refund-race.test.ts',
    'modules/payments/payments.test.ts',
    'modules/payments/never-lost.test.ts',
    'plugins/idempotency.test.ts',
  ],
  // Faults of a database server: connections cut, stalled, timed out, a pool run dry.
  faults: ['db/faults.test.ts'],
  // Several server processes on one database: what each caches is forgotten by all (LISTEN/
  // NOTIFY or Redis), limits counted together, sweeps and payments settled once.
  'scale-out': [
    'scale-out.test.ts',
    'lib/forget-bus.test.ts',
    'lib/redis.test.ts',
    'plugins/rate-limit.test.ts',
    'plugins/rate-limit-store.test.ts',
    'plugins/shared-address.test.ts',
    'modules/payments/providers/sandbox.test.ts',
    'modules/notifications/reminders.test.ts',
    // Two sweeps at once tell each manager of an approval once.
    'modules/notifications/approval-notices.test.ts',
  ],
  // Statements written as SQL rather than built by drizzle from the schema: their rows come back
  // through node-postgres's type parsers instead of PGlite's (counts, sums, dates, JSON).
  'rows read from SQL': ['modules/audit/audit.test.ts'],
  // The server's own time zone and the business's (`at time zone` in SQL).
  'days at the store': [
    'modules/finance/finance.test.ts',
    'modules/finance/shift-close.test.ts',
    'modules/store-dashboard/store-dashboard.test.ts',
  ],
  // A production server's settings: DATABASE_URL asks for PUBLIC_BASE_URL, and every link to
  // a payer, a payment provider or WeChat is built on it.
  'links on the public address': [
    'modules/payments/providers.integration.test.ts',
    'modules/notifications/channels.test.ts',
    'modules/wechat/wechat.test.ts',
  ],
  // The first start of a PostgreSQL database, backups and moving the embedded database over.
  'setting up and moving': ['demo/seed.test.ts', 'first-admin.test.ts', 'db/backup.test.ts'],
};

/** A test that asks for PostgreSQL itself belongs here whether listed or not. */
const ASKS_FOR_POSTGRES =
  /testDatabaseKind === 'postgres'|\b(secondInstance|terminateConnections|testDatabaseAddress)\(/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function postgresSuite() {
  const src = join(server, 'src');
  const listed = Object.values(POSTGRES_SUITE)
    .flat()
    .map((file) => join(src, file));
  const missing = listed.filter((file) => !existsSync(file));
  if (missing.length) {
    console.error(
      `scripts/test-pg.mjs lists files that do not exist: ${missing.map((f) => relative(src, f)).join(', ')}`,
    );
    process.exit(1);
  }
  const asking = testFiles(src).filter((file) =>
    ASKS_FOR_POSTGRES.test(readFileSync(file, 'utf8')),
  );
  return [...new Set([...listed, ...asking])].map((file) => relative(root, file));
}

const args = process.argv.slice(2);
const all = args.includes('--all') || process.env.TEST_PG_ALL === '1';
const vitestArgs = args.filter((arg) => arg !== '--all');
// Files or filters of one's own (arguments that are neither an option nor an option's value).
const ownFilters = vitestArgs.some(
  (arg, i) => !arg.startsWith('-') && !(i > 0 && /^--?[\w.-]+$/.test(vitestArgs[i - 1])),
);
const files = all || ownFilters ? [] : postgresSuite();

const url =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...vitestArgs, ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
