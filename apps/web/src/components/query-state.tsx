import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataAge } from './data-age';
import { ErrorBlock } from '@/components/error-block';

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
  if (query.isPending && query.fetchStatus === 'paused') {
    // Offline, and never loaded on this phone: nothing to show until the network returns.
    return <ErrorBlock status="disconnected" title={t('app.offlineNotLoaded')} description="" />;
  }
  if (query.isPending) {
    return (
      <div className="page-body" role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    );
  }
  if (query.isError && query.data === undefined) {
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
    <>
      <DataAge updatedAt={query.dataUpdatedAt} failed={query.isError} />
      {children(query.data as T)}
    </>
  );
}
