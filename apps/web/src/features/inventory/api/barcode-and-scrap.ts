import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export function useChangeBarcode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; barcodeNumber: string }) =>
      api.put<Equipment>(
        `/app/equipment/${v.id}/barcode`,
        { barcodeNumber: v.barcodeNumber },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}
