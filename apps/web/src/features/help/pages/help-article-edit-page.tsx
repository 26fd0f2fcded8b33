import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HELP_AUDIENCES,
  HELP_SLUG_PATTERN,
  SUPPORTED_LANGUAGES,
  type HelpAdminArticle,
  type HelpAudience,
  type SupportedLanguage,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { ApiError } from '@/lib/api-errors';
import { currentLanguage } from '@/lib/i18n';
import { useAdminArticle } from '../api/get-admin-article';
import { ArticleEditor, type ArticleDraft } from '../components/article-editor';
import { ErrorBlock } from '@/components/error-block';

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

const draftOf = (a: HelpAdminArticle): ArticleDraft => ({
  slug: a.slug,
  audience: a.audience,
  language: a.language,
  title: a.title,
  summary: a.summary,
  tags: a.tags,
  sortOrder: String(a.sortOrder),
  body: a.body,
});

/**
 * One help article to write or change; 'new' writes one, prefilled from the query (slug,
 * audience, language, sortOrder) when it is the other language's version of an article.
 */
export default function HelpArticleEditPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const query = useAdminArticle(id);

  if (id === 'new') {
    const slug = params.get('slug') ?? '';
    const sortOrder = Number(params.get('sortOrder'));
    const initial: ArticleDraft = {
      slug: HELP_SLUG_PATTERN.test(slug) ? slug : '',
      audience: oneOf<HelpAudience>(HELP_AUDIENCES, params.get('audience'), 'customer'),
      language: oneOf<SupportedLanguage>(
        SUPPORTED_LANGUAGES,
        params.get('language'),
        currentLanguage(),
      ),
      title: '',
      summary: '',
      tags: [],
      sortOrder: Number.isInteger(sortOrder) && sortOrder > 0 ? String(sortOrder) : '0',
      body: '',
    };
    return (
      <div className="help-admin-page">
        <PageHeader title={t('helpAdmin.editor.newTitle')} backTo={Paths.adminHelp} />
        <ArticleEditor key={params.toString()} initial={initial} />
      </div>
    );
  }

  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="help-admin-page">
      <PageHeader title={t('helpAdmin.editor.editTitle')} backTo={Paths.adminHelp} />
      {missing ? (
        <ErrorBlock status="empty" title={t('helpAdmin.notFound')} description="">
          <Link to={Paths.adminHelp}>{t('helpAdmin.backToList')}</Link>
        </ErrorBlock>
      ) : (
        <QueryState query={query} lines={12}>
          {(article) => (
            <ArticleEditor key={article.id} article={article} initial={draftOf(article)} />
          )}
        </QueryState>
      )}
    </div>
  );
}
