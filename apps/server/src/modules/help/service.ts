import {
  ErrorCode,
  SupportedLanguage,
  type HelpArticle,
  type HelpArticleFeedbackResult,
  type HelpArticleListQuery,
  type HelpArticleSearchQuery,
  type HelpArticleSummary,
  type PagedResult,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { notFound } from '@/lib/errors.js';
import { pageOf } from '@/lib/paging.js';
import { addFeedback, findArticle, listArticles, searchArticles } from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Omit<HelpArticleSummary, 'lastModificationTime'> & { updatedAt: Date };
const toSummary = ({ updatedAt, ...row }: Row): HelpArticleSummary => ({
  ...row,
  lastModificationTime: updatedAt.toISOString(),
});

export async function listHelpArticles(
  db: Database,
  tenantId: string,
  query: HelpArticleListQuery,
): Promise<PagedResult<HelpArticleSummary>> {
  const scope = {
    tenantId,
    audience: query.audience,
    language: query.language ?? SupportedLanguage.zhCN,
  };
  const { items, totalCount } = await listArticles(db, scope, pageOf(query));
  return { items: items.map(toSummary), totalCount };
}

export async function searchHelpArticles(
  db: Database,
  tenantId: string,
  query: HelpArticleSearchQuery,
): Promise<PagedResult<HelpArticleSummary>> {
  const scope = {
    tenantId,
    audience: query.audience,
    language: query.language ?? SupportedLanguage.zhCN,
  };
  const { items, totalCount } = await searchArticles(db, scope, query.keyword, pageOf(query));
  return { items: items.map(toSummary), totalCount };
}

function articleNotFound(id: string) {
  return notFound(ErrorCode.HelpArticleNotFound, `There is no help article with id = ${id}!`);
}

/** Counts a reader's answer to 'was this helpful?' (one atomic increment). */
export async function recordHelpFeedback(
  db: Database,
  tenantId: string,
  id: string,
  helpful: boolean,
): Promise<HelpArticleFeedbackResult> {
  const row = UUID.test(id) ? await addFeedback(db, tenantId, id, helpful) : undefined;
  if (!row) throw articleNotFound(id);
  return row;
}

export async function getHelpArticle(
  db: Database,
  tenantId: string,
  id: string,
): Promise<HelpArticle> {
  const row = UUID.test(id) ? await findArticle(db, tenantId, id) : undefined;
  if (!row) throw articleNotFound(id);
  const { body, ...rest } = row;
  return { ...toSummary(rest), body };
}
