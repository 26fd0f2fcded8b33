import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import type { Order } from '@snowgear/contracts';
import { orderCreatedFromQueue } from './queued-order';
import {
  announce,
  configureOfflineQueue,
  flushQueue,
  onQueueChange,
  onWriteApplied,
} from './offline-queue';
import { useQueueStore } from './stores/queue-store';

/** How often waiting writes are tried again while the browser believes it is online. */
export const RETRY_EVERY_MS = 20_000;

/**
 * Starts sending the queue: now, whenever the network returns, and every 20 s while writes wait
 * (a phone may say it is online on a network that lets nothing through). Returns the stop.
 */
export function startOfflineSync(queryClient: QueryClient): () => void {
  const userId = () => useSession.getState().user?.id ?? null;
  configureOfflineQueue({
    userId,
    // What was applied changed the server's data: lists and details read it again.
    onApplied: () => void queryClient.invalidateQueries(),
  });
  const stopListening = onQueueChange((entries, syncing) =>
    useQueueStore.setState({ entries: entries.filter((e) => e.userId === userId()), syncing }),
  );
  // A new order kept offline now exists: its draft goes, and the clerk is told (and taken to it).
  const stopApplied = onWriteApplied((entry, result) => {
    if (entry.kind === 'orderCreate') orderCreatedFromQueue(entry, result as Order);
  });
  const flush = () => {
    if (navigator.onLine !== false) void flushQueue();
  };
  const timer = window.setInterval(() => {
    if (useQueueStore.getState().entries.some((e) => e.state === 'waiting')) flush();
  }, RETRY_EVERY_MS);
  window.addEventListener('online', flush);
  // A sign-in (or a switch of user) shows and sends that user's writes.
  const stopSession = useSession.subscribe((s, before) => {
    if (s.user?.id !== before.user?.id) void announce().then(flush);
  });
  flush();
  return () => {
    stopListening();
    stopApplied();
    stopSession();
    window.clearInterval(timer);
    window.removeEventListener('online', flush);
  };
}
