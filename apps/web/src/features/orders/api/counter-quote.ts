import { useState } from 'react';
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

/**
 * The last quote the server gave for the same gear and people, whatever the rental's days: the
 * deposit each line holds (a card's, a pack's share) and the pack it makes up do not change with
 * the days. Offline, after the days change, the page still shows them; the rent, which does
 * change, it estimates itself and says so.
 */
export function useSameGearQuote(
  request: CounterQuoteRequest | null,
  data: CounterQuote | undefined,
): CounterQuote | null {
  const gear = request
    ? JSON.stringify([request.storeId, request.items, request.riders ?? null])
    : '';
  const [last, setLast] = useState<{ gear: string; quote: CounterQuote } | null>(null);
  // Kept as it arrives (React's "adjusting state while rendering"), not an effect later.
  if (data && data.lines.length === request?.items.length && last?.quote !== data) {
    setLast({ gear, quote: data });
  }
  return last && last.gear === gear ? last.quote : null;
}
