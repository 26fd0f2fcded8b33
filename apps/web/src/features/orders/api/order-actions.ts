import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderReturn, PaymentStatus } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { sendOrQueue, type AttachmentInput } from '@/features/offline';
import { equipmentKey } from '@/features/inventory';
import { ordersKey } from './get-order';

/** A bill's cash confirmation, as the offline queue keeps it: for which order, and its label. */
export interface CashConfirmation {
  billId: string;
  orderId: string;
  /** How the offline queue lists it ("收现金 2611… · ¥320.00"). */
  label: string;
}

/**
 * Cash in hand for a bill (the server records it once however often it is confirmed). Without
 * network it is kept on the phone and sent when the network returns (`queued` in the outcome);
 * the order's pages show it as received, waiting to sync (components/cash-pending.tsx).
 */
export function useConfirmCash() {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the offline queue keeps it (react-query would hold it back unseen).
    networkMode: 'always',
    mutationFn: (v: CashConfirmation) =>
      sendOrQueue<PaymentStatus>({
        method: 'POST',
        url: `/app/orders/confirm-cash-received?billId=${encodeURIComponent(v.billId)}`,
        body: undefined,
        kind: 'cashConfirm',
        label: v.label,
        context: { orderId: v.orderId, billId: v.billId },
      }),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

/** Cancels an order that has not started; its gear is free again. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      api.post<Order>(
        `/app/orders/${encodeURIComponent(v.id)}/cancel`,
        { reason: v.reason },
        { silent: true },
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}

/** Cash given back for a refund bill. */
export function useConfirmRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api.post<PaymentStatus>(
        `/app/orders/confirm-cash-refunded?billId=${encodeURIComponent(billId)}`,
        undefined,
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

function useOrderAction<V>(call: (v: V) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}

/**
 * A counter action that works without network: kept on the phone and sent when the network
 * returns, applied once (`queued` in the outcome). `label`: how the offline queue lists it.
 */
function useQueueableOrderAction<V extends { id: string; label: string }>(
  action: string,
  body: (v: V) => unknown,
  attachments?: (v: V) => AttachmentInput[],
) {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the offline queue keeps it (react-query would hold it back unseen).
    networkMode: 'always',
    mutationFn: (v: V) =>
      sendOrQueue<Order>({
        method: 'POST',
        url: `/app/orders/${encodeURIComponent(v.id)}/${action}`,
        body: body(v),
        kind: 'orderAction',
        label: v.label,
        attachments: attachments?.(v),
      }),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}

/** The gear goes out: the barcodes of every item, as scanned. */
export function useHandover() {
  return useQueueableOrderAction(
    'handover',
    (v: { id: string; label: string; barcodes: string[] }) => ({
      barcodes: v.barcodes,
    }),
  );
}

/** A delivery leaves the store with the scanned gear. */
export function useDispatch() {
  return useQueueableOrderAction(
    'dispatch',
    (v: { id: string; label: string; barcodes: string[] }) => ({
      barcodes: v.barcodes,
    }),
  );
}

/** The driver handed the gear to the customer. */
export function useConfirmDelivered() {
  return useOrderAction((v: { id: string; remarks: string }) =>
    api.post<Order>(
      `/app/orders/${encodeURIComponent(v.id)}/delivered`,
      { remarks: v.remarks },
      { silent: true },
    ),
  );
}

/** A pickup is booked, or the customer is bringing the gear back. */
export function useStartReturn() {
  return useOrderAction((v: { id: string; remarks: string }) =>
    api.post<Order>(
      `/app/orders/${encodeURIComponent(v.id)}/start-return`,
      { remarks: v.remarks },
      { silent: true },
    ),
  );
}

/** The store confirms an order that waited for it (an agent's): now the customer can pay. */
export function useConfirmOrder() {
  return useOrderAction((v: { id: string; remarks: string }) =>
    api.post<Order>(
      `/app/orders/${encodeURIComponent(v.id)}/confirm`,
      { remarks: v.remarks },
      { silent: true },
    ),
  );
}

/** A later return time; the extra days are charged. */
export function useExtendOrder() {
  return useOrderAction((v: { id: string; rentalEndTime: string }) =>
    api.post<Order>(
      `/app/orders/${encodeURIComponent(v.id)}/extend`,
      { rentalEndTime: v.rentalEndTime },
      { silent: true },
    ),
  );
}

/**
 * Items checked back in: fine, damaged or lost, with damage fees, and a note and a photo on a
 * damaged or lost one (`photos`: taken offline, uploaded by the queue first).
 */
export function useReturnItems() {
  return useQueueableOrderAction(
    'return',
    (v: {
      id: string;
      label: string;
      items: OrderReturn['items'];
      photos?: AttachmentInput[];
    }) => ({ items: v.items }),
    (v) => v.photos ?? [],
  );
}
