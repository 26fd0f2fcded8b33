import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAddress, CustomerAddressInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { addressesKey } from './list-addresses';

/** The first address becomes the default; at most ADDRESSES_MAX (403 Address:LimitReached). */
export function createAddress(input: CustomerAddressInput) {
  return api.post<CustomerAddress>('/app/my-addresses', input, { silent: true });
}

export function useCreateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    // Refused too: a refusal (the limit, an address gone) means the list changed elsewhere.
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}
