import { useQuery } from '@tanstack/react-query';
import { normaliseContactPhone, type RiderList } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/** The saved riders of the customer with this phone number, once it is complete (order create). */
export function useCustomerRiders(phone: string) {
  const number = phone.trim();
  return useQuery({
    queryKey: [...ordersKey, 'customer-riders', number] as const,
    queryFn: () =>
      api.get<RiderList>('/app/orders/customer-riders', {
        params: { phone: number },
        silent: true,
      }),
    enabled: normaliseContactPhone(number) !== null,
    staleTime: 60_000,
  });
}
