import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';

/**
 * Whatever refuses a request (the access check, the schemas, the router, the error handler)
 * answers in the caller's language: Chinese unless English is asked for.
 */
describe('refusals in the caller’s language', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['employee']);
  });
  afterAll(() => t.close());

  const json = { 'content-type': 'application/json' };
  /** A handful of refusals, each as the given language asks for it. */
  const refusals = (language: string) => {
    const headers = { ...csrf, 'accept-language': language };
    const employee = { ...headers, authorization: `Bearer ${tokens.employee}` };
    return {
      badId: () => t.app.inject({ url: '/api/app/orders/not-an-id', headers: employee }),
      tooLongAndMissing: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          headers: { ...headers, ...json },
          payload: { userNameOrEmailAddress: 'a'.repeat(300) },
        }),
      forbidden: () => t.app.inject({ url: '/api/app/admin/stores', headers: employee }),
      unauthorized: () => t.app.inject({ url: '/api/app/orders', headers }),
      unknownRoute: () => t.app.inject({ url: '/api/app/nothing-here', headers }),
      wrongType: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          headers: { ...headers, 'content-type': 'text/csv' },
          payload: 'a,b',
        }),
      tooLarge: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          headers: { ...headers, ...json },
          payload: JSON.stringify({ userNameOrEmailAddress: 'x'.repeat(1024 * 1024 + 10) }),
        }),
      noVerificationToken: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          headers: { 'accept-language': language, ...json },
          payload: { userNameOrEmailAddress: 'employee', password: 'x' },
        }),
      malformed: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          headers: { ...headers, ...json },
          payload: '{"userNameOrEmailAddress": ',
        }),
    };
  };

  /** English words (4 letters or more) in what people read, codes and field names aside. */
  function englishWords(body: {
    error: {
      message: string;
      details?: string | null;
      validationErrors?: { message: string; members: string[] }[] | null;
    };
  }): string[] {
    const { message, details, validationErrors } = body.error;
    const fields = new Set((validationErrors ?? []).flatMap((v) => v.members));
    const words = [message, details ?? '', ...(validationErrors ?? []).map((v) => v.message)]
      .join(' ')
      // A route's own address is quoted as it is.
      .replace(/\/api\/\S*/g, ' ')
      .match(/[A-Za-z]{4,}/g);
    return (words ?? []).filter((w) => !fields.has(w) && !/^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(w));
  }

  it('answers Chinese callers in Chinese, with the field’s limits', async () => {
    const zh = refusals('zh-CN');

    const badId = await zh.badId();
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe('提交的内容有误，请检查后重试');
    expect(badId.json().error.validationErrors).toEqual([
      { message: '编号格式不正确', members: ['id'] },
    ]);

    const login = await zh.tooLongAndMissing();
    expect(login.statusCode).toBe(400);
    expect(login.json().error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: '最多 256 个字符', members: ['userNameOrEmailAddress'] },
        { message: '必填', members: ['password'] },
      ]),
    );
    expect(login.json().error.details).toContain('userNameOrEmailAddress: 最多 256 个字符');

    const forbidden = await zh.forbidden();
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('您没有执行此操作的权限');

    const unauthorized = await zh.unauthorized();
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().error.message).toBe('您尚未登录或登录已失效，请重新登录');

    const unknown = await zh.unknownRoute();
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('请求的接口不存在：GET /api/app/nothing-here');

    const malformed = await zh.malformed();
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('提交的内容格式有误，无法读取');

    const wrongType = await zh.wrongType();
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.message).toBe('不支持这种内容类型');
    const tooLarge = await zh.tooLarge();
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('提交的内容太大');
    const noToken = await zh.noVerificationToken();
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toMatchObject({
      code: 'App:VerificationTokenInvalid',
      message: '页面的安全校验已失效，请刷新页面后重试',
    });

    for (const res of [
      noToken,
      badId,
      login,
      forbidden,
      unauthorized,
      unknown,
      malformed,
      wrongType,
      tooLarge,
    ]) {
      expect(englishWords(res.json()), res.body).toEqual([]);
    }
  });

  it('answers English callers in English', async () => {
    const en = refusals('en');
    const badId = await en.badId();
    expect(badId.json().error.message).toBe('Your request is not valid!');
    expect(badId.json().error.validationErrors).toEqual([
      { message: 'Not a valid id', members: ['id'] },
    ]);
    const login = await en.tooLongAndMissing();
    expect(login.json().error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: 'At most 256 characters', members: ['userNameOrEmailAddress'] },
        { message: 'Required', members: ['password'] },
      ]),
    );
    expect((await en.forbidden()).json().error.message).toBe('You are not authorized to do this');
    expect((await en.unauthorized()).json().error.message).toMatch(/^You are not signed in/);
    expect((await en.unknownRoute()).json().error.message).toBe(
      'Not found: GET /api/app/nothing-here',
    );
    expect((await en.malformed()).json().error.message).toMatch(/could not be read/);
    expect((await en.wrongType()).json().error.message).toMatch(/^Unsupported content type/);
    expect((await en.tooLarge()).json().error.message).toBe('The request body is too large');
    for (const res of [badId, login]) expect(englishWords(res.json()).length).toBeGreaterThan(2);
  });

  it('keeps a contract’s code for clients, and says it in the caller’s words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: { ...csrf, ...json, 'accept-language': 'zh-CN' },
      payload: { userNameOrEmailAddress: '', password: 'x' },
    });
    expect(res.json().error.validationErrors).toEqual([
      { message: 'UserNameRequired', members: ['userNameOrEmailAddress'] },
    ]);
    expect(res.json().error.details).toBe(
      '校验发现以下问题：\n - userNameOrEmailAddress: 请输入用户名或邮箱',
    );
  });

  it('words a code in details in Chinese and in English (an order without items)', async () => {
    const hour = 3_600_000;
    const order = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/orders',
        headers: {
          ...csrf,
          ...json,
          authorization: `Bearer ${tokens.employee}`,
          'accept-language': language,
        },
        payload: {
          storeId: '00000000-0000-4000-8000-000000000001',
          customerName: '王小明',
          customerPhone: '13800138000',
          rentalStartTime: new Date(Date.now() + hour).toISOString(),
          rentalEndTime: new Date(Date.now() + 25 * hour).toISOString(),
          items: [],
        },
      });
    const zh = await order('zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().error).toMatchObject({
      code: 'App:Validation',
      message: '提交的内容有误，请检查后重试',
      details: '校验发现以下问题：\n - items: 请至少添加一件设备',
      validationErrors: [{ message: 'ItemsRequired', members: ['items'] }],
    });
    const en = await order('en');
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toMatchObject({
      message: 'Your request is not valid!',
      details:
        'The following errors were detected during validation.\n - items: Add at least one item',
      validationErrors: [{ message: 'ItemsRequired', members: ['items'] }],
    });
  });
});
