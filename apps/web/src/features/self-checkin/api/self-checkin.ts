import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicSelfCheckin, RiderFields, SelfCheckin } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

const key = ['self-checkin'] as const;

/** The clerk opens a check-in at the store, for its QR code. */
export function useOpenSelfCheckin() {
  return useMutation({
    mutationFn: (storeId: string) =>
      api.post<SelfCheckin>('/app/self-checkins', { storeId }, { silent: true }),
  });
}

/**
 * The clerk's order reads the riders the family adds: every two seconds while the code is shown,
 * every ten while the order is open (the family may still be typing).
 */
export function useSelfCheckin(id: string | null, showing: boolean) {
  return useQuery({
    queryKey: [...key, id] as const,
    queryFn: () =>
      api.get<SelfCheckin>(`/app/self-checkins/${encodeURIComponent(id!)}`, { silent: true }),
    enabled: !!id,
    refetchInterval: showing ? 2_000 : 10_000,
  });
}

/** A family member's phone: where and how many so far (no sign-in). */
export function usePublicSelfCheckin(token: string) {
  return useQuery({
    queryKey: [...key, 'public', token] as const,
    queryFn: () =>
      api.get<PublicSelfCheckin>(`/app/checkin/${encodeURIComponent(token)}`, { silent: true }),
  });
}

export function useAddSelfCheckinRider(token: string) {
  return useMutation({
    mutationFn: (rider: RiderFields) =>
      api.post<PublicSelfCheckin>(`/app/checkin/${encodeURIComponent(token)}/riders`, rider, {
        silent: true,
      }),
  });
}
