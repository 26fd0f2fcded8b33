import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCatalog } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const bookingKey = ['booking'] as const;

/** What the store rents for the window, by kind and pack, with how many are free (no sign-in). */
export function bookingCatalogQuery(
  storeId: string,
  rentalStartTime: string,
  days: number,
  halfDay = false,
) {
  return queryOptions({
    queryKey: [...bookingKey, 'catalog', storeId, rentalStartTime, days, halfDay] as const,
    queryFn: () =>
      api.get<BookingCatalog>('/app/booking/catalog', {
        params: { storeId, rentalStartTime, days, ...(halfDay ? { halfDay: true } : {}) },
        silent: true,
      }),
  });
}

/** The catalog for a window of whole days, or (halfDay) the afternoon of the start's day. */
export function useBookingCatalog(
  storeId: string | null,
  rentalStartTime: string,
  days: number,
  halfDay = false,
) {
  return useQuery({
    ...bookingCatalogQuery(storeId ?? '', rentalStartTime, days, halfDay),
    enabled: !!storeId,
    // A new window keeps the old list on screen until the new counts arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
