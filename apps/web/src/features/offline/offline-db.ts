import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Equipment } from '@snowgear/contracts';

/** What the offline queue knows how to read back from the server's answer. */
export type QueuedKind = 'batchStock' | 'stock' | 'orderAction' | 'orderCreate' | 'cashConfirm';

/** What a page needs to know of a queued write besides its request (which order, which draft). */
export interface QueuedContext {
  orderId?: string;
  billId?: string;
  /** A new order: the form's draft as it was sent, to open again if the server refuses it. */
  draft?: unknown;
}

/**
 * A photo or signature a queued write needs: uploaded first, its file id put at `field` (a path
 * into the body: `photoFileId`, `items.2.photoFileId`). Kept as bytes: some browsers (older iOS
 * Safari) cannot store a Blob in IndexedDB.
 */
export interface QueuedAttachment {
  field: string;
  bytes: ArrayBuffer;
  type: string;
  fileName: string;
  businessType: string;
}

/** A write made without network, waiting to be sent under its idempotency key. */
export interface QueuedRequest {
  /** The Idempotency-Key it is sent with, first attempt and every retry alike. */
  key: string;
  /** Keys belong to the user who made them: only their session sends them. */
  userId: string;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  kind: QueuedKind;
  /** What the user did, in their words at the time (e.g. "批量出库 2 件：A1、A2"). */
  label: string;
  createdAt: number;
  state: 'waiting' | 'conflict';
  /** Files still to upload before the write is sent (emptied once they are up). */
  attachments?: QueuedAttachment[];
  /** Why the server refused it (state conflict). */
  problem?: string;
  context?: QueuedContext;
  /** Sent at least once: the server may have applied it, so its body may no longer change. */
  tried?: boolean;
}

/** An item as last seen from the server, for scans while the network is down. */
export interface RememberedEquipment {
  barcode: string;
  equipment: Equipment;
  savedAt: number;
}

interface OfflineSchema extends DBSchema {
  requests: { key: string; value: QueuedRequest; indexes: { createdAt: number } };
  equipment: { key: string; value: RememberedEquipment; indexes: { id: string } };
}

const NAME = 'snowgear-offline';
let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The phone's offline store (IndexedDB): the queue of writes and the gear last seen. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('requests', { keyPath: 'key' }).createIndex('createdAt', 'createdAt');
      db.createObjectStore('equipment', { keyPath: 'barcode' }).createIndex('id', 'equipment.id');
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** Tests: forget the open connection (a fresh fake IndexedDB follows). */
export function resetOfflineDbForTests(): void {
  opening = null;
}
