import {
  startTransition,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button, Skeleton } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PagedResult } from '@snowgear/contracts';
import { DataAge } from './data-age';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';

/**
 * Items drawn with a list's first answer: more than a phone's screen holds. The rest of the page
 * follows in a render of its own, so neither drawing it nor laying it out holds up the first.
 */
const FIRST_DRAWN = 10;

/**
 * The list's total as drawn: it comes with the items, in the same render (`PagedList` draws what
 * arrives in a deferred render). Read from the answer at once, a count above the list appeared
 * while its placeholders still showed and pushed them down a line: a layout shift.
 */
export function useShownTotal<T>(
  query: UseInfiniteQueryResult<InfiniteData<PagedResult<T>>>,
): number | undefined {
  return useDeferredValue(query.data)?.pages[0]?.totalCount;
}

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<PagedResult<T>>>;
  emptyText: string;
  /** Renders the loaded items (all pages so far). */
  children: (items: T[]) => ReactNode;
  /** Off where the page itself refreshes (the list is one part of it). */
  pullToRefresh?: boolean;
}

/**
 * Every paged list's states in one place: skeleton while loading, an error with retry, an empty
 * message, pull to refresh, and infinite scroll with a retry when a page fails.
 */
export function PagedList<T>({ query, emptyText, children, pullToRefresh = true }: Props<T>) {
  const { t } = useTranslation();
  // What arrives is drawn in a render of its own, which React splits into slices of a few
  // milliseconds: drawn as the query hands its answer over, a page of items was one long task in
  // which a tap waited (four to eight times as long on a phone as on a fast machine). The
  // placeholders stay until that render is done.
  const data = useDeferredValue(query.data);
  const loaded = data?.pages.flatMap((p) => p.items) ?? [];
  const drawing = query.data !== undefined && data === undefined;
  // A list the phone already holds (coming back to it) is drawn whole at once.
  const [whole, setWhole] = useState(() => query.data !== undefined);
  const partly = !whole && loaded.length > FIRST_DRAWN;
  useEffect(() => {
    if (partly) startTransition(() => setWhole(true));
  }, [partly]);
  const items = partly ? loaded.slice(0, FIRST_DRAWN) : loaded;

  if (query.isPending && query.fetchStatus === 'paused') {
    // Offline, and never loaded on this phone: nothing to show until the network returns.
    return <ErrorBlock status="disconnected" title={t('app.offlineNotLoaded')} description="" />;
  }
  if ((query.isPending && query.fetchStatus !== 'idle') || drawing) {
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
  const list = (
    <>
      <DataAge updatedAt={query.dataUpdatedAt} failed={query.isError} />
      {items.length === 0 ? (
        <ErrorBlock status="empty" title={emptyText} description="" />
      ) : (
        children(items)
      )}
      {items.length > 0 && !partly && <LoadMore query={query} drawn={data === query.data} />}
    </>
  );
  if (!pullToRefresh) return list;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
    >
      {list}
    </PullToRefresh>
  );
}

/**
 * The end of a list: the next page loads as it comes within a thumb's scroll of the screen. An
 * IntersectionObserver watches it, so scrolling and drawing the list never wait on a layout read.
 * A page that fails offers a retry. Until a page that arrived is drawn (`drawn` false) the end
 * still says it is loading: "no more" under a list yet to grow would be untrue, and whoever
 * scrolls to it would find items appear below.
 */
function LoadMore<T>({
  query,
  drawn,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PagedResult<T>>>;
  drawn: boolean;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pages = query.data?.pages.length ?? 0;
  useEffect(() => {
    const element = end.current;
    if (!element || !drawn || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    // Watched anew after each page: the end may still be in view when the page has arrived.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: '0px 0px 250px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [drawn, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, pages]);
  return (
    <div ref={end} className="paged-list-end" aria-live="polite">
      {isFetchNextPageError ? (
        <Button fill="none" color="primary" onClick={() => void fetchNextPage()}>
          {t('list.loadMoreFailed')}
        </Button>
      ) : hasNextPage || !drawn ? (
        t('app.loading')
      ) : (
        t('list.noMore')
      )}
    </div>
  );
}
