import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignableRoles } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { employeesKey } from './list-employees';

export function getAssignableRoles() {
  return api.get<AssignableRoles>('/app/employees/assignable-roles', { silent: true });
}

export const assignableRolesQuery = queryOptions({
  queryKey: [...employeesKey, 'assignable-roles'] as const,
  queryFn: getAssignableRoles,
});

export function useAssignableRoles() {
  return useQuery(assignableRolesQuery);
}
