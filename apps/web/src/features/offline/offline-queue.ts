import { ErrorCode, type BatchStockResult } from '@snowgear/contracts';
import { useSession } from '@/features/auth';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { uploadCompressed } from '@/lib/upload-file';
import {
  offlineDb,
  type QueuedAttachment,
  type QueuedContext,
  type QueuedKind,
  type QueuedRequest,
} from './offline-db';
import { mergeWrites } from './offline-merge';

/**
 * The offline queue: a write the counter makes without network is kept in IndexedDB and sent
 * when the network returns, under the Idempotency-Key it was first tried with, so that a write
 * whose answer was lost is applied once however often it is sent. Writes leave in the order they
 * were made; a write the server refuses on arrival (the item was taken meanwhile) stays as a
 * conflict, with the server's words, until the user has read it and removes it.
 */

export interface QueueListener {
  (entries: QueuedRequest[], syncing: boolean): void;
}
const listeners = new Set<QueueListener>();
let syncing = false;
// Until the sync starts (it waits for the page to settle), a write made offline is still the
// signed-in user's: it must not be kept under nobody's name, or nobody would ever send it.
let currentUser: () => string | null = () => useSession.getState().user?.id ?? null;
let afterApplied: () => void = () => undefined;

/** Who is signed in (their writes are the ones sent) and what to refresh once some are applied. */
export function configureOfflineQueue(options: {
  userId: () => string | null;
  onApplied: () => void;
}): void {
  currentUser = options.userId;
  afterApplied = options.onApplied;
}

/** Told of each queued write the server applied (with its answer), whoever waits for it. */
export type AppliedListener = (entry: QueuedRequest, result: unknown) => void;
const appliedListeners = new Set<AppliedListener>();
export function onWriteApplied(listener: AppliedListener): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

export function onQueueChange(listener: QueueListener): () => void {
  listeners.add(listener);
  void entries().then((all) => listener(all, syncing));
  return () => listeners.delete(listener);
}

async function entries(): Promise<QueuedRequest[]> {
  try {
    return await (await offlineDb()).getAllFromIndex('requests', 'createdAt');
  } catch {
    return [];
  }
}

/** Tells the listeners what the queue holds now. */
export async function announce(): Promise<void> {
  const all = await entries();
  for (const listener of listeners) listener(all, syncing);
}

/** A key unique enough for a phone's writes; crypto.randomUUID needs a secure context. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A failure with no answer from the server: offline, the network dropped, or it timed out. */
export function isNoAnswer(err: unknown): boolean {
  return err instanceof ApiError && err.status === undefined;
}

export interface QueueableWrite {
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  kind: QueuedKind;
  label: string;
  /** Photos taken without network: uploaded first, then their ids go into the body. */
  attachments?: AttachmentInput[];
  context?: QueuedContext;
  /** The key of an attempt the caller made itself and got no answer to: kept under it. */
  triedUnder?: string;
}

/** A file a write needs, as the page has it. */
export interface AttachmentInput {
  field: string;
  blob: Blob;
  fileName: string;
  businessType: string;
}

const toStored = async ({ blob, ...a }: AttachmentInput): Promise<QueuedAttachment> => ({
  ...a,
  bytes: await blob.arrayBuffer(),
  type: blob.type,
});

let lastCreatedAt = 0;
/** The queue's order: the time made, never equal for two writes of this page. */
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

export type SendOutcome<T> = { queued: false; result: T } | { queued: true };

/**
 * Uploads what a write still needs and puts the files' ids into its body. An upload repeated
 * after a lost answer leaves only a spare temporary file, which the server removes in a day.
 */
async function withAttachments(entry: QueuedRequest): Promise<QueuedRequest> {
  if (!entry.attachments?.length) return entry;
  const body = structuredClone(entry.body) as Record<string, unknown>;
  for (const a of entry.attachments) {
    const blob = new Blob([a.bytes], { type: a.type });
    const id = (await uploadCompressed(blob, a.fileName, a.businessType)).id;
    // `field` is a path into the body: "photoFileId", or "items.2.photoFileId".
    const path = a.field.split('.');
    const last = path.pop()!;
    const parent = path.reduce<Record<string, unknown>>(
      (node, key) => node[key] as Record<string, unknown>,
      body,
    );
    parent[last] = id;
  }
  return { ...entry, body, attachments: [] };
}

function send<T>(entry: Pick<QueuedRequest, 'method' | 'url' | 'body' | 'key'>): Promise<T> {
  const config = { silent: true, idempotencyKey: entry.key };
  return entry.method === 'PUT'
    ? api.put<T>(entry.url, entry.body, config)
    : api.post<T>(entry.url, entry.body, config);
}

/**
 * Sends a write now, or keeps it for later when there is no network (or no answer came), to be
 * sent under the same key. While older writes wait, a new one queues behind them and the queue
 * is sent at once, so the server sees them in the order they were made.
 */
export async function sendOrQueue<T>(write: QueueableWrite): Promise<SendOutcome<T>> {
  const userId = currentUser();
  const { triedUnder, ...rest } = write;
  const entry: QueuedRequest = {
    ...rest,
    attachments: await Promise.all((write.attachments ?? []).map(toStored)),
    key: triedUnder ?? newIdempotencyKey(),
    userId: userId ?? '',
    createdAt: nextCreatedAt(),
    state: 'waiting',
    ...(triedUnder ? { tried: true } : {}),
  };
  const waiting = await writesWaiting();
  let kept = entry;
  if (!waiting && !triedUnder && navigator.onLine !== false) {
    try {
      // Kept as sent: the server may have applied it, and a repeat under its key must carry the
      // same body (the same uploaded files), or the server refuses it as another request.
      kept = { ...(await withAttachments(entry)), tried: true };
      return { queued: false, result: await send<T>(kept) };
    } catch (err) {
      if (!isNoAnswer(err)) throw err;
    }
  }
  const key = await keepOrMerge(kept);
  if (navigator.onLine === false) return { queued: true };
  awaited.add(key);
  try {
    return await sendKept<T>(key);
  } finally {
    awaited.delete(key);
  }
}

/** Writes whose answer a caller waits for: it shows the answer, not the applied listeners. */
const awaited = new Set<string>();

async function sendKept<T>(key: string): Promise<SendOutcome<T>> {
  let applied = await flushQueue();
  if (!applied.has(key) && (await stillWaiting(key))) {
    // The run it joined had started before it was kept: one more run sends it.
    applied = await flushQueue();
  }
  if (applied.has(key)) {
    // Answered now: the caller shows the answer, refusals included, as for any write.
    await discard(key);
    return { queued: false, result: applied.get(key) as T };
  }
  const after = await (await offlineDb()).get('requests', key).catch(() => undefined);
  if (after?.state === 'conflict') {
    await discard(key);
    throw new ApiError(after.problem ?? '', 409);
  }
  return { queued: true };
}

/** Whether the signed-in user has writes waiting (a new one then queues behind them). */
export async function writesWaiting(): Promise<boolean> {
  const userId = currentUser();
  return (await entries()).some((e) => e.state === 'waiting' && e.userId === userId);
}

async function stillWaiting(key: string): Promise<boolean> {
  const entry = await (await offlineDb()).get('requests', key).catch(() => undefined);
  return entry?.state === 'waiting';
}

async function keep(entry: QueuedRequest): Promise<void> {
  await (await offlineDb()).put('requests', entry);
  await announce();
}

/**
 * Keeps a write, unless one waiting already does the same (then nothing more is kept) or it
 * folds into one waiting (the same order's handover or return): never sent twice. Returns the
 * key the write now waits under.
 */
async function keepOrMerge(entry: QueuedRequest): Promise<string> {
  for (const other of await entries()) {
    const merged = mergeWrites(other, entry);
    if (merged === 'same') {
      await announce();
      return other.key;
    }
    // While the queue is being sent, a waiting write may be on its way: it is left as it is.
    if (merged && !flushing) {
      await keep(merged);
      return other.key;
    }
  }
  await keep(entry);
  return entry.key;
}

/** Removes a write from the queue (a conflict the user has read, or one they no longer want). */
export async function discard(key: string): Promise<void> {
  try {
    await (await offlineDb()).delete('requests', key);
  } finally {
    await announce();
  }
}

/** What an answer of 2xx still refused, item by item (a batch answers 200 with its refusals). */
function refusalsIn(kind: QueuedKind, result: unknown): string | null {
  if (kind === 'batchStock') {
    const batch = result as BatchStockResult;
    const failed = batch.items.filter((i) => !i.success);
    if (failed.length === 0) return null;
    return failed.map((i) => `${i.barcodeNumber ?? i.equipmentId}: ${i.message}`).join('；');
  }
  const single = result as { success?: boolean; message?: string } | null;
  if (single && single.success === false) return single.message ?? '';
  return null;
}

/**
 * Failures that say nothing of the write itself, so it waits for the next try: no answer, the
 * server's own trouble (5xx), a sign-in to renew, too many requests, or the first attempt under
 * this key still running. Any other refusal is the server's verdict on the write.
 */
function triedLater(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status === undefined) return true;
  return (
    err.status >= 500 ||
    err.status === 401 ||
    err.status === 429 ||
    err.code === ErrorCode.RequestInProgress
  );
}

let flushing: Promise<Map<string, unknown>> | null = null;

/**
 * Sends the signed-in user's waiting writes, oldest first, each under its own key. Stops at the
 * first that gets no answer (still offline) or a 5xx or 409 "still running" (tried again later);
 * a refusal (4xx, or a batch's refused items) becomes a conflict and the rest go on. Returns the
 * answers of the writes applied in this run, by key.
 */
export function flushQueue(): Promise<Map<string, unknown>> {
  flushing ??= (async () => {
    const applied = new Map<string, unknown>();
    const userId = currentUser();
    if (!userId) return applied;
    syncing = true;
    await announce();
    try {
      for (const entry of await entries()) {
        if (entry.state !== 'waiting' || entry.userId !== userId) continue;
        try {
          // Uploaded once: a later try sends the ids, not the photos again; once tried, the
          // body stays as sent (offline-merge.ts).
          const ready = { ...(await withAttachments(entry)), tried: true };
          await (await offlineDb()).put('requests', ready);
          const result = await send<unknown>(ready);
          const refused = refusalsIn(entry.kind, result);
          if (refused === null) {
            await (await offlineDb()).delete('requests', entry.key);
            if (!awaited.has(entry.key)) {
              for (const listener of appliedListeners) listener(ready, result);
            }
          } else {
            await (
              await offlineDb()
            ).put('requests', { ...entry, state: 'conflict', problem: refused });
          }
          applied.set(entry.key, result);
        } catch (err) {
          if (triedLater(err)) break;
          const problem = err instanceof Error ? err.message : String(err);
          await (await offlineDb()).put('requests', { ...entry, state: 'conflict', problem });
        }
        await announce();
      }
    } finally {
      syncing = false;
      await announce();
      if (applied.size > 0) afterApplied();
    }
    return applied;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
