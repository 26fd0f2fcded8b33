import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AGREEMENT_SIGNATURE,
  ErrorCode,
  type ErrorResponse,
  type ItemAvailability,
  type Order,
  type OrderCreate,
} from '@snowgear/contracts';
import { ApiError } from '@/lib/api-errors';
import { http, unwrap, type ApiRequestConfig } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { equipmentKey } from '@/features/inventory';
import {
  isNoAnswer,
  newIdempotencyKey,
  sendOrQueue,
  writesWaiting,
  type SendOutcome,
} from '@/features/offline';
import { useSession } from '@/features/auth';
import { loadOrderDraft } from '../utils/order-create-form';
import { ordersKey } from './get-order';
import { agreementOf, SIGNATURE_FILE_NAME, type CounterSignature } from './counter-signature';

/** The item that is already taken and the window that holds it (409 `Equipment:NotAvailable`). */
export interface OrderConflict {
  barcodeNumber: string | null;
  conflictStartTime: string | null;
  conflictEndTime: string | null;
  /** The order holding the item, when it is an order and not a manual lock. */
  orderId: string | null;
}

export class OrderConflictError extends Error {
  constructor(
    message: string,
    readonly conflict: OrderConflict,
    /** Every item the order cannot have, each with why (the server names them all at once). */
    readonly conflicts: ItemAvailability[] = [],
  ) {
    super(message);
    this.name = 'OrderConflictError';
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * A new order. A 409 is read here rather than by the shared error handling, because the page
 * needs its data (which item, which window) to mark the line, not only its message.
 */
export async function createOrder(input: OrderCreate, idempotencyKey?: string): Promise<Order> {
  const config: ApiRequestConfig = {
    silent: true,
    idempotencyKey,
    validateStatus: (status) => (status >= 200 && status < 300) || status === 409,
  };
  const response = await http.post<unknown>('/app/orders', input, config);
  if (response.status === 409) {
    const info = (response.data as Partial<ErrorResponse> | undefined)?.error;
    // A manager's approval that cannot be used (refused, used, stale): not a gear conflict.
    if (info?.code === ErrorCode.ApprovalNotUsable) {
      throw new ApiError(info.message, 409, info.code, null, undefined, false, info.data ?? null);
    }
    throw new OrderConflictError(
      info?.message || i18n.t('orderCreate.conflictUnknown'),
      {
        barcodeNumber: text(info?.data?.barcodeNumber),
        conflictStartTime: text(info?.data?.conflictStartTime),
        conflictEndTime: text(info?.data?.conflictEndTime),
        orderId: text(info?.data?.orderId),
      },
      Array.isArray(info?.data?.conflicts) ? (info.data.conflicts as ItemAvailability[]) : [],
    );
  }
  return unwrap<Order>(response.data);
}

/**
 * A new order, or, without network (or no answer), kept on the phone and sent when the network
 * returns under the key it was first tried with, so it is created once (`queued` in the
 * outcome). The form's draft goes with it: the page keeps it until the order exists, and the
 * queue sheet opens it again if the server refuses the order on arrival.
 */
export async function createOrQueueOrder(
  input: OrderCreate,
  /** A signature not uploaded for lack of network: uploaded by the queue before the order. */
  signature?: CounterSignature,
): Promise<SendOutcome<Order>> {
  const key = newIdempotencyKey();
  let tried = false;
  if (!signature && navigator.onLine !== false && !(await writesWaiting())) {
    try {
      return { queued: false, result: await createOrder(input, key) };
    } catch (err) {
      if (!isNoAnswer(err)) throw err;
      tried = true;
    }
  }
  const userId = useSession.getState().user?.id ?? '';
  return sendOrQueue<Order>({
    method: 'POST',
    url: '/app/orders',
    body: signature ? { ...input, agreement: agreementOf(signature, '') } : input,
    ...(signature
      ? {
          attachments: [
            {
              field: 'agreement.signatureFileId',
              blob: signature.blob,
              fileName: SIGNATURE_FILE_NAME,
              businessType: AGREEMENT_SIGNATURE,
            },
          ],
        }
      : {}),
    kind: 'orderCreate',
    label: i18n.t('offlineWork.createLabel', {
      name: input.customerName,
      count: input.items.length,
    }),
    context: { draft: loadOrderDraft(userId) ?? undefined },
    ...(tried ? { triedUnder: key } : {}),
  });
}

/** An order to send, with the customer's signature when it still has to be uploaded. */
export interface OrderToCreate {
  input: OrderCreate;
  signature?: CounterSignature;
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the offline queue keeps it (react-query would hold it back unseen).
    networkMode: 'always',
    mutationFn: ({ input, signature }: OrderToCreate) => createOrQueueOrder(input, signature),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}
