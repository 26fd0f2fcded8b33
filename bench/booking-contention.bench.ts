/**
 * Bookings that arrive together, on the engine the test helpers pick (embedded PGlite in a thread
 * of its own, as `npm start` runs it, or PostgreSQL when TEST_DATABASE_URL is set), over real HTTP:
 *
 * - 200 bookings of one and the same item at once: exactly one may succeed, the others are told
 *   the item is taken (409), none fails (5xx); p50 and p99 of all answers.
 * - 200 bookings of 200 different items at once, half at each of two stores: all succeed.
 * - the same 200 at one store only, to show whether two stores wait on each other.
 *
 * The baseline is 200 simultaneous signed-in reads of one order in this same run, so only
 * ratios within one run mean anything (the machine is shared and noisy). Every rush comes from a
 * process of its own (rush-process.ts), after a warm-up of both a booking and a refusal, over
 * connections already open (the booking page is open on the phones); the single-item rush and the
 * baseline are also measured with a new connection for every request. Goal: p99 of the
 * single-item rush at most 200 ms on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { HOST_TENANT_ID, type CounterAgreement } from '@snowgear/contracts';
import {
  counterSignatures,
  createTestApp,
  signIn,
  storeIdsByName,
  testDatabaseKind,
  verificationHeaders,
} from '@snowgear/server/testing';
import { equipment, equipmentCategories } from '@snowgear/server/db/schema';
import { counterBooking, startRusher, type Answer, type RushRequest } from './rush-process';

const RUSH = Number(process.env.BENCH_RUSH ?? 200);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const DAY = 86_400_000;

const t = await createTestApp({ settings: { LOG_LEVEL: 'silent' }, embeddedThread: true });
const csrf = await verificationHeaders(t.app);
const { admin } = await signIn(t.app, csrf, ['admin']);
const stores = await storeIdsByName(t.app);
const [storeA, storeB] = Object.values(stores) as [string, string];

// Items of a category of their own, at both stores, that no demo booking touches.
const [category] = await t.database.db
  .insert(equipmentCategories)
  .values({ tenantId: HOST_TENANT_ID, name: '压测雪板', sizeKind: 'LargeEquipment' })
  .returning();
async function makeItems(storeId: string, n: number, prefix: string): Promise<string[]> {
  const rows = await t.database.db
    .insert(equipment)
    .values(
      Array.from({ length: n }, (_, i) => ({
        tenantId: HOST_TENANT_ID,
        storeId,
        categoryId: category!.id,
        name: `压测雪板 ${i + 1}`,
        barcodeNumber: `${prefix}${String(i + 1).padStart(4, '0')}-${randomUUID().slice(0, 6)}`,
        status: 0,
        dailyRentPriceFen: 10000,
        depositFen: 50000,
      })),
    )
    .returning({ id: equipment.id });
  return rows.map((r) => r.id);
}

await t.app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const headers = {
  ...csrf,
  authorization: `Bearer ${admin}`,
  'content-type': 'application/json',
  __tenant: HOST_TENANT_ID,
};

let week = 0;
function booking(storeId: string, equipmentId: string, agreement: CounterAgreement): RushRequest {
  return counterBooking(
    storeId,
    equipmentId,
    Date.UTC(NEXT_YEAR, 0, 5) + week * 7 * DAY,
    agreement,
  );
}
/**
 * Counter bookings of these items (`storeId`, item id), each with its customer's signature,
 * uploaded beforehand as the counter's phones do: only the bookings are timed.
 */
async function bookings(items: [string, string][]): Promise<RushRequest[]> {
  const signed = await counterSignatures(t.app, csrf, admin!, items.length);
  return items.map(([storeId, equipmentId], i) => booking(storeId, equipmentId, signed[i]!));
}
const rusher = startRusher(base, headers);
const rush = (requests: RushRequest[]) => rusher.rush(requests);
const percentile = (answers: Answer[], p: number) => {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const count = (answers: Answer[], test: (status: number) => boolean) =>
  answers.filter((a) => test(a.status)).length;

// Warm up: the sign-in, the store lookups, the connections, a booking and a refusal.
const warmItems = await makeItems(storeA, 10, 'WARM');
const warm = await rush(await bookings(warmItems.map((id) => [storeA, id])));
if (count(warm, (s) => s === 201) !== warm.length) throw new Error('warm-up bookings failed');
const warmRefusals = await rush(
  await bookings(Array.from({ length: 10 }, () => [storeA, warmItems[0]!])),
);
if (count(warmRefusals, (s) => s === 409) !== 10) throw new Error('warm-up refusals failed');
const someOrder = (await (
  await fetch(`${base}/api/app/orders?maxResultCount=1`, { headers })
).json()) as {
  items: { id: string }[];
};
const read: RushRequest = { url: `/api/app/orders/${someOrder.items[0]!.id}` };
// As many open connections as a rush has requests, and the client's code warm.
await rush(Array.from({ length: RUSH }, () => read));
await rusher.rush(
  Array.from({ length: 20 }, () => read),
  'new',
);

const baseline = await rush(Array.from({ length: RUSH }, () => read));
const baselineNew = await rusher.rush(
  Array.from({ length: RUSH }, () => read),
  'new',
);

week++;
const [single] = await makeItems(storeA, 1, 'ONE');
const oneItem = await rush(await bookings(Array.from({ length: RUSH }, () => [storeA, single!])));

week++;
const [singleNew] = await makeItems(storeA, 1, 'NEW');
const oneItemNew = await rusher.rush(
  await bookings(Array.from({ length: RUSH }, () => [storeA, singleNew!])),
  'new',
);

week++;
const itemsA = await makeItems(storeA, RUSH / 2, 'A');
const itemsB = await makeItems(storeB, RUSH / 2, 'B');
const twoStores = await rush(
  await bookings([
    ...itemsA.map((id): [string, string] => [storeA, id]),
    ...itemsB.map((id): [string, string] => [storeB, id]),
  ]),
);

week++;
const itemsOne = await makeItems(storeA, RUSH, 'C');
const oneStore = await rush(await bookings(itemsOne.map((id) => [storeA, id])));
rusher.close();
await t.close();

const row = (name: string, answers: Answer[], extra = '') =>
  `${name.padEnd(48)} p50 ${percentile(answers, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(answers, 99).toFixed(0).padStart(5)} ms  ${extra}`;
const ratio = (answers: Answer[], against = baseline) =>
  `${(percentile(answers, 99) / percentile(against, 99)).toFixed(2)}× baseline p99`;
console.log(
  `Bookings at once on ${testDatabaseKind}: ${RUSH} each, over open connections unless said`,
);
console.log(row(`${RUSH} reads of one order (baseline)`, baseline));
console.log(
  row(
    `${RUSH} bookings of one item`,
    oneItem,
    `${ratio(oneItem)}; ${count(oneItem, (s) => s === 201)} booked, ${count(oneItem, (s) => s === 409)} told it is taken, ${count(oneItem, (s) => s >= 500)} 5xx (goal: 1 booked, no 5xx, p99 ≤ 200 ms on PostgreSQL)`,
  ),
);
console.log(row(`${RUSH} reads, a new connection each (baseline)`, baselineNew));
console.log(
  row(
    `${RUSH} bookings of one item, a new connection each`,
    oneItemNew,
    `${ratio(oneItemNew, baselineNew)}; ${count(oneItemNew, (s) => s === 201)} booked, ${count(oneItemNew, (s) => s === 409)} told it is taken, ${count(oneItemNew, (s) => s >= 500)} 5xx`,
  ),
);
console.log(
  row(
    `${RUSH} bookings, different items, two stores`,
    twoStores,
    `${ratio(twoStores)}; ${count(twoStores, (s) => s === 201)} booked, ${count(twoStores, (s) => s >= 500)} 5xx`,
  ),
);
console.log(
  row(
    `${RUSH} bookings, different items, one store`,
    oneStore,
    `${ratio(oneStore)}; ${count(oneStore, (s) => s === 201)} booked, ${count(oneStore, (s) => s >= 500)} 5xx`,
  ),
);
const failures = [oneItem, oneItemNew, twoStores, oneStore].some(
  (a) => count(a, (s) => s >= 500) > 0,
);
if ([oneItem, oneItemNew].some((a) => count(a, (s) => s === 201) !== 1) || failures) {
  console.log('FAILED: a rush booked more or less than once, or answered 5xx');
  process.exitCode = 1;
}
