import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EquipmentStatus,
  type BatchStockIn,
  type BatchStockOut,
  type BatchStockResult,
} from '@snowgear/contracts';
import { rememberChange, sendOrQueue, type AttachmentInput } from '@/features/offline';
import { equipmentKey } from './list-equipment';

export type BatchStockOperation = (
  { kind: 'checkOut'; input: BatchStockOut } | { kind: 'checkIn'; input: BatchStockIn }
) & {
  /** What the offline queue lists, should the network be down. */
  label: string;
  /** Photos of damage taken offline: uploaded by the queue first, their ids into the body. */
  photos?: AttachmentInput[];
};

/**
 * Batch mode: every scanned item out (or in) in one request; the answer says how each went.
 * Without network the batch is kept on the phone and sent when the network returns (`queued`).
 */
export function useBatchStock() {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the offline queue keeps it (react-query would hold it back unseen).
    networkMode: 'always',
    mutationFn: (op: BatchStockOperation) =>
      sendOrQueue<BatchStockResult>({
        method: 'POST',
        url:
          op.kind === 'checkOut'
            ? '/app/equipment/batch-stock-out'
            : '/app/equipment/batch-stock-in',
        body: op.input,
        kind: 'batchStock',
        label: op.label,
        attachments: op.photos,
      }),
    onSuccess: async (outcome, op) => {
      if (outcome.queued) {
        // The next offline scan sees the item as it will be once the batch is applied.
        const status = op.kind === 'checkOut' ? EquipmentStatus.InUse : EquipmentStatus.Available;
        const damaged = op.kind === 'checkIn' ? op.input.damaged.map((d) => d.equipmentId) : [];
        const fine = op.input.equipmentIds.filter((id) => !damaged.includes(id));
        await rememberChange(fine, { status });
        if (damaged.length > 0) await rememberChange(damaged, { status: EquipmentStatus.Damaged });
      } else {
        await client.invalidateQueries({ queryKey: equipmentKey });
      }
    },
  });
}
