import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RiderProfile, RiderProfileInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ridersKey } from './list-riders';

export function createRider(input: RiderProfileInput) {
  return api.post<RiderProfile>('/app/riders', input, { silent: true });
}

export function useCreateRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRider,
    onSuccess: () => client.invalidateQueries({ queryKey: ridersKey }),
  });
}
