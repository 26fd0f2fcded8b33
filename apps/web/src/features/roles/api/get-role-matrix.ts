import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleMatrix } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const rolesKey = ['roles'] as const;

export function getRoleMatrix() {
  return api.get<RoleMatrix>('/app/roles/matrix', { silent: true });
}

export function roleMatrixQuery() {
  return queryOptions({
    queryKey: [...rolesKey, 'matrix'] as const,
    queryFn: getRoleMatrix,
  });
}

/** Every role with its permissions, the groups of spec §6, and whether the user may change them. */
export function useRoleMatrix() {
  return useQuery(roleMatrixQuery());
}
