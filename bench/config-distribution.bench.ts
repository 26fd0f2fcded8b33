/**
 * How much the client configuration costs per request compared with the cheapest route
 * (`/health`), measured in the same process on embedded PGlite. Prints a ratio, not a verdict:
 * the machine is shared and noisy, so only ratios within one run mean anything.
 */
import { createTestApp } from '@snowgear/server/testing';

const ROUNDS = 400;
const t = await createTestApp();

async function timeIt(url: string): Promise<number> {
  for (let i = 0; i < 20; i++) await t.app.inject(url); // warm up
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) {
    const res = await t.app.inject(url);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / ROUNDS;
}

const baseline = await timeIt('/health');
const config = await timeIt('/api/app/config-distribution/h5');
const help = await timeIt('/api/app/help/articles?maxResultCount=20');
await t.close();

const row = (name: string, ms: number) =>
  `${name.padEnd(42)} ${ms.toFixed(3).padStart(8)} ms/req  ${(ms / baseline).toFixed(1).padStart(6)}× baseline`;
console.log(row('GET /health (baseline)', baseline));
console.log(row('GET /api/app/config-distribution/h5', config));
console.log(row('GET /api/app/help/articles (20)', help));
