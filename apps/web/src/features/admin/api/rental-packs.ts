import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RentalPackDto, RentalPackList, RentalPackSave } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { uploadPhoto, type UploadedPhoto } from '@/lib/upload-photo';
import { rateCardsKey } from './rate-cards';
import { adminKey } from './stores';

export type RentalPackItem = RentalPackList['items'][number];

/** The packs of a scope, and what reads them (a card's subjects). */
export const rentalPacksKey = [...adminKey, 'rental-packs'] as const;

/**
 * A store's packs, its own and the business's (`storeId` undefined: the caller's store, or the
 * business's for system management; null: the business's).
 */
export function useRentalPacks(storeId: string | null | undefined) {
  return useQuery({
    queryKey: [...rentalPacksKey, storeId ?? null] as const,
    queryFn: () =>
      api.get<RentalPackList>('/app/rental-packs', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
  });
}

/** A pack changed renames its cards and may drop them (deleted): both lists load again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: rentalPacksKey }),
      client.invalidateQueries({ queryKey: rateCardsKey }),
      // The booking page's packs (names, pictures, what is on offer).
      client.invalidateQueries({ queryKey: ['booking'] }),
    ]);
}

/** Adds a pack (no id) or changes one; 400 or 409 on the field it breaks. */
export function useSaveRentalPack() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string | null; input: RentalPackSave }) =>
      v.id
        ? api.put<RentalPackDto>(`/app/rental-packs/${encodeURIComponent(v.id)}`, v.input, {
            silent: true,
          })
        : api.post<RentalPackDto>('/app/rental-packs', v.input, { silent: true }),
    onSuccess: refresh,
  });
}

/** Deletes a pack no order used (409 RentalPack:InUse otherwise: take it off sale). */
export function useDeleteRentalPack() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/app/rental-packs/${encodeURIComponent(id)}`, { silent: true }),
    onSuccess: refresh,
  });
}

/** Uploads a pack's picture (private until a saved pack shows it). */
export function uploadPackPicture(file: File): Promise<UploadedPhoto> {
  return uploadPhoto(file, 'PackImage');
}
