import { useQuery } from '@tanstack/react-query';
import { normaliseContactPhone, type CustomerHistory } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/** A phone number's past with the store, once the number is complete (order create). */
export function useCustomerHistory(phone: string) {
  const number = phone.trim();
  return useQuery({
    queryKey: [...ordersKey, 'customer-history', number] as const,
    queryFn: () =>
      api.get<CustomerHistory>('/app/orders/customer-history', {
        params: { phone: number },
        silent: true,
      }),
    enabled: normaliseContactPhone(number) !== null,
    staleTime: 60_000,
  });
}
