/**
 * Identical reads asked for while one is running join it instead of each sending a statement of
 * its own. A caller that joins gets the answer of a read that began before it asked, so this is
 * only for reads where that answer is as good as its own: the bookings that wait for one booking
 * of their gear all check at the same moment, after it ended (orders/bookings-in-turn.ts).
 * Reads are keyed per database (`owner`).
 */
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

export function sharedRead<T>(owner: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = running.get(owner);
  if (!reads) running.set(owner, (reads = new Map<string, Promise<unknown>>()));
  const pending = reads.get(key);
  if (pending) return pending as Promise<T>;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
