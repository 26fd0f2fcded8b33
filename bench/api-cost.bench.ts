/**
 * What a signed-in API call costs next to a bare Fastify route, on the engine the test helpers
 * pick (embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set): requests a second and p99
 * latency under 20 connections for `GET /api/app/equipment/by-barcode` (staff, with the headers
 * the app sends) against a route that answers `{}` from a bare Fastify in this same process, and
 * the statements one call sends. Prints figures and ratios, not a verdict: the machine is shared
 * and noisy, so only ratios within one run mean anything.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import {
  createTestApp,
  signIn,
  testDatabaseKind,
  verificationHeaders,
} from '@snowgear/server/testing';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const bare = Fastify();
bare.get('/bare', async () => ({}));
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

const t = await createTestApp({ settings: { LOG_LEVEL: 'silent' } });
const csrf = await verificationHeaders(t.app);
const { employee } = await signIn(t.app, csrf, ['employee']);
const headers = { authorization: `Bearer ${employee}`, __tenant: HOST_TENANT_ID };
const list = await t.app.inject({ url: '/api/app/equipment?maxResultCount=1', headers });
const barcode = list.json<{ items: { barcodeNumber: string }[] }>().items[0]!.barcodeNumber;
const path = `/api/app/equipment/by-barcode?barcodeNumber=${encodeURIComponent(barcode)}`;

// Statements one warm call sends (the sign-in is known by now).
await t.app.inject({ url: path, headers });
const before = t.database.stats.queries;
await t.app.inject({ url: path, headers });
const statements = t.database.stats.queries - before;

await t.app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}${path}`;

await load(bareUrl); // warm up both
await load(appUrl, headers);
const baseline = await load(bareUrl);
const barcodeLoad = await load(appUrl, headers);
await t.close();
await bare.close();

const row = (name: string, r: { rps: number; p99: number }, ratio = '') =>
  `${name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${ratio}`;
console.log(`API cost on ${testDatabaseKind}, ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log(row('bare Fastify route (baseline)', baseline));
console.log(
  row(
    'GET by-barcode, signed in',
    barcodeLoad,
    `${(barcodeLoad.rps / baseline.rps).toFixed(3)}× baseline throughput`,
  ),
);
console.log(`statements per warm by-barcode call: ${statements}`);
