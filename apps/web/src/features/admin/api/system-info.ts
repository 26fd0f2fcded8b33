import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementVersion, SystemInfoAdmin, SystemInfoSave } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshStores } from '@/features/stores';
import { adminKey } from './stores';

const systemKey = [...adminKey, 'system'] as const;
const agreementsKey = [...adminKey, 'agreements'] as const;

export function useSystemInfo() {
  return useQuery({
    queryKey: systemKey,
    queryFn: () => api.get<SystemInfoAdmin>('/app/admin/system-info', { silent: true }),
  });
}

export function useSaveSystemInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SystemInfoSave) =>
      api.put<SystemInfoAdmin>('/app/admin/system-info', input, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: systemKey });
      await refreshStores({ force: true });
    },
  });
}

/** Every published rental agreement, newest first. */
export function useAgreements() {
  return useQuery({
    queryKey: agreementsKey,
    queryFn: async () =>
      (
        await api.get<{ items: AgreementVersion[] }>('/app/admin/rental-agreements', {
          silent: true,
        })
      ).items,
  });
}

/** A new rental agreement: what new bookings accept from now on. */
export function usePublishAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (texts: { text: string; textEn: string }) =>
      api.post<{ items: AgreementVersion[] }>('/app/admin/rental-agreements', texts, {
        silent: true,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: agreementsKey });
      await refreshStores({ force: true });
    },
  });
}
