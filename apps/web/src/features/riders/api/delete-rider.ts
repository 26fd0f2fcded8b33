import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ridersKey } from './list-riders';

/** Orders keep the rider as booked; only the saved profile goes. */
export function deleteRider(id: string) {
  return api.delete<null>(`/app/riders/${encodeURIComponent(id)}`, { silent: true });
}

export function useDeleteRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRider,
    onSuccess: () => client.invalidateQueries({ queryKey: ridersKey }),
  });
}
