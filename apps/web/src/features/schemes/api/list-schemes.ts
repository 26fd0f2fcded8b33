import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Scheme } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const schemesKey = ['schemes'] as const;

/** `GET /api/app/schemes`: the signed-in customer's schemes, newest first. */
export function schemesQuery() {
  return queryOptions({
    queryKey: [...schemesKey, 'list'] as const,
    queryFn: () => api.get<Scheme[]>('/app/schemes', { silent: true }),
  });
}

export function useSchemes(enabled = true) {
  return useQuery({ ...schemesQuery(), enabled });
}
