import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EquipmentStatus,
  type ChangeStatus,
  type Equipment,
  type EarlyReturn,
  type StockIn,
  type StockOut,
  type StockResult,
} from '@snowgear/contracts';
import { rememberChange, sendOrQueue } from '@/features/offline';
import { i18n } from '@/lib/i18n';
import { equipmentQuery } from './get-equipment';
import { equipmentKey } from './list-equipment';

export type StockOperation =
  | { kind: 'stockOut'; id: string; input: StockOut }
  | { kind: 'stockIn'; id: string; input: StockIn }
  | { kind: 'changeStatus'; id: string; input: ChangeStatus }
  | { kind: 'earlyReturn'; id: string; input: EarlyReturn };

const PATHS: Record<StockOperation['kind'], string> = {
  stockOut: 'stock-out',
  stockIn: 'stock-in',
  changeStatus: 'change-status',
  earlyReturn: 'early-return',
};

/** What the item will be once the operation is applied (for scans while it waits offline). */
function statusAfter(op: StockOperation): number {
  switch (op.kind) {
    case 'stockOut':
      return EquipmentStatus.InUse;
    case 'changeStatus':
      return op.input.newStatus;
    case 'stockIn':
    case 'earlyReturn':
      return EquipmentStatus.Available;
  }
}

/** What a stock operation came to: the server's message, or kept on the phone (`queued`). */
export interface StockOutcome {
  message: string;
  queued: boolean;
}

/**
 * Every stock operation refreshes the lists and the item's details and history. Without network
 * it is kept on the phone and sent when the network returns (`label`: how the queue lists it).
 */
export function useStockOperation() {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the offline queue keeps it (react-query would hold it back unseen).
    networkMode: 'always',
    mutationFn: async (op: StockOperation & { label: string }): Promise<StockOutcome> => {
      const outcome = await sendOrQueue<StockResult>({
        method: 'POST',
        url: `/app/equipment/${PATHS[op.kind]}/${op.id}`,
        body: op.input,
        kind: 'stock',
        label: op.label,
      });
      if (!outcome.queued) return { message: outcome.result.message, queued: false };
      await rememberChange([op.id], { status: statusAfter(op) });
      return { message: i18n.t('app.queuedSaved'), queued: true };
    },
    onSuccess: (outcome, op) => {
      if (!outcome.queued) {
        void client.invalidateQueries({ queryKey: equipmentKey });
        return;
      }
      // The open dialog shows the item as it will be, so nobody does it twice meanwhile.
      client.setQueryData<Equipment>(equipmentQuery(op.id).queryKey, (item) =>
        item ? { ...item, status: statusAfter(op) } : item,
      );
    },
  });
}
