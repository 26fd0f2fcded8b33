import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';
import { forbiddenTextPath } from './input-guard.js';

describe('characters no input may hold', () => {
  let t: TestApp;
  let csrf: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  const refusedAt = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as {
      error: { code: string; validationErrors: { message: string; members: string[] }[] };
    };
    expect(error.code).toBe('App:Validation');
    expect(error.validationErrors[0]!.message).toBe('InvalidCharacters');
    return error.validationErrors[0]!.members;
  };

  it('refuses NUL in a query, path or body of anonymous routes with 400 naming the field', async () => {
    expect(refusedAt(await t.app.inject('/api/app/equipment/inquiry?sn=%00'))).toEqual(['sn']);
    expect(refusedAt(await t.app.inject('/api/app/help/articles/a%00b'))).toEqual(['id']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/phone-login',
      headers: csrf,
      payload: { phoneNumber: '13900009999', realName: '张\u0000三' },
    });
    expect(refusedAt(login)).toEqual(['realName']);
  });

  it('refuses other control characters, unpaired surrogates and bidi overrides anywhere', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/account/login',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload,
      });
    expect(refusedAt(await post('{"userNameOrEmailAddress":"a\\u0007","password":"x"}'))).toEqual([
      'userNameOrEmailAddress',
    ]);
    expect(refusedAt(await post('{"userNameOrEmailAddress":"\\ud800","password":"x"}'))).toEqual([
      'userNameOrEmailAddress',
    ]);
    expect(refusedAt(await post('{"userNameOrEmailAddress":"a","password":"\\u202ex"}'))).toEqual([
      'password',
    ]);
  });

  it('refuses NUL in a payment notification before it is recorded', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"out_trade_no":"a\u0000b"}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('finds the path of a bad string, keys included, however deep', () => {
    expect(forbiddenTextPath({ items: [{ name: 'ok' }, { name: 'x\u0000' }] })).toEqual([
      'items',
      1,
      'name',
    ]);
    expect(forbiddenTextPath({ a: { 'b\u202e': 1 } })).toEqual(['a']);
    expect(forbiddenTextPath({ remarks: 'line\nbreak\tok' })).toBeNull();
    let deep: unknown = 'x\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(forbiddenTextPath(deep)).toHaveLength(100_000);
  });
});
