import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Checkout } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { paymentsKey } from '@/lib/query-keys';

export { paymentsKey };

/**
 * What is due on an order and the methods its store takes (no sign-in needed). Never fresh for
 * long: an extension, a fee or a payment elsewhere changes it, so each page that opens asks again.
 */
export function checkoutQuery(orderId: string) {
  return queryOptions({
    queryKey: [...paymentsKey, 'checkout', orderId] as const,
    queryFn: () =>
      api.get<Checkout>(`/app/payments/checkout/${encodeURIComponent(orderId)}`, { silent: true }),
    staleTime: 0,
  });
}

export function useCheckout(orderId: string) {
  return useQuery({ ...checkoutQuery(orderId), enabled: !!orderId });
}
