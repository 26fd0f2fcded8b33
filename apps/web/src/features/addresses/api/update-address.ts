import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAddress, CustomerAddressInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { addressesKey } from './list-addresses';

/** `isDefault: true` makes it the default; false leaves the default where it is. */
export function updateAddress(id: string, input: CustomerAddressInput) {
  return api.put<CustomerAddress>(`/app/my-addresses/${encodeURIComponent(id)}`, input, {
    silent: true,
  });
}

export function useUpdateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: CustomerAddressInput }) => updateAddress(v.id, v.input),
    // Refused too: a refusal (the limit, an address gone) means the list changed elsewhere.
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}
