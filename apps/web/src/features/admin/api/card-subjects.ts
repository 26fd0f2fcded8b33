import { useQuery } from '@tanstack/react-query';
import type { Category, RateCardSubjectKind } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { useRentalPacks } from './rental-packs';
import { adminKey } from './stores';

/** A kind of gear or a pack a card may price, named in the reader's language. */
export interface CardSubject {
  kind: RateCardSubjectKind;
  id: string;
  name: string;
}

const STALE_MS = 5 * 60_000;

/** Every kind of gear (category) of the business, named in the reader's language. */
export function useGearKinds() {
  return useQuery({
    queryKey: [...adminKey, 'gear-kinds'] as const,
    queryFn: async () =>
      (await api.get<{ items: Category[] }>('/app/equipment/categories', { silent: true })).items,
    staleTime: STALE_MS,
  });
}

/**
 * What a new card may be for: the packs of the store (its own and the business's) or, for the
 * business's cards (storeId null), the business's packs; then every kind of gear.
 */
export function useCardSubjects(storeId: string | null) {
  const categories = useGearKinds();
  const packs = useRentalPacks(storeId);
  return {
    subjects: [
      ...(packs.data?.items ?? []).map((p): CardSubject => ({
        kind: 'pack',
        id: p.id,
        name: p.name,
      })),
      ...(categories.data ?? []).map((c): CardSubject => ({
        kind: 'category',
        id: c.id,
        name: c.name,
      })),
    ],
    isPending: categories.isPending || packs.isPending,
  };
}
