/**
 * What pricing a booking costs (issue 60: "quoting stays under 50 ms p95 on the embedded
 * database with the demo's cards"): a family's cart of two ski packs for three days across the
 * Spring Festival's first days, quoted on the demo before and after its Chongli rate cards and
 * seasons are loaded, and the same gear at the counter (where the packs are found by what each
 * skier takes), against the cheapest route (`/health`) in the same process on embedded
 * PGlite. Prints p50 and p95 and their ratio to the baseline: the machine is shared and noisy,
 * so only ratios within one run compare; the 50 ms budget is printed beside the p95.
 */
import { GRADE_ATTRIBUTE, type BookingCartInput, type BookingCatalog } from '@snowgear/contracts';
import {
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
} from '@snowgear/server/testing';
import { seedDemoData } from '../apps/server/src/demo/seed.js';
import { demoSeasons } from '../apps/server/src/demo/data/pricing.js';

const ROUNDS = 300;
const BUDGET_P95_MS = 50;

const t = await createTestApp();
const csrf = await verificationHeaders(t.app);
const storeId = (await storeIdsByName(t.app))['万龙雪场店']!;

// Three days from the eve of the Spring Festival's eve (high season, then the peak), 10:00 in
// Chongli.
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
const seasons = demoSeasons(today);
const peak = (seasons.find((s) => s.nameEn === 'Spring Festival') ?? seasons[1]!).from;
const startDay = new Date(`${peak}T00:00:00Z`);
startDay.setUTCDate(startDay.getUTCDate() - 1);
const start = new Date(`${startDay.toISOString().slice(0, 10)}T02:00:00Z`).toISOString();

const catalog = (
  await t.app.inject({
    url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=3`,
  })
).json<BookingCatalog>();
const pack = catalog.packs.find((p) => p.name === '双板全套')!;
/**
 * The child in the smallest size, the adult in the largest (a child's size prices junior), of no
 * grade: the full set holds skis of no grade (premium skis make the premium pack).
 */
const sized = (categoryId: string, riderKey: string) => {
  const category = catalog.categories.find((c) => c.id === categoryId)!;
  const grade = category.sizeAttributes.find((a) => a.name === GRADE_ATTRIBUTE);
  const kinds = category.kinds.filter((k) => !grade || !(grade.id in k.size));
  return { categoryId, size: (riderKey === 'kid' ? kinds[0] : kinds.at(-1))!.size };
};
const cart: BookingCartInput = {
  storeId,
  rentalStartTime: start,
  days: 3,
  riders: [
    { key: 'me', name: '张三', heightCm: 175, weightKg: 70, age: 35 },
    { key: 'kid', name: '张小妹', heightCm: 128, weightKg: 26, age: 8 },
  ],
  lines: ['me', 'kid'].map((riderKey) => ({
    type: 'pack' as const,
    packId: pack.id,
    riderKey,
    components: pack.categoryIds.map((id) => sized(id, riderKey)),
  })),
};

// The same family at the counter: each part asked for by kind and size, given to its skier; the
// counter finds the packs the gear makes up (modules/pricing/counter-packs.ts).
const tokens = await signIn(t.app, csrf, ['employee']);
const counterRental = {
  storeId,
  rentalStartTime: start,
  rentalEndTime: new Date(new Date(start).getTime() + 3 * 86_400_000).toISOString(),
  riders: (cart.riders ?? []).map((r) => ({ key: r.key, name: r.name, age: r.age })),
  items: ['me', 'kid'].flatMap((riderKey) =>
    pack.categoryIds.map((categoryId) => ({ ...sized(categoryId, riderKey), riderKey })),
  ),
};

/** Milliseconds per request, sorted. */
async function times(request: () => Promise<{ statusCode: number; body: string }>) {
  for (let i = 0; i < 20; i++) await request(); // warm up
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = process.hrtime.bigint();
    const res = await request();
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
  }
  return out.sort((a, b) => a - b);
}
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const quote = () =>
  t.app.inject({ method: 'POST', url: '/api/app/booking/quote', headers: csrf, payload: cart });

const counterQuote = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/orders/quote',
    headers: { ...csrf, authorization: `Bearer ${tokens.employee}` },
    payload: counterRental,
  });

const baseline = await times(() => t.app.inject('/health'));
const daily = await times(quote);
const counterDaily = await times(counterQuote);
// The demo as `npm start` loads it: the Chongli cards, the winter's seasons, early booking.
await seedDemoData(t.database.db);
const priced = await times(quote);
const counterPriced = await times(counterQuote);
const explanation = (await quote()).json<{ prices: { explanation: string }[] }>().prices[0]!;
const counterSays = (await counterQuote()).json<{ lines: { explanation: string }[] }>().lines[0]!;
await t.close();

const base = at(baseline, 0.5);
const row = (name: string, sorted: number[]) => {
  const [p50, p95] = [at(sorted, 0.5), at(sorted, 0.95)];
  return `${name.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms (${(p50 / base).toFixed(1).padStart(5)}×)  p95 ${p95.toFixed(2).padStart(7)} ms (${(p95 / base).toFixed(1).padStart(5)}×)`;
};
console.log(row('GET /health (baseline)', baseline));
console.log(row('POST booking/quote, daily prices', daily));
console.log(row('POST booking/quote, demo cards and seasons', priced));
console.log(row('POST orders/quote, counter, daily prices', counterDaily));
console.log(row('POST orders/quote, counter, demo cards', counterPriced));
console.log(`  budget: p95 under ${BUDGET_P95_MS} ms with the demo's cards`);
console.log(`  priced as: ${explanation.explanation}`);
console.log(`  the counter: ${counterSays.explanation}`);
