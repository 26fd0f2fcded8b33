import { useDeferredValue, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataAge } from './data-age';
import { ErrorBlock } from '@/components/error-block';

/**
 * One record's states: a skeleton while loading, the error with a retry, then the content.
 *
 * The content is first drawn in a render of its own, which React splits into slices of a few
 * milliseconds: drawn as the query hands its answer over, a page's content was one long task in
 * which a tap waited (the store dashboard's figures: 70–150 ms on a phone eight times slower than
 * a fast machine). The skeleton stays until that render is done.
 */
export function QueryState<T>({
  query,
  lines = 8,
  freshSince,
  children,
}: {
  query: UseQueryResult<T>;
  lines?: number;
  /**
   * Data read before this time (ms) is not shown: a page that acts on what it shows (a payment)
   * waits for an answer given after it opened rather than trust what an earlier visit kept.
   */
  freshSince?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const drawn = useDeferredValue(query.data !== undefined);
  const notYet =
    query.isPending ||
    (query.data !== undefined && !drawn) ||
    (freshSince !== undefined && query.dataUpdatedAt < freshSince);
  if (notYet && query.fetchStatus === 'paused') {
    // Offline, and never loaded on this phone: nothing to show until the network returns.
    return <ErrorBlock status="disconnected" title={t('app.offlineNotLoaded')} description="" />;
  }
  if (notYet && !query.isError) {
    return (
      <div className="page-body" role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    );
  }
  if (query.isError && (query.data === undefined || notYet)) {
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
