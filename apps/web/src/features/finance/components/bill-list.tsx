import { Button, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FinanceBill } from '@snowgear/contracts';
import type { useFinanceBills } from '../api/list-finance-bills';
import { BillRow } from './bill-row';

/**
 * The paid bills of the range, newest first, loading more as the list scrolls. Pull to refresh
 * belongs to the whole page (it refreshes the numbers too), so it is not here.
 */
export function BillList({
  query,
  timeZone,
  showStore,
}: {
  query: ReturnType<typeof useFinanceBills>;
  timeZone: string;
  showStore: boolean;
}) {
  const { t } = useTranslation();
  const bills: FinanceBill[] = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.totalCount;

  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (query.isError && bills.length === 0) {
    body = (
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
  } else if (bills.length === 0) {
    body = <ErrorBlock status="empty" title={t('finance.billsEmpty')} description="" />;
  } else {
    body = (
      <>
        <ul className="finance-bills">
          {bills.map((bill) => (
            <BillRow key={bill.billId} bill={bill} timeZone={timeZone} showStore={showStore} />
          ))}
        </ul>
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
      </>
    );
  }

  return (
    <section className="finance-section" aria-labelledby="finance-bills-title">
      <h2 id="finance-bills-title" className="section-title finance-section__title">
        {t('finance.paidBills')}
        {total !== undefined && (
          <span className="finance-section__count">
            {t('finance.billsTotal', { count: total })}
          </span>
        )}
      </h2>
      {body}
    </section>
  );
}
