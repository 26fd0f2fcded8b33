import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingCartInput, BookingFullDays, BookingQuote } from '@snowgear/contracts';
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
 * The days ahead on which the cart's gear is fully booked (at its time of day, for its length),
 * asked once the calendar opens with gear in the cart; the date itself is not part of the
 * question, so changing the day asks nothing new.
 */
export function useFullDays(cart: BookingCartInput | null, from: string, enabled: boolean) {
  const clock = cart ? cart.rentalStartTime.slice(11) : '';
  return useQuery({
    queryKey: [...bookingKey, 'full-days', from, clock, { ...cart, rentalStartTime: '' }] as const,
    queryFn: () =>
      api.post<BookingFullDays>('/app/booking/full-days', { cart, from }, { silent: true }),
    enabled: enabled && !!cart && cart.lines.length > 0,
    staleTime: 60_000,
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
