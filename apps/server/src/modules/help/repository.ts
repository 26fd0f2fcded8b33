import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { helpArticles } from '@/db/schema.js';
import { likePattern } from '@/lib/paging.js';

const summaryColumns = {
  id: helpArticles.id,
  audience: helpArticles.audience,
  language: helpArticles.language,
  title: helpArticles.title,
  summary: helpArticles.summary,
  tags: helpArticles.tags,
  sortOrder: helpArticles.sortOrder,
  updatedAt: helpArticles.updatedAt,
};

interface Scope {
  tenantId: string;
  language: string;
  audience?: string | undefined;
}

function scopeFilter(scope: Scope): SQL {
  const parts = [
    eq(helpArticles.tenantId, scope.tenantId),
    eq(helpArticles.language, scope.language as 'zh-CN'),
    eq(helpArticles.isPublished, true),
  ];
  if (scope.audience) parts.push(eq(helpArticles.audience, scope.audience as 'customer'));
  return and(...parts) as SQL;
}

export async function listArticles(
  db: Database,
  scope: Scope,
  page: { limit: number; offset: number },
) {
  const where = scopeFilter(scope);
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(helpArticles)
      .where(where)
      .orderBy(asc(helpArticles.audience), asc(helpArticles.sortOrder), asc(helpArticles.title))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(helpArticles).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export async function searchArticles(
  db: Database,
  scope: Scope,
  keyword: string,
  page: { limit: number; offset: number },
) {
  const pattern = likePattern(keyword);
  const titleHit = ilike(helpArticles.title, pattern);
  const where = and(
    scopeFilter(scope),
    or(
      titleHit,
      ilike(helpArticles.summary, pattern),
      ilike(helpArticles.body, pattern),
      ilike(sql`array_to_string(${helpArticles.tags}, ' ')`, pattern),
    ),
  );
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(helpArticles)
      .where(where)
      // Title matches first, then the usual reading order.
      .orderBy(
        desc(sql`(${titleHit})::int`),
        asc(helpArticles.audience),
        asc(helpArticles.sortOrder),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(helpArticles).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findArticle(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, body: helpArticles.body })
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.tenantId, tenantId),
        eq(helpArticles.id, id),
        eq(helpArticles.isPublished, true),
      ),
    );
  return row;
}

export async function addFeedback(db: Database, tenantId: string, id: string, helpful: boolean) {
  const [row] = await db
    .update(helpArticles)
    .set(
      helpful
        ? { helpfulCount: sql`${helpArticles.helpfulCount} + 1` }
        : { notHelpfulCount: sql`${helpArticles.notHelpfulCount} + 1` },
    )
    .where(
      and(
        eq(helpArticles.tenantId, tenantId),
        eq(helpArticles.id, id),
        eq(helpArticles.isPublished, true),
      ),
    )
    .returning({
      helpfulCount: helpArticles.helpfulCount,
      notHelpfulCount: helpArticles.notHelpfulCount,
    });
  return row;
}
