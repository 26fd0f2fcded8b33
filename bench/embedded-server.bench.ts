/**
 * The embedded server as `npm start` runs it (scripts/start.mjs, the build, PGlite in DATA_DIR),
 * started on a new data folder, so with the demo business loaded:
 *
 * - its memory idle after start: the most it holds over the first BENCH_IDLE_SECONDS (75) after it
 *   is ready, which takes in its first sweep of due orders (every minute);
 * - its memory and answers while 200 counter bookings of one and the same item arrive at once
 *   (exactly one may succeed, none may fail), over connections already open, after a warm-up;
 *   the baseline is 200 signed-in reads of one order at once in this same run.
 *
 * Memory is the server process's resident set (VmRSS, all its threads: the database's included),
 * sampled every 20 ms; Linux only. It also prints how many statements the rush sent to the
 * database (read from the server's `/metrics`): refusals that share their reads send almost none.
 * Budgets: 250 MiB idle, 400 MiB under the rush, p99 of the single-item rush under 300 ms. Needs
 * `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_TENANT_ID, type CounterAgreement } from '@snowgear/contracts';
import {
  counterSignatures,
  signIn,
  storeIdsByName,
  verificationHeaders,
} from '@snowgear/server/testing';
import { freePort, repoRoot } from '@snowgear/server/testing/process';
import { remoteApp } from '@snowgear/server/testing/remote';
import { counterBooking, startRusher, type Answer, type RushRequest } from './rush-process';

const RUSH = Number(process.env.BENCH_RUSH ?? 200);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 75);
const BUDGET = { idle: 250, rush: 400, p99: 300 };
const DAY = 86_400_000;
const METRICS_TOKEN = 'bench-metrics-token-of-this-run-only';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html'])
  if (!existsSync(join(repoRoot, built))) throw new Error(`Build first (npm run build): ${built}`);

const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-memory-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const starter = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // To read how many statements the rush sent (`/metrics`, snowgear_db_queries_total).
    METRICS_TOKEN: METRICS_TOKEN,
    // The rush's phones are one address and one clerk, far faster than people.
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
    RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '1000000',
    RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '1000000',
    FILE_UPLOADS_PER_USER_PER_MINUTE: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  starter.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

/** The server: the process `npm start` starts (scripts/start.mjs runs it as its child). */
function serverPid(): number | undefined {
  const children = `/proc/${starter.pid}/task/${starter.pid}/children`;
  const [pid] = readFileSync(children, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return pid;
}
const residentMiB = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
};
/** The most the server holds while `work` runs. */
async function peakWhile<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(pid))), 20);
  try {
    const result = await work;
    return { result, peak: Math.max(peak, residentMiB(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

const started = Date.now();
for (;;) {
  if (starter.exitCode !== null) throw new Error(`npm start ended with ${starter.exitCode}`);
  if (
    await fetch(`${origin}/ready`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (Date.now() - started > 180_000) throw new Error('the server was not ready in 3 minutes');
  await new Promise((r) => setTimeout(r, 200));
}
const readySeconds = (Date.now() - started) / 1000;
const pid = serverPid();
if (!pid) throw new Error('no server process under npm start');

try {
  const idle = await peakWhile(pid, new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)));

  const app = remoteApp(origin);
  const csrf = await verificationHeaders(app);
  const { admin } = await signIn(app, csrf, ['admin']);
  if (!admin) throw new Error('admin could not sign in');
  const stores = await storeIdsByName(app);
  const storeId = Object.values(stores)[0]!;
  const headers = {
    ...csrf,
    authorization: `Bearer ${admin}`,
    'content-type': 'application/json',
    __tenant: HOST_TENANT_ID,
  };
  const get = async <T>(path: string) => {
    const res = await fetch(`${origin}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** Statements the server has sent to its database since it started. */
  const statementsSent = async () => {
    const res = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const figure = /^snowgear_db_queries_total (\d+)$/m.exec(await res.text())?.[1];
    if (figure === undefined) throw new Error('/metrics gave no snowgear_db_queries_total');
    return Number(figure);
  };
  const items = (
    await get<{ items: { id: string }[] }>(
      `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=2`,
    )
  ).items;
  const [warmItem, rushItem] = items.map((item) => item.id);
  if (!warmItem || !rushItem) throw new Error('the demo store has no equipment');

  let week = 0;
  const bookings = async (equipmentId: string, count: number): Promise<RushRequest[]> => {
    const start = Date.UTC(NEXT_YEAR, 1, 2) + week++ * 7 * DAY;
    const signed: CounterAgreement[] = await counterSignatures(app, csrf, admin, count);
    return signed.map((agreement) => counterBooking(storeId, equipmentId, start, agreement));
  };

  const rusher = startRusher(origin, headers);
  const count = (answers: Answer[], test: (status: number) => boolean) =>
    answers.filter((a) => test(a.status)).length;
  const percentile = (answers: Answer[], p: number) => {
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  };

  // Warm-up: a booking and its refusals, and as many open connections as the rush has requests.
  const warm = await rusher.rush(await bookings(warmItem, 10));
  if (count(warm, (s) => s === 201) !== 1) throw new Error('the warm-up did not book once');
  const someOrder = await get<{ items: { id: string }[] }>('/api/app/orders?maxResultCount=1');
  const read: RushRequest = { url: `/api/app/orders/${someOrder.items[0]!.id}` };
  await rusher.rush(Array.from({ length: RUSH }, () => read));

  const baseline = await peakWhile(pid, rusher.rush(Array.from({ length: RUSH }, () => read)));
  const requests = await bookings(rushItem, RUSH);
  const before = await statementsSent();
  const rush = await peakWhile(pid, rusher.rush(requests));
  const statements = (await statementsSent()) - before;
  rusher.close();

  const booked = count(rush.result, (s) => s === 201);
  const taken = count(rush.result, (s) => s === 409);
  const failed = count(rush.result, (s) => s >= 500);
  const p99 = percentile(rush.result, 99);
  const mark = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
  console.log(
    `The embedded server as npm start runs it, on a new data folder (${cpus().length} cores)`,
  );
  console.log(`  ready after ${readySeconds.toFixed(1)} s (new database and demo data made apart)`);
  console.log(
    `  memory idle, the most over ${IDLE_SECONDS} s after ready   ${idle.peak.toFixed(0).padStart(4)} MiB  (budget ${BUDGET.idle}: ${mark(idle.peak <= BUDGET.idle)})`,
  );
  console.log(
    `  memory during ${RUSH} reads of one order at once  ${baseline.peak.toFixed(0).padStart(4)} MiB  p50 ${percentile(baseline.result, 50).toFixed(0)} ms  p99 ${percentile(baseline.result, 99).toFixed(0)} ms (baseline)`,
  );
  console.log(
    `  memory during ${RUSH} bookings of one item at once ${rush.peak.toFixed(0).padStart(4)} MiB  (budget ${BUDGET.rush}: ${mark(rush.peak <= BUDGET.rush)})`,
  );
  console.log(
    `  those bookings: p50 ${percentile(rush.result, 50).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms (${(p99 / percentile(baseline.result, 99)).toFixed(2)}× baseline p99; budget ${BUDGET.p99} ms: ${mark(p99 < BUDGET.p99)}); ${booked} booked, ${taken} told it is taken, ${failed} 5xx`,
  );
  console.log(
    `  statements those bookings sent: ${statements} (${(statements / RUSH).toFixed(2)} a booking; the one booked sends about 20)`,
  );
  if (booked !== 1 || failed > 0) {
    console.log('FAILED: the rush booked more or less than once, or answered 5xx');
    process.exitCode = 1;
  }
} finally {
  stop();
}
