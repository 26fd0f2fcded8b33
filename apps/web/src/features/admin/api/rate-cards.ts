import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RateCardDto,
  RateCardListSchema,
  RateCardPreview,
  RateCardSaveSchema,
  RateCardSubjectKind,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { adminKey } from './stores';

export type RateCardList = z.infer<typeof RateCardListSchema>;
export type RateCardItem = RateCardList['items'][number];
/** A card as sent: what the schema takes (fields with a default may be left out). */
export type RateCardInput = z.input<typeof RateCardSaveSchema>;

/** Cards, and the previews priced on them: a saved card or season changes both. */
export const rateCardsKey = [...adminKey, 'rate-cards'] as const;

/**
 * A store's cards, its own and the business's where it has none (`storeId` undefined: the
 * caller's store, or the business's for system management; null: the business's).
 */
export function useRateCards(storeId: string | null | undefined) {
  return useQuery({
    queryKey: [...rateCardsKey, 'list', storeId ?? null] as const,
    queryFn: () =>
      api.get<RateCardList>('/app/rate-cards', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
  });
}

/** Sets a card of a store or (storeId null) of the business; 400 on the field it breaks. */
export function useSaveRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RateCardInput) =>
      api.put<RateCardDto>('/app/rate-cards', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rateCardsKey }),
  });
}

/** Removes a card: the business's applies at that store again. */
export function useDeleteRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/app/rate-cards/${encodeURIComponent(id)}`, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rateCardsKey }),
  });
}

export interface RateCardPreviewQuery {
  storeId: string;
  subjectKind: RateCardSubjectKind;
  subjectId: string;
  junior: boolean;
  /** The rental's first day (YYYY-MM-DD). */
  start: string;
  days: number;
  /** The day it is booked (early booking): today. */
  bookedOn: string;
}

/** A rental priced day by day on the card that applies at the store (null: nothing to ask). */
export function useRateCardPreview(query: RateCardPreviewQuery | null) {
  return useQuery({
    queryKey: [...rateCardsKey, 'preview', query] as const,
    queryFn: () =>
      api.get<RateCardPreview>('/app/rate-cards/preview', {
        params: { ...query!, junior: String(query!.junior) },
        silent: true,
      }),
    enabled: query !== null,
    // Another day or length keeps the last answer on screen until the new one arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
