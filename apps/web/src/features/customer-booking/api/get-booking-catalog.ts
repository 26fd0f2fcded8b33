import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCatalog } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const bookingKey = ['booking'] as const;

/** What the store rents for the window, by kind and pack, with how many are free (no sign-in). */
export function bookingCatalogQuery(storeId: string, rentalStartTime: string, days: number) {
  return queryOptions({
    queryKey: [...bookingKey, 'catalog', storeId, rentalStartTime, days] as const,
    queryFn: () =>
      api.get<BookingCatalog>('/app/booking/catalog', {
        params: { storeId, rentalStartTime, days },
        silent: true,
      }),
  });
}

export function useBookingCatalog(storeId: string | null, rentalStartTime: string, days: number) {
  return useQuery({
    ...bookingCatalogQuery(storeId ?? '', rentalStartTime, days),
    enabled: !!storeId,
    // A new window keeps the old list on screen until the new counts arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
