/**
 * What a signed-in API call costs next to a bare Fastify route, on the engine the test helpers
 * pick (embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set): requests a second and p99
 * latency under 20 connections for `GET /api/app/equipment/by-barcode` (staff, with the headers
 * the app sends) against two baselines served from this same process: a route that answers `{}`,
 * and one that first sends `select 1` through the test app's own database (the same PGlite, or the
 * same PostgreSQL pool), which is the most any call with a statement of its own can reach here.
 * PGlite runs in its own thread, as `npm start` runs it. The load comes from a process of its own
 * (load-process.ts). Prints figures and ratios, not a
 * verdict: the machine is shared and noisy, so only ratios within one run mean anything.
 * Goal: by-barcode at least 0.3× the bare route on PostgreSQL and 0.1× on PGlite, p99 ≤ 20 ms.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { createTestApp, testDatabaseKind } from '@snowgear/server/testing';
import { byBarcodeCall } from './by-barcode.js';
import { loadFrom } from './load-process.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await loadFrom({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.rps, p99: result.p99 };
}

const t = await createTestApp({ settings: { LOG_LEVEL: 'silent' }, embeddedThread: true });
const { headers, path } = await byBarcodeCall(t);

const bare = Fastify();
bare.get('/bare', async () => ({}));
const selectOne = sql`select 1`;
bare.get('/select-1', async () => {
  await t.database.db.execute(selectOne);
  return {};
});
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
const bareUrl = `${bareBase}/bare`;
const selectOneUrl = `${bareBase}/select-1`;

// Statements one warm call sends (the sign-in is known by now).
await t.app.inject({ url: path, headers });
const before = t.database.stats.queries;
await t.app.inject({ url: path, headers });
const statements = t.database.stats.queries - before;

await t.app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}${path}`;

await load(bareUrl); // warm up all three
await load(selectOneUrl);
await load(appUrl, headers);
const baseline = await load(bareUrl);
const selectOneLoad = await load(selectOneUrl);
const barcodeLoad = await load(appUrl, headers);
await t.close();
await bare.close();

const row = (name: string, r: { rps: number; p99: number }, ratio = '') =>
  `${name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${ratio}`;
const times = (r: { rps: number }, of: { rps: number }) => (r.rps / of.rps).toFixed(3);
console.log(
  `API cost on ${testDatabaseKind}, ${CONNECTIONS} connections, ${SECONDS} s each, load from its own process`,
);
console.log(row('bare Fastify route (baseline)', baseline));
console.log(
  row(
    'bare route + one `select 1`',
    selectOneLoad,
    `${times(selectOneLoad, baseline)}× baseline throughput`,
  ),
);
console.log(
  row(
    'GET by-barcode, signed in',
    barcodeLoad,
    `${times(barcodeLoad, baseline)}× baseline throughput, ${times(barcodeLoad, selectOneLoad)}× bare route + one \`select 1\``,
  ),
);
console.log(`statements per warm by-barcode call: ${statements}`);
