/**
 * Two server processes against one, on PostgreSQL with Redis (the production shape): the counter's
 * hottest call, a signed-in `GET /api/app/equipment/by-barcode`, under 40 connections through a
 * round-robin balancer, first to one process and then to two. The baseline is the one process
 * behind the same balancer in this same run, so the balancer's own cost is in both; one process
 * reached directly is printed too. The load comes from a process of its own (load-process.ts).
 *
 * Prints requests a second and p99 with their ratios to one process, not a verdict: client,
 * balancer, database, Redis and servers share this machine's cores, so two processes gain only
 * what the cores left idle by one allow. On a machine with a core per process the ratio is what
 * tells whether they scale.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TEST_SECRET, testDatabaseKind } from '@snowgear/server/testing';
import { freePort, startSourceServer, type ServerProcess } from '@snowgear/server/testing/process';
import { startRedis } from '@snowgear/server/testing/redis';
import { startRoundRobin } from '@snowgear/server/testing/round-robin';
import { byBarcodeCall } from './by-barcode.js';
import { loadFrom, type LoadResult } from './load-process.js';

const CONNECTIONS = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

if (testDatabaseKind !== 'postgres') throw new Error('needs TEST_DATABASE_URL (PostgreSQL)');

// The database, migrated and with the demo business.
const t = await createTestApp({ settings: { LOG_LEVEL: 'silent' } });
const { headers, path } = await byBarcodeCall(t);

const redis = await startRedis();
const balancer = await startRoundRobin();
const dataDirs: string[] = [];
const processes: ServerProcess[] = await Promise.all(
  [0, 1].map(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-bench-'));
    dataDirs.push(dataDir);
    return startSourceServer({
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: t.settings.DATABASE_URL!,
        REDIS_URL: redis.url,
        APP_SECRET: TEST_SECRET,
        PUBLIC_BASE_URL: balancer.origin,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
  }),
);

async function load(origin: string): Promise<LoadResult> {
  const result = await loadFrom({
    url: `${origin}${path}`,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${origin}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

try {
  const [first] = processes as [ServerProcess, ServerProcess];
  // Warm both processes (their caches, pools and compiled paths) before measuring.
  balancer.backends = processes.map((p) => p.origin);
  await load(balancer.origin);

  const direct = await load(first.origin);
  balancer.backends = [first.origin];
  const one = await load(balancer.origin);
  balancer.backends = processes.map((p) => p.origin);
  balancer.served = [];
  const two = await load(balancer.origin);

  const row = (name: string, r: LoadResult, ratio = '') =>
    `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${ratio}`;
  console.log(
    `Scale-out on PostgreSQL + Redis: by-barcode, ${CONNECTIONS} connections, ${SECONDS} s each, load from its own process`,
  );
  console.log(row('one process, reached directly', direct));
  console.log(row('one process behind the balancer (baseline)', one));
  console.log(
    row(
      'two processes behind the balancer',
      two,
      `${(two.rps / one.rps).toFixed(2)}× throughput, ${(two.p99 / one.p99).toFixed(2)}× p99 of one process`,
    ),
  );
  console.log(`requests each process served: ${balancer.served.join(' / ')}`);
} finally {
  await Promise.all(processes.map((p) => p.stop()));
  await balancer.close();
  await redis.stop();
  await t.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
