import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function changePassword(input: ChangePasswordInput) {
  return api.post<void>('/app/account/change-password', input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
