import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockResult, Transfer } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export function useTransferEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: Transfer }) =>
      api.post<StockResult>(`/app/equipment/${v.id}/transfer`, v.input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}

export function useDeleteUnavailableTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lockId: string) =>
      api.delete<void>(`/app/equipment/unavailable-time/${lockId}`, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}
