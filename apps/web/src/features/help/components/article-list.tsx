import { Link } from 'react-router';
import {
  Button,
  ErrorBlock,
  InfiniteScroll,
  List,
  PullToRefresh,
  Skeleton,
  Tag,
} from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HelpArticleSummary, PagedResult } from '@snowgear/contracts';
import { Paths } from '@/config/paths';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<PagedResult<HelpArticleSummary>>>;
  emptyText: string;
  showAudience?: boolean;
}

/** A pull-to-refresh, infinitely scrolling list of help articles with its loading/empty/error states. */
export function ArticleList({ query, emptyText, showAudience = false }: Props) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div role="status" aria-label={t('app.loading')} className="page-body">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
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
  }

  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      pullingText={t('list.pullToRefresh')}
      canReleaseText={t('list.releaseToRefresh')}
      refreshingText={t('list.refreshing')}
      completeText={t('list.refreshed')}
    >
      {items.length === 0 ? (
        <ErrorBlock status="empty" title={emptyText} description="" />
      ) : (
        <List className="article-list">
          {items.map((article) => (
            <Link key={article.id} to={Paths.helpArticle(article.id)} className="list-link">
              <List.Item
                description={article.summary}
                arrowIcon
                extra={
                  showAudience ? (
                    <Tag color="primary" fill="outline">
                      {t(`help.audience.${article.audience}`)}
                    </Tag>
                  ) : undefined
                }
              >
                {article.title}
              </List.Item>
            </Link>
          ))}
        </List>
      )}
      {items.length > 0 && (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage({ throwOnError: true });
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <Button fill="none" color="primary" onClick={() => void retry()}>
                {t('list.loadMoreFailed')}
              </Button>
            ) : hasMore ? (
              t('app.loading')
            ) : (
              t('list.noMore')
            )
          }
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
