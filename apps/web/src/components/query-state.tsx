import type { ReactNode } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** One record's states: a skeleton while loading, the error with a retry, then the content. */
export function QueryState<T>({
  query,
  lines = 8,
  children,
}: {
  query: UseQueryResult<T>;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="page-body" role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    );
  }
  if (query.isError) {
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
  return <>{children(query.data)}</>;
}
