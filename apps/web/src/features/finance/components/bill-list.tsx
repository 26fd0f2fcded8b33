import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
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
  const total = query.data?.pages[0]?.totalCount;

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
      <PagedList query={query} emptyText={t('finance.billsEmpty')} pullToRefresh={false}>
        {(bills) => (
          <ul className="finance-bills">
            {bills.map((bill) => (
              <BillRow key={bill.billId} bill={bill} timeZone={timeZone} showStore={showStore} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
