import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAddressList } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const addressesKey = ['addresses'] as const;

/** `GET /api/app/my-addresses`: the signed-in customer's addresses, the default first. */
export function listAddresses() {
  return api.get<CustomerAddressList>('/app/my-addresses', { silent: true });
}

export function addressesQuery() {
  return queryOptions({ queryKey: [...addressesKey, 'list'] as const, queryFn: listAddresses });
}

/** `enabled` false for anyone but a signed-in customer (staff have no addresses). */
export function useAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...addressesQuery(), enabled });
}
