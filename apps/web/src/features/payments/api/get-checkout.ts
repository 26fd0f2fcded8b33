import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Checkout } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const paymentsKey = ['payments'] as const;

/** What is due on an order and the methods its store takes (no sign-in needed). */
export function checkoutQuery(orderId: string) {
  return queryOptions({
    queryKey: [...paymentsKey, 'checkout', orderId] as const,
    queryFn: () =>
      api.get<Checkout>(`/app/payments/checkout/${encodeURIComponent(orderId)}`, { silent: true }),
  });
}

export function useCheckout(orderId: string) {
  return useQuery({ ...checkoutQuery(orderId), enabled: !!orderId });
}
