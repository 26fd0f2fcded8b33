import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';

describe('help centre API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject(url);

  it('lists Chinese articles by default, in pages, with the total', async () => {
    const page1 = (await get('/api/app/help/articles?skipCount=0&maxResultCount=5')).json();
    expect(page1.items).toHaveLength(5);
    expect(page1.totalCount).toBeGreaterThanOrEqual(12);
    expect(page1.items.every((a: { language: string }) => a.language === 'zh-CN')).toBe(true);
    const page2 = (await get('/api/app/help/articles?skipCount=5&maxResultCount=5')).json();
    const ids1 = page1.items.map((a: { id: string }) => a.id);
    expect(page2.items.some((a: { id: string }) => ids1.includes(a.id))).toBe(false);
  });

  it('filters by audience and language', async () => {
    for (const audience of ['customer', 'store', 'driver']) {
      const body = (
        await get(`/api/app/help/articles?audience=${audience}&maxResultCount=100`)
      ).json();
      expect(body.totalCount).toBeGreaterThanOrEqual(3);
      expect(body.items.every((a: { audience: string }) => a.audience === audience)).toBe(true);
    }
    const en = (await get('/api/app/help/articles?language=en-US&maxResultCount=100')).json();
    expect(en.totalCount).toBeGreaterThanOrEqual(12);
    expect(en.items[0].language).toBe('en-US');
  });

  it('searches titles, bodies and tags, title matches first', async () => {
    const body = (
      await get(`/api/app/help/articles/search?keyword=${encodeURIComponent('押金')}`)
    ).json();
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.items[0].title + body.items[0].summary + body.items[0].tags.join()).toMatch(/押金/);
    const none = (
      await get(`/api/app/help/articles/search?keyword=${encodeURIComponent('火星探测器')}`)
    ).json();
    expect(none).toEqual({ items: [], totalCount: 0 });
  });

  it('treats % and _ in a keyword as plain characters', async () => {
    // Articles speak of percentages ('20%'), never of three percent signs in a row.
    const body = (await get('/api/app/help/articles/search?keyword=%25%25%25')).json();
    expect(body.totalCount).toBe(0);
  });

  it('opens one article with its Markdown body, and 404s an unknown or malformed id', async () => {
    const list = (await get('/api/app/help/articles?audience=store&maxResultCount=1')).json();
    const article = (await get(`/api/app/help/articles/${list.items[0].id}`)).json();
    expect(article.title).toBe(list.items[0].title);
    expect(article.body).toMatch(/##/);
    const missing = await get('/api/app/help/articles/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('Help:ArticleNotFound');
    expect((await get('/api/app/help/articles/not-an-id')).statusCode).toBe(404);
  });

  it('refuses a missing keyword and bad paging with 400 and validation errors, never 500', async () => {
    for (const url of [
      '/api/app/help/articles/search',
      '/api/app/help/articles?maxResultCount=abc',
      '/api/app/help/articles?maxResultCount=5000',
      '/api/app/help/articles?skipCount=-1',
      '/api/app/help/articles?audience=pilot',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const error = res.json().error;
      expect(error.message).toBe('提交的内容有误，请检查后重试');
      expect(error.validationErrors.length, url).toBeGreaterThan(0);
      expect(error.validationErrors[0].members.length).toBeGreaterThan(0);
      expect(res.headers['_abperrorformat']).toBe('true');
    }
  });

  it('counts feedback once per answer, with the verification token', async () => {
    const list = (await get('/api/app/help/articles?maxResultCount=1')).json();
    const url = `/api/app/help/articles/${list.items[0].id}/feedback`;
    const refused = await t.app.inject({ method: 'POST', url, payload: { helpful: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('App:VerificationTokenInvalid');

    const headers = await verificationHeaders(t.app);
    const yes = await t.app.inject({ method: 'POST', url, headers, payload: { helpful: true } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ helpfulCount: 1, notHelpfulCount: 0 });
    const no = await t.app.inject({ method: 'POST', url, headers, payload: { helpful: false } });
    expect(no.json()).toEqual({ helpfulCount: 1, notHelpfulCount: 1 });

    const bad = await t.app.inject({ method: 'POST', url, headers, payload: { helpful: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['helpful']);
  });
});
