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
