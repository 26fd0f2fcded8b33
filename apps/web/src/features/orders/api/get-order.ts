import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';

export { ordersKey };

export function getOrder(id: string) {
  return api.get<Order>(`/app/orders/${encodeURIComponent(id)}`, { silent: true });
}

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'detail', id] as const,
    queryFn: () => getOrder(id),
  });
}

export function useOrder(id: string) {
  return useQuery({ ...orderQuery(id), enabled: !!id });
}
