import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  signIn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const ADMIN = '/api/app/help/admin/articles';

describe('help articles: the editor', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call('admin', method, url, payload);
  const publicGet = (url: string) => t.app.inject(url);
  const actions = async (id: string) =>
    (
      await t.database.db
        .select({ action: auditLog.action, category: auditLog.category })
        .from(auditLog)
        .where(eq(auditLog.entityId, id))
        .orderBy(auditLog.createdAt)
    ).map((l) => `${l.category}:${l.action}`);

  const article = (overrides: object = {}) => ({
    slug: 'driver-snow-chains',
    audience: 'driver',
    language: 'zh-CN',
    title: '如何安装防滑链',
    summary: '雪天上山前装好防滑链。',
    body: '## 步骤\n\n1. 停车拉手刹\n2. 铺开防滑链',
    tags: ['防滑链', '雪天'],
    sortOrder: 9,
    ...overrides,
  });

  /** What the public help centre shows of an article: in the list, in search, and itself. */
  async function publicly(id: string) {
    const list = (
      await publicGet('/api/app/help/articles?audience=driver&language=zh-CN&maxResultCount=100')
    ).json();
    const search = (
      await publicGet(`/api/app/help/articles/search?keyword=${encodeURIComponent('防滑链')}`)
    ).json();
    const detail = await publicGet(`/api/app/help/articles/${id}`);
    const feedback = await t.app.inject({
      method: 'POST',
      url: `/api/app/help/articles/${id}/feedback`,
      headers: csrf,
      payload: { helpful: true },
    });
    return {
      listed: list.items.some((a: { id: string }) => a.id === id),
      found: search.items.some((a: { id: string }) => a.id === id),
      detail: detail.statusCode,
      feedback: feedback.statusCode,
    };
  }

  it('is for the super admin only', async () => {
    expect((await publicGet(ADMIN)).statusCode).toBe(401);
    for (const who of ['manager', 'employee']) {
      const res = await call(who, 'POST', ADMIN, article({ slug: 'not-allowed' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('App:Forbidden');
    }
    expect((await admin('GET', `${ADMIN}?keyword=not-allowed`)).json().totalCount).toBe(0);
  });

  it('keeps a draft from the public until it is published, and takes it back when unpublished', async () => {
    const res = await admin('POST', ADMIN, article());
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json();
    expect(draft).toMatchObject({
      isPublished: false,
      slug: 'driver-snow-chains',
      translation: null,
    });

    expect(await publicly(draft.id)).toEqual({
      listed: false,
      found: false,
      detail: 404,
      feedback: 404,
    });
    const drafts = (await admin('GET', `${ADMIN}?isPublished=false&audience=driver`)).json();
    expect(drafts.items.map((a: { id: string }) => a.id)).toContain(draft.id);

    const published = await admin('POST', `${ADMIN}/${draft.id}/publish`);
    expect(published.json().isPublished).toBe(true);
    expect(await publicly(draft.id)).toEqual({
      listed: true,
      found: true,
      detail: 200,
      feedback: 200,
    });
    const shown = (await publicGet(`/api/app/help/articles/${draft.id}`)).json();
    expect(shown).toMatchObject({ title: '如何安装防滑链', body: article().body });

    // A published article's change reaches readers at once.
    await admin('PUT', `${ADMIN}/${draft.id}`, article({ title: '防滑链的安装' }));
    expect((await publicGet(`/api/app/help/articles/${draft.id}`)).json().title).toBe(
      '防滑链的安装',
    );

    const withdrawn = await admin('POST', `${ADMIN}/${draft.id}/unpublish`);
    expect(withdrawn.json().isPublished).toBe(false);
    expect(await publicly(draft.id)).toEqual({
      listed: false,
      found: false,
      detail: 404,
      feedback: 404,
    });
    // The editor still has it.
    expect((await admin('GET', `${ADMIN}/${draft.id}`)).json()).toMatchObject({
      title: '防滑链的安装',
      helpfulCount: 1,
    });
    expect(await actions(draft.id)).toEqual([
      'settings:created',
      'settings:published',
      'settings:updated',
      'settings:unpublished',
    ]);
  });

  it('links the two languages of one slug, and refuses a slug its language has already', async () => {
    const zh = (await admin('POST', ADMIN, article({ slug: 'store-closing-up' }))).json();
    const taken = await admin(
      'POST',
      ADMIN,
      article({ slug: 'store-closing-up', title: '另一篇' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'Help:SlugTaken',
      message: '中文文章中已有标识为“store-closing-up”的一篇',
      data: { field: 'slug' },
    });
    const en = await admin(
      'POST',
      ADMIN,
      article({ slug: 'store-closing-up', language: 'en-US', title: 'Closing up', tags: [] }),
    );
    expect(en.statusCode).toBe(201);
    expect(en.json().translation).toEqual({
      id: zh.id,
      language: 'zh-CN',
      title: '如何安装防滑链',
      isPublished: false,
    });
    expect((await admin('GET', `${ADMIN}/${zh.id}`)).json().translation).toMatchObject({
      id: en.json().id,
      language: 'en-US',
    });
    // Moving the English one onto a slug English has already is refused too.
    const clash = await admin(
      'PUT',
      `${ADMIN}/${en.json().id}`,
      article({ slug: 'customer-how-to-book', language: 'en-US', title: 'Closing up' }),
    );
    expect(clash.statusCode).toBe(409);
    const list = (await admin('GET', `${ADMIN}?keyword=store-closing-up`)).json();
    expect(list.items.map((a: { language: string }) => a.language)).toEqual(['zh-CN', 'en-US']);
  });

  it('refuses what breaks the limits next to the field, never with a 500', async () => {
    const cases: [object, string, string][] = [
      [{ slug: 'ab' }, 'slug', 'HelpInvalidSlug'],
      [{ slug: 'Snow-Chains' }, 'slug', 'HelpInvalidSlug'],
      [{ slug: 'snow_chains' }, 'slug', 'HelpInvalidSlug'],
      [{ slug: 'a'.repeat(61) }, 'slug', 'HelpInvalidSlug'],
      [{ title: '' }, 'title', 'HelpTitleRequired'],
      [{ title: '标'.repeat(101) }, 'title', ''],
      [{ title: '两行\n标题' }, 'title', 'InvalidCharacters'],
      [{ summary: '摘'.repeat(301) }, 'summary', ''],
      [{ body: '' }, 'body', 'HelpBodyRequired'],
      [{ body: 'x'.repeat(20_001) }, 'body', ''],
      [{ tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) }, 'tags', ''],
      [{ tags: ['这是一个超过二十个字符的非常非常长的标签文字'] }, 'tags.0', ''],
      [{ tags: ['雪', '雪'] }, 'tags', 'HelpTagsDuplicate'],
      [{ tags: [' '] }, 'tags.0', 'HelpTagEmpty'],
      [{ audience: 'pilot' }, 'audience', ''],
      [{ language: 'fr-FR' }, 'language', ''],
      [{ sortOrder: -1 }, 'sortOrder', ''],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await admin('POST', ADMIN, article({ slug: 'limits-test', ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      const [problem] = res.json().error.validationErrors;
      expect(problem.members).toEqual([field]);
      if (code) expect(problem.message).toBe(code);
    }
    // The longest allowed body is taken, line breaks and all.
    const long = await admin(
      'POST',
      ADMIN,
      article({ slug: 'limits-test', body: `${'长'.repeat(19_990)}\n\n## 尾` }),
    );
    expect(long.statusCode).toBe(201);
    expect((await admin('GET', `${ADMIN}?keyword=limits-test`)).json().totalCount).toBe(1);
  });

  it('deletes an article for good, with an audit line', async () => {
    const created = (await admin('POST', ADMIN, article({ slug: 'to-be-deleted' }))).json();
    await admin('POST', `${ADMIN}/${created.id}/publish`);
    const res = await admin('DELETE', `${ADMIN}/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin('GET', `${ADMIN}/${created.id}`)).statusCode).toBe(404);
    expect((await publicGet(`/api/app/help/articles/${created.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `${ADMIN}/${created.id}`)).statusCode).toBe(404);
    expect(await actions(created.id)).toEqual([
      'settings:created',
      'settings:published',
      'settings:deleted',
    ]);
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deleted'))
      .orderBy(auditLog.createdAt);
    expect(line).toMatchObject({
      entityType: 'help-article',
      summaryEn: 'Deleted help article 如何安装防滑链 (Chinese)',
    });
  });

  it('filters the editor list by audience, language, state and keyword, in pages', async () => {
    const all = (await admin('GET', `${ADMIN}?maxResultCount=1000`)).json();
    expect(all.totalCount).toBeGreaterThanOrEqual(40);
    const en = (
      await admin('GET', `${ADMIN}?language=en-US&audience=store&maxResultCount=100`)
    ).json();
    expect(
      en.items.every(
        (a: { language: string; audience: string }) =>
          a.language === 'en-US' && a.audience === 'store',
      ),
    ).toBe(true);
    // Every demo article has its other language.
    expect(en.items.every((a: { translation: unknown }) => a.translation !== null)).toBe(true);
    const page = (await admin('GET', `${ADMIN}?skipCount=10&maxResultCount=10`)).json();
    expect(page.items).toHaveLength(10);
    expect(page.items[0].id).toBe(all.items[10].id);
    expect((await admin('GET', `${ADMIN}?isPublished=maybe`)).statusCode).toBe(400);
  });
});
