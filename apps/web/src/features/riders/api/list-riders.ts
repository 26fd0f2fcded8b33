import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiderList } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const ridersKey = ['riders'] as const;

/** `GET /api/app/riders`: the signed-in user's riders, themselves first. */
export function listRiders() {
  return api.get<RiderList>('/app/riders', { silent: true });
}

export function ridersQuery() {
  return queryOptions({ queryKey: [...ridersKey, 'list'] as const, queryFn: listRiders });
}

export function useRiders() {
  return useQuery(ridersQuery());
}
