import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingCartInput, BookingQuote } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { bookingKey } from './get-booking-catalog';

/** The cart priced, with what cannot be held now (no sign-in); follows every change of the cart. */
export function useBookingQuote(cart: BookingCartInput | null) {
  return useQuery({
    queryKey: [...bookingKey, 'quote', cart] as const,
    queryFn: () => api.post<BookingQuote>('/app/booking/quote', cart, { silent: true }),
    enabled: !!cart && cart.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/**
 * The last quote the server gave for the cart as it was then: shown (marked as out of date) while
 * a newer one is on its way, cannot be had offline, or failed, instead of no price at all.
 */
export function useLastQuote(
  data: BookingQuote | undefined,
  isPlaceholderData: boolean,
): BookingQuote | undefined {
  const settled = data && !isPlaceholderData ? data : undefined;
  const [last, setLast] = useState<BookingQuote | undefined>(settled);
  // Kept as it arrives (React's "adjusting state while rendering"), not an effect later.
  if (settled && settled !== last) setLast(settled);
  return settled ?? data ?? last;
}
