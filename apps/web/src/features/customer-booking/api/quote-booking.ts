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
