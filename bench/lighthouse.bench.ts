/**
 * Lighthouse's mobile preset (simulated slow 4G, a mid-range phone's CPU) on the five pages the
 * speed work is held to: the booking page, the staff sign-in, the help centre, and the store
 * dashboard and inventory list signed in as the demo store employee. Each cold load (no HTTP
 * cache, no service worker) of the built app (`npm run build` first) served by the real server on
 * the embedded database (in its own thread) with demo data, once the server has served each page
 * (`warmServer`). The baseline, measured in the same browser in the same
 * run, is a bare page of one heading served by a bare Fastify: the floor of this machine, so the
 * ratios of the metrics mean something on a shared, noisy machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { createTestApp } from '@snowgear/server/testing';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Loads measured per page (BENCH_RUNS): a page's figures are those of its median load, as
 * Lighthouse's variability guide advises: one load's score moves with whatever else this shared
 * machine is doing, and the median of several is about twice as stable. Every load's score is
 * printed beside it.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** BENCH_TRACES=<folder> keeps each load's trace there, to open in DevTools' performance panel. */
const TRACES = process.env.BENCH_TRACES;

/**
 * The phones this is for have a Chinese font (Noto Sans CJK on Android, PingFang on iOS). On a
 * machine with none, Chromium looks for a font for every Chinese character of a page and finds
 * none: the boot screen's and the page's first layouts took three times as long (45 and 63 ms
 * against 14 and 21 ms of a dashboard load's trace), which is the machine's lack, not the page's
 * cost, and came out as blocking time.
 */
function hasChineseFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}
if (!hasChineseFont()) {
  console.error(
    'No Chinese font on this machine: the pages would be measured with the font fallback of a ' +
      'machine that cannot show them. Install one first (Debian: apt-get install fonts-noto-cjk).',
  );
  process.exit(1);
}
const PORT = 9333;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

const bare = Fastify();
bare.get('/', async (_request, reply) =>
  reply
    .type('text/html')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width"><link rel="icon" href="data:,">' +
        '<title>Baseline</title></head><body><main><h1>Baseline</h1></main></body></html>',
    ),
);
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

// The embedded database in its own thread, as `npm start` runs it.
const t = await createTestApp({
  embeddedThread: true,
  settings: {
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: dist,
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '100000',
  },
});
await t.app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

/**
 * The browser asks for Chinese, as the phones this is for do, whatever the machine's own locale:
 * a machine set to C or English would otherwise measure the English pages, and sign in with
 * labels it cannot find.
 */
const LANGUAGE = 'zh-CN';
const browserArgs = ['--no-sandbox', `--lang=${LANGUAGE}`];

// One persistent profile: the sign-in made with Playwright is the one Lighthouse's loads use.
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  locale: LANGUAGE,
  args: [`--remote-debugging-port=${PORT}`, ...browserArgs],
});

interface Result {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Every load measured, in order: its performance score and the machine's benchmarkIndex. */
  runs: { score: number; benchmarkIndex: number }[];
  /** The page's own files each load took from the browser's cache (none, for a cold load). */
  cached: string[];
}

/**
 * The page's own document, scripts and styles that a load did not download: a warm load, which
 * says nothing of a first visit. (A file downloaded carries its headers at least; one from the
 * memory or disk cache, nothing.)
 */
function fromCache(url: string, requests: NetworkRequest[]): string[] {
  const origin = new URL(url).origin;
  return requests
    .filter(
      (r) =>
        r.url.startsWith(origin) &&
        ['Document', 'Script', 'Stylesheet'].includes(r.resourceType ?? '') &&
        (r.transferSize ?? 0) === 0,
    )
    .map((r) => r.url.slice(origin.length));
}
interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
  networkEndTime?: number;
  transferSize?: number;
}

/** Lighthouse's own tracing sometimes misses the navigation ("Please run Lighthouse again"). */
const ATTEMPTS = 3;

async function lighthouseRun(url: string) {
  // Cold: nothing cached and no service worker, but the saved sign-in stays.
  const page = browser.pages()[0] ?? (await browser.newPage());
  // Away from the app first: a page still starting (the sign-in's dashboard) would register its
  // service worker after the clearing below, and serve the measured load from its cache.
  await page.goto('about:blank');
  const cdp = await browser.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
  const run = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    // BENCH_THROTTLING=devtools: the network and CPU slowed for real during the load (DevTools'
    // throttling) instead of a simulation from an unthrottled load (Lighthouse's default).
    ...(process.env.BENCH_THROTTLING === 'devtools'
      ? { throttlingMethod: 'devtools' as const }
      : {}),
    // BENCH_CPU_SLOWDOWN=6: a slower phone than the preset's 4× of this machine (see
    // docs/performance.md: the same multiplier is a slower phone on a slower machine).
    ...(process.env.BENCH_CPU_SLOWDOWN
      ? {
          throttling: { cpuSlowdownMultiplier: Number(process.env.BENCH_CPU_SLOWDOWN) },
        }
      : {}),
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  return run;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The observed tasks of the page's main thread: how long they took, and how much of it the thread
 * spent on the CPU (the trace's thread time). Lighthouse multiplies a task's whole length by its
 * CPU slowdown, including the time the renderer was waiting: for the browser's other processes
 * (GPU, network, the browser itself) on the machine's cores, the compositor, a font lookup.
 */
function rendererWaits(events: TraceEvent[]): { wall: number; cpu: number } | null {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(thread),
  );
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(thread(e)) && e.dur !== undefined,
  );
  // The page's renderer is the one that ran the most.
  const busiest = new Map<string, number>();
  for (const task of tasks) busiest.set(thread(task), (busiest.get(thread(task)) ?? 0) + task.dur!);
  const main = [...busiest].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return null;
  const own = tasks.filter((task) => thread(task) === main);
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / 1000);
  return { wall: sum(own.map((t) => t.dur!)), cpu: sum(own.map((t) => t.tdur ?? 0)) };
}

async function coldRun(label: string, url: string): Promise<Result> {
  let run = await lighthouseRun(url);
  for (let attempt = 2; run.lhr.runtimeError && attempt <= ATTEMPTS; attempt += 1) {
    const { code } = run.lhr.runtimeError;
    console.log(`  ${label}: Lighthouse could not measure the load (${code}); measuring again`);
    run = await lighthouseRun(url);
  }
  const { categories, audits, runtimeError } = run.lhr;
  if (TRACES) {
    mkdirSync(TRACES, { recursive: true });
    const file = join(TRACES, `${label.replace(/[^A-Za-z0-9]+/g, '-')}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(run.artifacts.Trace));
    console.log(`  ${label}: trace in ${file}`);
  }
  // A run Lighthouse could not measure prints zeros: say why instead of leaving a bare 0.
  if (runtimeError) {
    console.log(`  ${label}: not measured (${runtimeError.code}: ${runtimeError.message})`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.entries(audits)
    .filter(([id, audit]) => {
      if (audit.score === null || audit.score >= 1) return false;
      return ['accessibility', 'best-practices'].some((c) =>
        categories[c]?.auditRefs.some((ref) => ref.id === id && ref.weight > 0),
      );
    })
    .map(([id]) => id);
  for (const id of failed) {
    const items = (audits[id]?.details as { items?: { node?: { selector?: string } }[] })?.items;
    const where = (items ?? []).map((item) => item.node?.selector).filter(Boolean);
    console.log(
      `  ${label}: ${id} fails${where.length ? ` at ${where.slice(0, 3).join(' | ')}` : ''}`,
    );
  }
  const shifts = (
    audits['layout-shifts']?.details as {
      items?: { node?: { selector?: string }; score?: number }[];
    }
  )?.items;
  // A shift of 0.000 (the boot screen's text as the page replaces it) is not one to name.
  for (const shift of (shifts ?? []).filter((item) => (item.score ?? 0) >= 0.0005)) {
    console.log(`  ${label}: layout shift ${shift.score?.toFixed(3)} at ${shift.node?.selector}`);
  }
  const requests =
    (audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const cached = fromCache(url, requests);
  if (cached.length > 0) console.log(`  ${label}: from the cache: ${cached.join(', ')}`);
  // Where the time goes: the largest paint's element and phases, and the longest tasks.
  if (process.env.BENCH_DETAILS) {
    // Lighthouse 13 tells the largest paint's element and its parts in an insight: a list of a
    // table of the parts (time to first byte, load delay, load, render delay) and the element.
    const lcp = audits['lcp-breakdown-insight']?.details as
      | {
          items?: {
            type?: string;
            selector?: string;
            snippet?: string;
            items?: { subpart?: string; duration?: number }[];
          }[];
        }
      | undefined;
    for (const part of lcp?.items ?? []) {
      if (part.type === 'node') {
        console.log(`  ${label}: LCP element ${part.selector} ${part.snippet?.slice(0, 80)}`);
      }
      for (const row of part.items ?? []) {
        console.log(`  ${label}: LCP ${row.subpart} ${Math.round(row.duration ?? 0)} ms`);
      }
    }
    const observed = (audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0];
    if (observed) {
      console.log(
        `  ${label}: observed FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DOMContentLoaded ${observed.observedDomContentLoaded} ms`,
      );
    }
    const blocking = (audits['render-blocking-insight']?.details as { items?: { url: string }[] })
      ?.items;
    for (const item of blocking ?? []) console.log(`  ${label}: render-blocking ${item.url}`);
    for (const r of requests) {
      console.log(
        `  ${label}: request ${Math.round(r.networkRequestTime ?? 0)}–${Math.round(r.networkEndTime ?? 0)} ms ${Math.round((r.transferSize ?? 0) / 1024)} KB ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
      );
    }
    // Lighthouse's simulated main-thread time, by kind of work and by file ("Other" and
    // "Unattributable" are the browser's own work for the document: parsing, style, layout).
    const breakdown = (
      audits['mainthread-work-breakdown']?.details as {
        items?: { groupLabel?: string; duration?: number }[];
      }
    )?.items;
    console.log(
      `  ${label}: main thread ${(breakdown ?? []).map((i) => `${i.groupLabel} ${Math.round(i.duration ?? 0)} ms`).join(', ')}`,
    );
    const bootup = (
      audits['bootup-time']?.details as {
        items?: { url?: string; total?: number; scripting?: number; scriptParseCompile?: number }[];
      }
    )?.items;
    for (const item of bootup ?? []) {
      console.log(
        `  ${label}: by file ${Math.round(item.total ?? 0)} ms (scripting ${Math.round(item.scripting ?? 0)}, parse ${Math.round(item.scriptParseCompile ?? 0)}) ${item.url?.replace(/^https?:\/\/[^/]+/, '')}`,
      );
    }
    const waited = rendererWaits(run.artifacts.Trace.traceEvents);
    if (waited) {
      console.log(
        `  ${label}: observed tasks of the page's main thread ${waited.wall} ms, of which on the CPU ${waited.cpu} ms (${Math.round((100 * waited.cpu) / waited.wall)} %)`,
      );
    }
    const tasks = (
      audits['long-tasks']?.details as {
        items?: { url?: string; duration?: number; startTime?: number }[];
      }
    )?.items;
    for (const task of (tasks ?? []).slice(0, 6)) {
      console.log(
        `  ${label}: long task ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms ${task.url?.split('/').pop()}`,
      );
    }
  }
  return {
    page: label,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    runs: [{ score: score('performance'), benchmarkIndex: run.lhr.environment.benchmarkIndex }],
    cached,
  };
}

/** RUNS cold loads of one page: the figures of the load whose score is the median, and every score. */
async function measure(label: string, url: string): Promise<Result> {
  const loads: Result[] = [];
  for (let i = 0; i < RUNS; i += 1) loads.push(await coldRun(label, url));
  const byScore = [...loads].sort((a, b) => a.performance - b.performance);
  const median = byScore[Math.floor((byScore.length - 1) / 2)]!;
  return {
    ...median,
    runs: loads.flatMap((load) => load.runs),
    cached: loads.flatMap((load) => load.cached),
  };
}

async function signInAsEmployee(): Promise<void> {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/login`);
  await page.getByLabel('用户名或邮箱').fill('employee');
  await page.getByPlaceholder('请输入密码').fill('1q2w3E*');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/store/dashboard');
  // The dashboard registers its service worker once it has drawn: until that worker is active,
  // it may still be installing when the measured load clears it, and serve that load's files.
  await page.evaluate(
    'Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(r, 30000))])',
  );
}

/**
 * The server as a store's server is once it has served these pages: each page opened once, in a
 * browser of its own (so the measured profile keeps its first-visit state), with what it asks
 * for answered. A server fresh from its start parses and plans each statement on its first call,
 * tens of milliseconds on the embedded database that no visitor after the first one waits for.
 */
async function warmServer(paths: string[]): Promise<void> {
  const warm = await chromium.launch({ executablePath: CHROMIUM, args: browserArgs });
  try {
    const page = await warm.newPage({ locale: LANGUAGE });
    for (const path of paths.filter((p) => !p.startsWith('/store/'))) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    }
    const staff = paths.filter((p) => p.startsWith('/store/'));
    if (staff.length === 0) return;
    await page.goto(`${base}/login`);
    await page.getByLabel('用户名或邮箱').fill('employee');
    await page.getByPlaceholder('请输入密码').fill('1q2w3E*');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/store/dashboard');
    for (const path of staff) await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  } finally {
    await warm.close();
  }
}

const results: Result[] = [];
try {
  await warmServer([
    '/customer/order-create',
    '/login',
    '/help',
    '/store/dashboard',
    '/store/inventory/list',
  ]);
  const baseline = await measure('baseline (bare page)', bareUrl);
  results.push(baseline);
  // BENCH_PAGES=/login,/store/dashboard measures only those.
  const only = process.env.BENCH_PAGES?.split(',');
  const wanted = (path: string) => !only || only.includes(path);
  for (const path of ['/customer/order-create', '/login', '/help'].filter(wanted)) {
    results.push(await measure(path, `${base}${path}`));
  }
  const staffPages = ['/store/dashboard', '/store/inventory/list'].filter(wanted);
  if (staffPages.length > 0) await signInAsEmployee();
  for (const path of staffPages) {
    results.push(await measure(`${path} (employee)`, `${base}${path}`));
  }

  const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const ratio = (n: number, b: number) => (b > 0 ? `${(n / b).toFixed(1)}×` : '—');
  console.log(
    `\nLighthouse mobile (${process.env.BENCH_THROTTLING === 'devtools' ? 'DevTools-throttled' : 'simulated'} slow 4G, ${process.env.BENCH_CPU_SLOWDOWN ?? 4}× CPU slowdown): the median of ${RUNS} cold loads`,
  );
  console.log(
    'page'.padEnd(34) +
      'perf  a11y  bp   ' +
      'FCP (×base)      LCP (×base)      TBT        CLS    SI      each load (score@benchmarkIndex)',
  );
  for (const r of results) {
    console.log(
      r.page.padEnd(34) +
        `${String(r.performance).padEnd(6)}${String(r.accessibility).padEnd(6)}${String(r.bestPractices).padEnd(5)}` +
        `${ms(r.fcp)} (${ratio(r.fcp, baseline.fcp)})`.padEnd(17) +
        `${ms(r.lcp)} (${ratio(r.lcp, baseline.lcp)})`.padEnd(17) +
        `${Math.round(r.tbt)} ms`.padEnd(11) +
        `${r.cls.toFixed(3)}  ${ms(r.si)}  ` +
        r.runs.map((load) => `${load.score}@${Math.round(load.benchmarkIndex)}`).join(' '),
    );
  }
  console.log('goals: performance ≥ 95, accessibility ≥ 95, best practices 100');
  // A pass counts only from cold loads in a new profile (this run's own, made above).
  const pages = results.slice(1);
  const warm = pages.filter((r) => r.cached.length > 0);
  const missed = pages.filter(
    (r) => r.performance < 95 || r.accessibility < 95 || r.bestPractices < 100,
  );
  if (warm.length > 0) {
    console.log(
      `not counted: ${warm.map((r) => r.page).join(', ')} took files from the cache (a warm load)`,
    );
  } else if (missed.length > 0) {
    console.log(`missed: ${missed.map((r) => r.page).join(', ')}`);
  } else {
    console.log(`met on every page, from cold loads in a new profile`);
  }
  if (warm.length > 0 || missed.length > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await t.close();
  await bare.close();
  rmSync(profile, { recursive: true, force: true });
}
