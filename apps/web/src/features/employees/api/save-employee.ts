import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEmployee, Employee, UpdateEmployee } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { employeesKey } from './list-employees';

export function createEmployee(input: CreateEmployee) {
  return api.post<Employee>('/app/employees', input, { silent: true });
}

export function updateEmployee(id: string, input: UpdateEmployee) {
  return api.put<Employee>(`/app/employees/${id}`, input, { silent: true });
}

/** Creates when there is no id, updates otherwise; the list refreshes either way. */
export function useSaveEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: CreateEmployee | UpdateEmployee }) =>
      v.id ? updateEmployee(v.id, v.input) : createEmployee(v.input as CreateEmployee),
    onSuccess: () => client.invalidateQueries({ queryKey: employeesKey }),
  });
}
