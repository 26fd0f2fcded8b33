import { useQuery } from '@tanstack/react-query';
import type { CounterQuote, CounterQuoteRequest } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/**
 * The rent of the order being taken, as the server will price it (rate cards, seasons, junior
 * riders: docs/pricing.md). Null until it answers, and when it cannot (offline, a line refused):
 * the page then shows its own estimate and says so.
 */
export function useCounterQuote(request: CounterQuoteRequest | null) {
  return useQuery({
    queryKey: [...ordersKey, 'counter-quote', request] as const,
    queryFn: () => api.post<CounterQuote>('/app/orders/quote', request, { silent: true }),
    enabled: request !== null && request.items.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
