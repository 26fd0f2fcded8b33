import { useParams } from 'react-router';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-errors';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useHelpArticle } from '../api/get-help-article';
import { ArticleBody } from '../components/article-body';
import { ArticleFeedback } from '../components/article-feedback';
import { ErrorBlock } from '@/components/error-block';
import { storeTimeText } from '@/lib/store-time';

const DATE_ONLY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/** One help article. */
export default function HelpArticlePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useHelpArticle(id);
  const article = query.data;
  const backTo = article ? Paths.helpAudience(article.audience) : Paths.help;

  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label={t('app.loading')} className="page-body">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={10} animated />
      </div>
    );
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    content = missing ? (
      <ErrorBlock status="empty" title={t('help.articleNotFound')} description="" />
    ) : (
      <ErrorBlock
        status="disconnected"
        title={t('app.loadFailed')}
        description={query.error.message}
      >
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </ErrorBlock>
    );
  } else {
    content = (
      <article className="page-body help-article" lang={article?.language}>
        <h1 className="help-article__title">{article?.title}</h1>
        <div className="help-article__meta">
          <Tag color="primary" fill="outline">
            {t(`help.audience.${article?.audience ?? 'customer'}`)}
          </Tag>
          <span>
            {t('help.updatedAt', {
              date: storeTimeText(article?.lastModificationTime ?? 0, i18n.language, DATE_ONLY),
            })}
          </span>
        </div>
        <ArticleBody markdown={article?.body ?? ''} />
        {article && <ArticleFeedback key={article.id} articleId={article.id} />}
      </article>
    );
  }

  return (
    <div className="help-page">
      <PageHeader title={t('routes.helpArticle')} backTo={backTo} />
      {content}
    </div>
  );
}
