import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RiderProfile, RiderProfileInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ridersKey } from './list-riders';

export function updateRider(id: string, input: RiderProfileInput) {
  return api.put<RiderProfile>(`/app/riders/${encodeURIComponent(id)}`, input, { silent: true });
}

export function useUpdateRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: RiderProfileInput }) => updateRider(v.id, v.input),
    onSuccess: () => client.invalidateQueries({ queryKey: ridersKey }),
  });
}
