import { useQuery } from '@tanstack/react-query';
import type { PaymentAttempt } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { paymentsKey } from './get-checkout';

/** How often a pending payment is checked (the server asks the provider when it is late). */
export const PAYMENT_POLL_MS = 2000;

/** A payment attempt, polled while it is pending. */
export function usePayment(paymentId: string | null) {
  return useQuery({
    queryKey: [...paymentsKey, 'attempt', paymentId] as const,
    queryFn: () =>
      api.get<PaymentAttempt>(`/app/payments/${encodeURIComponent(paymentId ?? '')}`, {
        silent: true,
      }),
    enabled: !!paymentId,
    refetchInterval: (query) => {
      const data = query.state.data;
      return !data || (data.status === 'pending' && data.billStatus === 'pending')
        ? PAYMENT_POLL_MS
        : false;
    },
    refetchIntervalInBackground: true,
  });
}
