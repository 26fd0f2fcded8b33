import { useQuery } from '@tanstack/react-query';
import type { FinanceAgents } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import type { FinanceFilters } from '../utils/date-range';
import { financeKey, financeParams } from './get-finance-summary';

/** The agents' orders, revenue and commission in the range (as each agent's own page counts). */
export function useFinanceAgents(filters: FinanceFilters) {
  return useQuery({
    queryKey: [...financeKey, 'agents', financeParams(filters)] as const,
    queryFn: () =>
      api.get<FinanceAgents>('/app/finance/agents', {
        params: financeParams(filters),
        silent: true,
      }),
  });
}
