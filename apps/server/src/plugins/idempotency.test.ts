import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests } from '@/db/schema.js';
import { createTestApp, phoneSignIn, verificationHeaders, type TestApp } from '@/testing/index.js';

describe('writes sent with an Idempotency-Key are applied once', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    for (const phoneNumber of ['13700000301', '13700000302']) {
      const res = await phoneSignIn(t, csrf, { phoneNumber, realName: '王五' });
      tokens[phoneNumber] = res.json<{ accessToken: string }>().accessToken;
    }
  });
  afterAll(() => t.close());

  const send = (
    who: string,
    key: string | undefined,
    payload: object,
    method: 'POST' | 'PUT' = 'POST',
    url = '/api/app/my-addresses',
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: {
        ...csrf,
        authorization: `Bearer ${tokens[who]}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
    });
  const addresses = async (who: string) =>
    (
      await t.app.inject({
        url: '/api/app/my-addresses',
        headers: { authorization: `Bearer ${tokens[who]}` },
      })
    ).json<{ items: { id: string; address: string }[] }>().items;

  it('answers a repeat with the first answer and changes nothing', async () => {
    const first = await send('13700000301', 'queue-1:add-hotel', { address: '万龙酒店 1208' });
    expect(first.statusCode).toBe(201);
    const again = await send('13700000301', 'queue-1:add-hotel', { address: '万龙酒店 1208' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await addresses('13700000301')).toHaveLength(1);

    // Without a key, or with another, a write is a new write.
    expect((await send('13700000301', undefined, { address: '万龙酒店 1208' })).statusCode).toBe(
      201,
    );
    expect((await send('13700000301', 'queue-1:add-2', { address: '太舞 3 号' })).statusCode).toBe(
      201,
    );
    expect(await addresses('13700000301')).toHaveLength(3);
  });

  it('keeps each caller’s keys apart, and refuses a key reused for another request', async () => {
    const mine = await send('13700000302', 'queue-1:add-hotel', { address: '云顶酒店' });
    expect(mine.statusCode).toBe(201);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
    expect(await addresses('13700000302')).toHaveLength(1);

    const other = await send(
      '13700000302',
      'queue-1:add-hotel',
      { address: '云顶酒店' },
      'PUT',
      `/api/app/my-addresses/${mine.json<{ id: string }>().id}`,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('App:IdempotencyKeyReused');
    // The same key and address with another body is another request too: refused, not answered
    // with the first one's result.
    const changed = await send('13700000302', 'queue-1:add-hotel', { address: '别的酒店' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.message).toBe('该请求编号已用于另一项操作，请刷新后重试');
    expect(await addresses('13700000302')).toHaveLength(1);
    expect((await send('13700000302', 'bad key!', { address: 'x' })).statusCode).toBe(400);
  });

  it('applies one of two simultaneous sends; the other waits its turn or gets the same answer', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        send('13700000302', 'queue-2:add-once', { address: '同一个地址' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const busy of results.filter((r) => r.statusCode === 409)) {
      expect(busy.json().error.code).toBe('App:RequestInProgress');
      expect(busy.headers['retry-after']).toBe('1');
    }
    expect((await addresses('13700000302')).filter((a) => a.address === '同一个地址')).toHaveLength(
      1,
    );
  });

  it('does not keep a failed write, so its retry runs again', async () => {
    const refused = await send('13700000301', 'queue-3:bad', { address: '' });
    expect(refused.statusCode).toBe(400);
    const rows = await t.database.db.select().from(idempotentRequests);
    expect(rows.some((r) => r.key === 'queue-3:bad')).toBe(false); // refused before it ran
    const ok = await send('13700000301', 'queue-3:bad', { address: '改好的地址' });
    expect(ok.statusCode).toBe(201);
  });
});

/**
 * Anonymous callers used to share one key space and the stored answer came back whatever the
 * body: a sign-in sent with key K handed its tokens to anyone who sent K within a day.
 */
describe('an anonymous caller’s keys and answers that hold a secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (browser: Record<string, string>, key: string | null, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: { ...browser, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { userNameOrEmailAddress: 'employee', password },
    });

  it('never hands one browser’s sign-in to another, nor keeps the tokens', async () => {
    const victim = await verificationHeaders(t.app);
    const attacker = await verificationHeaders(t.app);
    expect(victim.cookie).not.toBe(attacker.cookie);

    const signedIn = await login(victim, 'K', '1q2w3E*');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().accessToken).toBeTruthy();

    // Another browser sending K is a caller of its own: its request runs as sent.
    for (const password of ['1q2w3E*x', '']) {
      const stolen = await login(attacker, 'K', password);
      expect(stolen.headers['idempotent-replayed']).toBeUndefined();
      expect(stolen.body).not.toContain('accessToken');
    }
    // The same browser repeating it is told it is done, without the tokens.
    const again = await login(victim, 'K', '1q2w3E*');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('App:IdempotentAnswerNotKept');
    expect(again.body).not.toContain(signedIn.json().accessToken);

    // Nothing that signs in is stored.
    const rows = await t.database.db.select().from(idempotentRequests);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.responseBody ?? '').not.toContain('accessToken');
      expect(row.responseBody ?? '').not.toContain('refreshToken');
      expect(row.callerKey).toMatch(/^(user|browser):/);
    }
  });

  it('keeps the answer of a refused sign-in for its browser only, and refuses another body under its key', async () => {
    const browser = await verificationHeaders(t.app);
    const wrong = await login(browser, 'retry-1', 'wrong-password');
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const repeated = await login(browser, 'retry-1', 'wrong-password');
    expect(repeated.statusCode).toBe(wrong.statusCode);
    expect(repeated.body).toBe(wrong.body);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect((await login(browser, 'retry-1', '1q2w3E*')).statusCode).toBe(422);
  });

  it('ignores a key from a caller with no signed cookie of its own rather than sharing one', async () => {
    const browser = await verificationHeaders(t.app);
    const forged = {
      ...browser,
      cookie: 'XSRF-TOKEN=forged.value',
      RequestVerificationToken: 'forged.value',
    };
    // Refused by the verification token before any key is looked at.
    expect((await login(forged, 'K2', '1q2w3E*')).statusCode).toBe(400);
    const rows = await t.database.db.select().from(idempotentRequests);
    expect(rows.some((r) => r.key === 'K2')).toBe(false);
  });
});
