import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleName } from '@snowgear/contracts';
import { QueryState } from '@/components/query-state';
import { useNow } from '@/lib/use-now';
import { useOwnStoreName, useSession } from '@/features/auth';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useFinanceAgents } from '../api/get-finance-agents';
import { financeKey, useFinanceSummary } from '../api/get-finance-summary';
import { useFinanceBills } from '../api/list-finance-bills';
import { AgentsSection } from '../components/agents-section';
import { BillList } from '../components/bill-list';
import { DailySection } from '../components/daily-section';
import { ExportButton } from '../components/export-button';
import { MethodTable } from '../components/method-table';
import { RangeBar } from '../components/range-bar';
import { StoreScope } from '../components/store-scope';
import { SummaryCards } from '../components/summary-cards';
import { readFinanceFilters, writeFinanceFilters, type FinanceFilters } from '../utils/date-range';
import '../finance.css';
import { PageHeader } from '@/components/page-header';
import { PullToRefresh } from '@/components/pull-to-refresh';

/**
 * /store/finance: reconciliation for a store manager (or a super admin across stores). The
 * range and store live in the address, so coming back from an order shows the same numbers.
 */
export default function FinancePage() {
  const { t } = useTranslation();
  const now = useNow();
  const timeZone = DEFAULT_BUSINESS_TIME_ZONE;
  const [search, setSearch] = useSearchParams();
  const seesAll = useSession((s) => s.roles.includes(RoleName.SuperAdmin));
  const ownStoreName = useOwnStoreName();
  const read = readFinanceFilters(search, now, timeZone);
  // Other staff always get their own store; asking for another would only earn a 403.
  const filters: FinanceFilters = seesAll ? read : { from: read.from, to: read.to };
  const summary = useFinanceSummary(filters);
  const bills = useFinanceBills(filters);
  const agents = useFinanceAgents(filters);
  const client = useQueryClient();

  const update = (change: Partial<FinanceFilters>) =>
    setSearch(writeFinanceFilters({ ...filters, ...change }), { replace: true });

  return (
    <div className="finance-page">
      <PageHeader noBack title={t('routes.storeFinance')} />
      <PullToRefresh
        onRefresh={() => client.refetchQueries({ queryKey: financeKey, type: 'active' })}
      >
        <div className="finance-page__body">
          <StoreScope
            seesAll={seesAll}
            storeId={filters.storeId}
            storeName={summary.data?.storeName ?? ownStoreName}
            onChange={(storeId) => update({ storeId })}
          />
          <RangeBar
            range={filters}
            now={now}
            timeZone={timeZone}
            onChange={(range) => update(range)}
          />
          <QueryState query={summary} lines={10}>
            {(data) => (
              <>
                <SummaryCards summary={data} />
                <MethodTable summary={data} />
                <DailySection summary={data} />
              </>
            )}
          </QueryState>
          <QueryState query={agents} lines={3}>
            {(report) => <AgentsSection report={report} />}
          </QueryState>
          <ExportButton filters={filters} />
          <BillList query={bills} timeZone={timeZone} showStore={seesAll && !filters.storeId} />
        </div>
      </PullToRefresh>
    </div>
  );
}
