import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AgentCustomer,
  AgentOrder,
  AgentOrderDetail,
  AgentPerformance,
  AgentPeriod,
  AgentReferral,
  PagedResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';

const agentKey = ['agent'] as const;
/** Spec §9: lists load 10 at a time. */
const PAGE = 10;

export function useReferral() {
  return useQuery({
    queryKey: [...agentKey, 'referral'] as const,
    queryFn: () => api.get<AgentReferral>('/app/agent/referral', { silent: true }),
    staleTime: Infinity,
  });
}

export function usePerformance(period: AgentPeriod, enabled: boolean) {
  return useQuery({
    queryKey: [...agentKey, 'performance', period] as const,
    queryFn: () =>
      api.get<AgentPerformance>('/app/agent/performance', { params: { period }, silent: true }),
    enabled,
  });
}

function pagedQuery<T>(name: string, path: string) {
  return infiniteQueryOptions({
    queryKey: [...agentKey, name] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<PagedResult<T>>(path, {
        params: { skipCount: pageParam, maxResultCount: PAGE },
        silent: true,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

/** One of the agent's orders, opened from the list (null: none open). */
export function useAgentOrder(id: string | null) {
  return useQuery({
    queryKey: [...agentKey, 'order', id] as const,
    queryFn: () =>
      api.get<AgentOrderDetail>(`/app/agent/orders/${encodeURIComponent(id!)}`, { silent: true }),
    enabled: !!id,
  });
}

export function useAgentOrders() {
  return useInfiniteQuery(pagedQuery<AgentOrder>('orders', '/app/agent/orders'));
}

export function useAgentCustomers(enabled: boolean) {
  return useInfiniteQuery({
    ...pagedQuery<AgentCustomer>('customers', '/app/agent/customers'),
    enabled,
  });
}

/** Takes back an order of the agent's that the store has not confirmed yet. */
export function useWithdrawOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      api.post<AgentOrder>(
        `/app/agent/orders/${encodeURIComponent(v.id)}/withdraw`,
        { reason: v.reason },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: agentKey }),
  });
}

export { agentKey };
