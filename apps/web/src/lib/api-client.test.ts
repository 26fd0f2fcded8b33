import { webcrypto } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { H5Config, HelpArticleSummary, PagedResult } from '@snowgear/contracts';
import {
  api,
  clearVerificationToken,
  ensureVerificationCookie,
  getVerificationToken,
  http,
  setApiHooks,
  unwrap,
} from './api-client';
import { ApiError } from './api-errors';
import { changeLanguage } from './i18n';

const DEMO_STORES = ['万龙雪场店', '太舞小镇店', '云顶夜场店'];

/** The API client against the real server and database. */
describe('API client', () => {
  let articleId: string;
  const reported: ApiError[] = [];

  beforeAll(async () => {
    setApiHooks({ onError: (e) => reported.push(e) });
    const list = await api.get<PagedResult<HelpArticleSummary>>('/app/help/articles', {
      params: { maxResultCount: 1 },
    });
    articleId = list.items[0]!.id;
  });
  beforeEach(async () => {
    reported.length = 0;
    clearVerificationToken();
    await changeLanguage('zh-CN');
  });

  it('talks to /api on an IP host, stamps GETs with _t and unwraps the body', async () => {
    expect(http.defaults.baseURL).toBe('/api');
    const raw = await http.get('/app/config-distribution/h5', { params: { a: 1 } });
    expect(raw.config.params).toMatchObject({ a: 1, _t: expect.any(Number) });
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    // The demo's three (another file's test may have a store of its own open meanwhile).
    expect(Object.values(config.storeConfigs).map((s) => s.storeName)).toEqual(
      expect.arrayContaining(DEMO_STORES),
    );
    expect(http.defaults.timeout).toBe(30_000);
  });

  it('fetches the verification token before the first POST and sends it', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const result = await api.post<{ helpfulCount: number }>(
      `/app/help/articles/${articleId}/feedback`,
      {
        helpful: true,
      },
    );
    expect(result.helpfulCount).toBeGreaterThanOrEqual(1);
    expect(document.cookie).toMatch(/XSRF-TOKEN=/);
    expect(reported).toEqual([]);
  });

  it('gets this browser its verification cookie even where it only reads', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    ensureVerificationCookie();
    await vi.waitFor(() => expect(document.cookie).toMatch(/XSRF-TOKEN=[^;]+\./));
  });

  it('when the server refuses a stale token, fetches a new one and the retry succeeds', async () => {
    const token = await getVerificationToken();
    expect(token).toBeTruthy();
    // The cached token goes stale: the cookie now holds another server-issued token.
    document.cookie = 'XSRF-TOKEN=stale.token; path=/';
    // Count what goes on the wire: the refused POST and its retry.
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const result = await api.post<{ helpfulCount: number }>(
      `/app/help/articles/${articleId}/feedback`,
      {
        helpful: false,
      },
    );
    const attempts = open.mock.calls.filter(([method]) => method === 'POST').length;
    open.mockRestore();
    expect(attempts).toBe(2);
    expect(result).toHaveProperty('notHelpfulCount');
    expect(reported).toEqual([]);
  });

  it('sends the token of the cookie the browser holds, when a later answer replaced the one read before', async () => {
    const first = await getVerificationToken();
    // Another call made without a cookie (two first calls at once) is given a new one.
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await api.get('/abp/application-configuration');
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1];
    expect(cookie).toBeTruthy();
    expect(decodeURIComponent(cookie!)).not.toBe(first);
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    await api.post(`/app/help/articles/${articleId}/feedback`, { helpful: true });
    const attempts = open.mock.calls.filter(([method]) => method === 'POST').length;
    open.mockRestore();
    // Sent once and taken: not refused first and sent again.
    expect(attempts).toBe(1);
    expect(reported).toEqual([]);
  });

  it('turns a validation error into the joined field messages', async () => {
    const error = await api
      .post(`/app/help/articles/${articleId}/feedback`, { helpful: 'maybe' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).validationErrors?.[0]?.members).toEqual(['helpful']);
    expect(reported).toHaveLength(1);
  });

  it('reports a missing endpoint in the detailed wording, in the chosen language', async () => {
    const zh = await api.get('/app/no-such-thing').catch((e: unknown) => e);
    expect((zh as ApiError).message).toBe('请求的接口不存在');
    expect((zh as ApiError).requestId).toBeTruthy();
    await changeLanguage('en-US');
    const en = await api.get('/app/no-such-thing', { silent: true }).catch((e: unknown) => e);
    expect((en as ApiError).message).toBe('The requested endpoint does not exist');
    expect(reported).toHaveLength(1);
  });

  it('says the network failed when nothing answers', async () => {
    const error = await api
      .get('/app/config-distribution/h5', { baseURL: 'http://127.0.0.1:9/api', silent: true })
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('网络请求失败，请检查网络');
    expect((error as ApiError).status).toBeUndefined();
  });

  it("asks for the app's current language on every call, the token's too, and is answered in it", async () => {
    const sent = vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const languages = () =>
      sent.mock.calls.filter(([name]) => name === 'Accept-Language').map(([, value]) => value);
    const refusal = (): Promise<ApiError> =>
      api
        .get(`/app/help/articles/${'x'.repeat(65)}`, { silent: true })
        .then(() => new ApiError('answered', 200))
        .catch((e: unknown) => e as ApiError);

    expect((await refusal()).message).toBe('最多 64 个字符');
    await changeLanguage('en-US');
    sent.mockClear();
    open.mockClear();
    expect((await refusal()).message).toBe('At most 64 characters');
    await getVerificationToken();
    const calls = open.mock.calls.length;
    const asked = languages();
    sent.mockRestore();
    open.mockRestore();
    expect(calls).toBe(2);
    expect(asked).toEqual(['en-US', 'en-US']);
  });

  it('sends the tenant header when a tenant is chosen', async () => {
    window.localStorage.setItem('tenant_id', 'no-such-tenant');
    const error = await api
      .get('/app/config-distribution/h5', { silent: true })
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('App:TenantNotFound');
  });

  it("past the server's pace, solves the proof of work it asks for and sends the call again", async () => {
    // Feedback on an article is capped at 30 a minute per browser: this page goes past it.
    // jsdom has no WebCrypto of its own (a browser does, in a secure context): Node's stands in.
    vi.stubGlobal('crypto', webcrypto);
    const solving: boolean[] = [];
    setApiHooks({ onProofOfWork: (started) => solving.push(started) });
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    for (let i = 0; i < 32; i++) {
      await api.post(`/app/help/articles/${articleId}/feedback`, { helpful: true });
    }
    const urls = open.mock.calls.map(([, url]) => String(url));
    open.mockRestore();
    setApiHooks({ onProofOfWork: () => undefined });
    vi.unstubAllGlobals();
    expect(urls.filter((url) => url.includes('/api/app/altcha/challenge')).length).toBeGreaterThan(
      0,
    );
    expect(solving.slice(0, 2)).toEqual([true, false]);
    expect(reported).toEqual([]);
  });
});

describe('envelope unwrapping', () => {
  it('returns the result of a success envelope and throws the message of a failed one', () => {
    expect(unwrap({ success: true, result: { a: 1 } })).toEqual({ a: 1 });
    expect(unwrap({ plain: true })).toEqual({ plain: true });
    // A body with its own `success` field but no `result` is not an envelope (stock results).
    expect(unwrap({ success: true, message: '出库成功', equipment: { id: 'e' } })).toEqual({
      success: true,
      message: '出库成功',
      equipment: { id: 'e' },
    });
    expect(() => unwrap({ success: false, error: { message: '库存不足' } })).toThrow('库存不足');
  });
});
