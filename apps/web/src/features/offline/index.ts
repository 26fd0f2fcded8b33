// The public face of features/offline: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export {
  recallEquipment,
  recallEquipmentById,
  rememberChange,
  rememberedAt,
  rememberEquipment,
} from './equipment-memory';
export {
  type AttachmentInput,
  isNoAnswer,
  newIdempotencyKey,
  sendOrQueue,
  type SendOutcome,
  writesWaiting,
} from './offline-queue';
export {
  clearOrderDraft,
  EMPTY_DRAFT,
  loadOrderDraft,
  type OrderCreateDraft,
  type OrderCreateLine,
  saveOrderDraft,
} from './order-draft';
export { useOrderCreatedOffline } from './queued-order';
export { conflictCount, useQueueStore, waitingCount } from './stores/queue-store';

// Parts loaded when first needed, each in a chunk of its own.
export const loadOfflineQueueSheet = () => import('./components/offline-queue-sheet');
export const loadOfflineSync = () => import('./offline-sync');
export const loadEquipmentMemory = () => import('./equipment-memory');
