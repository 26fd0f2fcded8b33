import { useQuery } from '@tanstack/react-query';
import type { SharedScheme } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { schemesKey } from './list-schemes';

/**
 * `GET /api/app/schemes/:id/shared` (no sign-in): a scheme as its short link opens it, with a
 * fresh quote, and whether the signed-in caller owns it.
 */
export function useSharedScheme(id: string | null, signedInAs: string | null) {
  return useQuery({
    queryKey: [...schemesKey, 'shared', id, signedInAs] as const,
    queryFn: () =>
      api.get<SharedScheme>(`/app/schemes/${encodeURIComponent(id!)}/shared`, { silent: true }),
    enabled: !!id,
  });
}
