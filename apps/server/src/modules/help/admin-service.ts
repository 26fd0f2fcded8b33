import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AuditCategory,
  ErrorCode,
  HelpAdminErrorCode,
  type HelpAdminArticle,
  type HelpAdminArticleSummary,
  type HelpAdminListQuery,
  type HelpArticleInputSchema,
  type PagedResult,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { helpArticles } from '@/db/schema.js';
import { conflictError, notFound } from '@/lib/errors.js';
import { likePattern, pageOf } from '@/lib/paging.js';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import { changedFields, recordAudit } from '@/modules/audit/record.js';
import { articleLine, say } from './admin-messages.js';

type HelpArticleInput = z.output<typeof HelpArticleInputSchema>;
type Row = typeof helpArticles.$inferSelect;

const FIELDS = [
  'slug',
  'audience',
  'language',
  'title',
  'summary',
  'body',
  'tags',
  'sortOrder',
] as const;

/** The same slug in the other language. */
const other = alias(helpArticles, 'other_language');
const translationColumns = {
  id: other.id,
  language: other.language,
  title: other.title,
  isPublished: other.isPublished,
};
const translationJoin = and(
  eq(other.tenantId, helpArticles.tenantId),
  eq(other.slug, helpArticles.slug),
  ne(other.language, helpArticles.language),
);

type Translation = HelpAdminArticle['translation'];

const toSummary = (row: Row, translation: Translation): HelpAdminArticleSummary => ({
  id: row.id,
  slug: row.slug,
  audience: row.audience,
  language: row.language,
  title: row.title,
  summary: row.summary,
  tags: row.tags,
  sortOrder: row.sortOrder,
  isPublished: row.isPublished,
  lastModificationTime: row.updatedAt.toISOString(),
  translation,
});

/**
 * The help editor: every article, drafts included, for those who write them
 * (docs/catalogue-and-help.md). The public help centre reads published articles only.
 */
export class HelpAdminService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }

  private notFound() {
    return notFound(ErrorCode.HelpArticleNotFound, say(this.request, 'ArticleNotFound'));
  }

  private slugTaken(input: { slug: string; language: string }) {
    return conflictError(
      HelpAdminErrorCode.SlugTaken,
      say(this.request, 'SlugTaken', { slug: input.slug, language: input.language }),
      { field: 'slug' },
    );
  }

  async list(query: HelpAdminListQuery): Promise<PagedResult<HelpAdminArticleSummary>> {
    const parts: SQL[] = [eq(helpArticles.tenantId, this.tenantId)];
    if (query.audience) parts.push(eq(helpArticles.audience, query.audience));
    if (query.language) parts.push(eq(helpArticles.language, query.language));
    if (query.isPublished !== undefined)
      parts.push(eq(helpArticles.isPublished, query.isPublished));
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      parts.push(
        or(
          ilike(helpArticles.title, pattern),
          ilike(helpArticles.slug, pattern),
          ilike(helpArticles.summary, pattern),
          ilike(helpArticles.body, pattern),
          ilike(sql`array_to_string(${helpArticles.tags}, ' ')`, pattern),
        )!,
      );
    }
    const where = and(...parts);
    const page = pageOf(query);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ article: helpArticles, translation: translationColumns })
        .from(helpArticles)
        .leftJoin(other, translationJoin)
        .where(where)
        // As readers see them, each article's two languages side by side.
        .orderBy(
          asc(helpArticles.audience),
          asc(helpArticles.sortOrder),
          asc(helpArticles.slug),
          // Chinese, the base language, first.
          desc(helpArticles.language),
        )
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(helpArticles).where(where),
    ]);
    return {
      items: rows.map((r) => toSummary(r.article, r.translation)),
      totalCount: total?.n ?? 0,
    };
  }

  async get(id: string): Promise<HelpAdminArticle> {
    const [row] = await this.db
      .select({ article: helpArticles, translation: translationColumns })
      .from(helpArticles)
      .leftJoin(other, translationJoin)
      .where(and(eq(helpArticles.tenantId, this.tenantId), eq(helpArticles.id, id)));
    if (!row) throw this.notFound();
    const a = row.article;
    return {
      ...toSummary(a, row.translation),
      body: a.body,
      helpfulCount: a.helpfulCount,
      notHelpfulCount: a.notHelpfulCount,
      creationTime: a.createdAt.toISOString(),
    };
  }

  private async slugInUse(db: Database | Transaction, input: HelpArticleInput, exceptId?: string) {
    const [row] = await db
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(
        and(
          eq(helpArticles.tenantId, this.tenantId),
          eq(helpArticles.language, input.language),
          eq(helpArticles.slug, input.slug),
          exceptId ? ne(helpArticles.id, exceptId) : undefined,
        ),
      );
    return !!row;
  }

  /** A change in one transaction; a slug taken by a concurrent change answers as the check would. */
  private async write<T>(input: HelpArticleInput, work: (tx: Transaction) => Promise<T>) {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw this.slugTaken(input);
      throw err;
    }
  }

  private async lock(tx: Transaction, id: string) {
    const [row] = await tx
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.tenantId, this.tenantId), eq(helpArticles.id, id)))
      .for('update');
    if (!row) throw this.notFound();
    return row;
  }

  /** A new article starts as a draft: readers see it once it is published. */
  async create(input: HelpArticleInput): Promise<HelpAdminArticle> {
    if (await this.slugInUse(this.db, input)) throw this.slugTaken(input);
    const id = await this.write(input, async (tx) => {
      const [created] = await tx
        .insert(helpArticles)
        .values({ tenantId: this.tenantId, ...input, isPublished: false })
        .returning({ id: helpArticles.id });
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'help-article',
        entityId: created!.id,
        action: 'created',
        summary: articleLine('Created', input),
        changes: Object.fromEntries(FIELDS.map((f) => [f, [null, f === 'body' ? '…' : input[f]]])),
      });
      return created!.id;
    });
    return this.get(id);
  }

  /** Changes an article; a published one shows the change to readers at once. */
  async update(id: string, input: HelpArticleInput): Promise<HelpAdminArticle> {
    await this.write(input, async (tx) => {
      const before = await this.lock(tx, id);
      if (await this.slugInUse(tx, input, id)) throw this.slugTaken(input);
      const changes = changedFields(before, input, FIELDS);
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(helpArticles)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(helpArticles.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'help-article',
        entityId: id,
        action: 'updated',
        summary: articleLine('Updated', input),
        // The body's text would fill the log: that it changed is enough.
        changes: changes.body ? { ...changes, body: ['…', '…'] } : changes,
      });
    });
    return this.get(id);
  }

  async setPublished(id: string, isPublished: boolean): Promise<HelpAdminArticle> {
    await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (before.isPublished === isPublished) return;
      await tx
        .update(helpArticles)
        .set({ isPublished, updatedAt: new Date() })
        .where(eq(helpArticles.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'help-article',
        entityId: id,
        action: isPublished ? 'published' : 'unpublished',
        summary: articleLine(isPublished ? 'Published' : 'Unpublished', before),
        changes: { isPublished: [before.isPublished, isPublished] },
      });
    });
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      await tx.delete(helpArticles).where(eq(helpArticles.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'help-article',
        entityId: id,
        action: 'deleted',
        summary: articleLine('Deleted', before),
        changes: {
          slug: [before.slug, null],
          language: [before.language, null],
          title: [before.title, null],
          isPublished: [before.isPublished, null],
        },
      });
    });
  }
}
