import { Link } from 'react-router';
import { List, Tag } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HelpArticleSummary, PagedResult } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PagedList } from '@/components/paged-list';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<PagedResult<HelpArticleSummary>>>;
  emptyText: string;
  showAudience?: boolean;
}

/** Help articles as links, in a paged list. */
export function ArticleList({ query, emptyText, showAudience = false }: Props) {
  const { t } = useTranslation();
  return (
    <PagedList query={query} emptyText={emptyText}>
      {(items) => (
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
    </PagedList>
  );
}
