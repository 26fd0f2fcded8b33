import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { users } from '@/db/schema.js';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { Random } from './generate.js';
import { poolsOf } from './pools.js';
import { HIDDEN_OPERATIONS, operationsOf, requestFor, respell } from './requests.js';
import { scanRangesAndMoney, scanText } from './scan.js';

/**
 * Every operation of the OpenAPI document (and the hidden ones), called with malformed input as
 * an anonymous caller and as signed-in staff, at least 10,000 times in all: no answer may be a
 * 5xx, and afterwards nothing garbled may be stored. The seed fixes every choice the generator
 * makes, so a failure replays (docs/wire-conventions.md, "The fuzz test").
 */
const SEED = 20_261_122;
const REQUESTS = 10_000;
const SIGNED_IN = ['admin', 'employee', 'driver'] as const;
const DAY = 86_400_000;

interface Failure {
  request: string;
  payload: string;
  answer: string;
}

describe('fuzzing every operation', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;
  let callerIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, [...SIGNED_IN]);
    const callers = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.userName, [...SIGNED_IN]));
    callerIds = callers.map((u) => u.id);
  });
  afterAll(() => t.close());

  /** A fuzzed logout or password reset may end a caller's session: sign in again. */
  async function signInAgain(userName: string, n: number): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      // Sign-in tries count per browser: each sign-in again comes from a browser of its own.
      headers: await verificationHeaders(t.app),
      // Sign-in is rate limited per address.
      remoteAddress: `172.16.${Math.floor(n / 250)}.${n % 250}`,
      payload: { userNameOrEmailAddress: userName, password: '1q2w3E*' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accessToken: string }>().accessToken;
  }

  it(
    'answers malformed requests with 4xx and stores nothing garbled',
    { timeout: 600_000 },
    async () => {
      const rng = new Random(SEED);
      const ops = [...operationsOf(t.app.swagger()), ...HIDDEN_OPERATIONS];
      expect(ops.length).toBeGreaterThan(80);
      const rounds = Math.ceil(REQUESTS / ops.length);
      // Dates are generated around midnight a month from now, so booked ranges line up.
      const anchor = (Math.floor(Date.now() / DAY) + 30) * DAY;
      const callers = ['anonymous', ...SIGNED_IN];
      const failures: Failure[] = [];
      let pools = await poolsOf(t.database.db, callerIds);
      let sent = 0;
      let signIns = 0;
      for (let round = 0; round < rounds; round++) {
        // Orders, bills and payments the run creates join the pools as it goes.
        if (round % 10 === 9) pools = await poolsOf(t.database.db, callerIds);
        const shuffled = ops
          .map((op, i) => ({ op, i, key: rng.next() }))
          .sort((a, b) => a.key - b.key);
        for (const { op, i } of shuffled) {
          const request = requestFor(rng, op, pools, anchor);
          const caller = callers[(round + i) % callers.length]!;
          if (rng.chance(0.97)) Object.assign(request.headers, csrf);
          if (caller !== 'anonymous') request.headers.authorization = `Bearer ${tokens[caller]}`;
          request.headers['accept-language'] = rng.chance(0.5) ? 'zh-CN' : 'en-US';
          // Per-address rate limits would otherwise answer most of the run with 429.
          request.remoteAddress = `10.${round % 250}.${Math.floor(i / 250)}.${i % 250}`;
          const respelled = request.url.startsWith('/api/') && rng.chance(0.05);
          if (respelled) request.url = respell(rng, request.url);
          const res = await t.app.inject(request);
          sent++;
          // Sent to the canonical address (a read) or refused (a write, or a garbled path).
          const redirectedOrRefused = res.statusCode === 308 || res.statusCode === 400;
          if (res.statusCode >= 500 || (respelled && !redirectedOrRefused)) {
            failures.push({
              request: `${caller} ${op.method} ${request.url}`,
              payload: String(request.payload ?? '').slice(0, 400),
              answer: `${res.statusCode} ${res.body.slice(0, 300)}`,
            });
          }
          if (res.statusCode === 401 && caller !== 'anonymous') {
            tokens[caller] = await signInAgain(caller, ++signIns);
          }
        }
      }
      const report = failures
        .slice(0, 10)
        .map((f) => `${f.request}\n  payload: ${f.payload}\n  answer: ${f.answer}`)
        .join('\n');
      // Soft, so that what was stored is reported too.
      expect
        .soft(
          failures.length,
          `${failures.length} of ${sent} requests got a 5xx, or were answered under another spelling of their path:\n${report}`,
        )
        .toBe(0);
      expect(sent).toBeGreaterThanOrEqual(REQUESTS);

      const stored = [
        ...(await scanText(t.database.db)),
        ...(await scanRangesAndMoney(t.database.db)),
      ];
      expect(stored, stored.slice(0, 30).join('\n')).toEqual([]);
    },
  );
});
