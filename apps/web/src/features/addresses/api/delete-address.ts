import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesKey } from './list-addresses';

/** Deleting the default makes the newest left the default; orders keep what they were given. */
export function deleteAddress(id: string) {
  return api.delete<null>(`/app/my-addresses/${encodeURIComponent(id)}`, { silent: true });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    // Refused too: a refusal (the limit, an address gone) means the list changed elsewhere.
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}
