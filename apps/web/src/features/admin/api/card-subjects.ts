import { useQueries, useQuery } from '@tanstack/react-query';
import type { BookingCatalog, Category, RateCardSubjectKind } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { adminKey } from './stores';

/** A kind of gear or a pack a card may price, named in the reader's language. */
export interface CardSubject {
  kind: RateCardSubjectKind;
  id: string;
  name: string;
}

const subjectsKey = [...adminKey, 'card-subjects'] as const;
const STALE_MS = 5 * 60_000;

/**
 * What a new card may be for: every kind of gear, and the packs the stores offer (the packs are
 * read from the stores' booking catalogues, the one list of them a manager may read; for the
 * business's cards, from every store's). `storeIds` are the stores whose packs count.
 */
export function useCardSubjects(storeIds: readonly string[]) {
  const categories = useQuery({
    queryKey: [...subjectsKey, 'categories'] as const,
    queryFn: async () =>
      (await api.get<{ items: Category[] }>('/app/equipment/categories', { silent: true })).items,
    staleTime: STALE_MS,
  });
  const catalogs = useQueries({
    queries: storeIds.map((storeId) => ({
      queryKey: [...subjectsKey, 'packs', storeId] as const,
      queryFn: () =>
        api.get<BookingCatalog>('/app/booking/catalog', {
          // Any near window: only the packs are read, not what is free.
          params: { storeId, rentalStartTime: new Date().toISOString(), days: 1 },
          silent: true,
        }),
      staleTime: STALE_MS,
    })),
  });
  const packs = new Map<string, CardSubject>();
  for (const catalog of catalogs) {
    for (const p of catalog.data?.packs ?? []) {
      packs.set(p.id, { kind: 'pack', id: p.id, name: p.name });
    }
  }
  return {
    subjects: [
      ...packs.values(),
      ...(categories.data ?? []).map((c): CardSubject => ({
        kind: 'category',
        id: c.id,
        name: c.name,
      })),
    ],
    isPending: categories.isPending || catalogs.some((c) => c.isPending),
  };
}
