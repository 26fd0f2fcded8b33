import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employee } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { employeesKey } from './list-employees';

export function setEmployeeActive(id: string, active: boolean) {
  return api.post<Employee>(
    `/app/employees/${id}/${active ? 'activate' : 'deactivate'}`,
    undefined,
    { silent: true },
  );
}

export function resetEmployeePassword(id: string, newPassword: string) {
  return api.post<void>(`/app/employees/${id}/reset-password`, { newPassword }, { silent: true });
}

export function useSetEmployeeActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; active: boolean }) => setEmployeeActive(v.id, v.active),
    onSuccess: () => client.invalidateQueries({ queryKey: employeesKey }),
  });
}

export function useResetEmployeePassword() {
  return useMutation({
    mutationFn: (v: { id: string; newPassword: string }) =>
      resetEmployeePassword(v.id, v.newPassword),
  });
}
