import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PriceSeasonDto, PriceSeasonListSchema, PriceSeasonSave } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { rateCardsKey } from './rate-cards';
import { adminKey } from './stores';

export type PriceSeasonList = z.infer<typeof PriceSeasonListSchema>;

const seasonsKey = [...adminKey, 'price-seasons'] as const;

/** A store's seasons, or the business's when it has none (`inherited`); null: the business's. */
export function usePriceSeasons(storeId: string | null | undefined) {
  return useQuery({
    queryKey: [...seasonsKey, storeId ?? null] as const,
    queryFn: () =>
      api.get<PriceSeasonList>('/app/price-seasons', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
  });
}

/** A season changed prices every preview on its days: both lists load again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: seasonsKey }),
      client.invalidateQueries({ queryKey: rateCardsKey }),
    ]);
}

/** Adds a season (no id) or changes one; 400 SeasonOverlap on `from` when it shares a day. */
export function useSavePriceSeason() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string | null; input: PriceSeasonSave }) =>
      v.id
        ? api.put<PriceSeasonDto>(`/app/price-seasons/${encodeURIComponent(v.id)}`, v.input, {
            silent: true,
          })
        : api.post<PriceSeasonDto>('/app/price-seasons', v.input, { silent: true }),
    onSuccess: refresh,
  });
}

export function useDeletePriceSeason() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/app/price-seasons/${encodeURIComponent(id)}`, { silent: true }),
    onSuccess: refresh,
  });
}
