import type { QueuedAttachment, QueuedRequest } from './offline-db';

/**
 * Two writes of the same thing kept offline (the clerk tapped "hand over" again after a reload
 * showed the order still waiting) must not both be sent. A write the same as one waiting is
 * dropped ('same'); a handover or return of the same order is folded into the waiting one, as
 * long as that one was never sent (once sent, the server may have applied it under its key, and
 * its body may no longer change); anything else is kept on its own (null).
 */
export function mergeWrites(
  waiting: QueuedRequest,
  next: QueuedRequest,
): QueuedRequest | 'same' | null {
  if (
    waiting.state !== 'waiting' ||
    waiting.userId !== next.userId ||
    waiting.kind !== next.kind ||
    waiting.method !== next.method ||
    waiting.url !== next.url
  ) {
    return null;
  }
  const noFiles = !next.attachments?.length;
  // The same body with the same files still to upload (a new order tapped again, its customer's
  // signature with it) is the same write too.
  if (sameJson(waiting.body, next.body) && (noFiles || sameFiles(waiting, next))) return 'same';
  if (waiting.kind !== 'orderAction') return null;
  if (/\/(handover|dispatch)$/.test(waiting.url)) return mergeScans(waiting, next);
  if (/\/return$/.test(waiting.url)) return mergeReturns(waiting, next, noFiles);
  return null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sameFiles(waiting: QueuedRequest, next: QueuedRequest): boolean {
  const before = waiting.attachments ?? [];
  const later = next.attachments ?? [];
  return (
    before.length === later.length &&
    before.every((a, i) => {
      const b = later[i]!;
      const { bytes: aBytes, ...aFacts } = a;
      const { bytes: bBytes, ...bFacts } = b;
      return sameJson(aFacts, bFacts) && sameBytes(aBytes, bBytes);
    })
  );
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.every((byte, i) => byte === y[i]);
}

/** A handover (or dispatch): one list of the barcodes scanned in either. */
function mergeScans(waiting: QueuedRequest, next: QueuedRequest): QueuedRequest | 'same' | null {
  const before = (waiting.body as { barcodes: string[] }).barcodes;
  const added = (next.body as { barcodes: string[] }).barcodes.filter(
    (code) => !before.some((b) => b.toLowerCase() === code.toLowerCase()),
  );
  if (added.length === 0) return 'same';
  if (waiting.tried) return null;
  const barcodes = [...before, ...added];
  return {
    ...waiting,
    body: { ...(waiting.body as object), barcodes },
    label: recount(next.label, barcodes.length),
  };
}

interface ReturnLine {
  orderItemId: string;
  [field: string]: unknown;
}

/** A return check-in: one line per item, the later choice for an item ticked in both. */
function mergeReturns(
  waiting: QueuedRequest,
  next: QueuedRequest,
  noFiles: boolean,
): QueuedRequest | 'same' | null {
  const before = (waiting.body as { items: ReturnLine[] }).items;
  const later = (next.body as { items: ReturnLine[] }).items;
  const covered =
    noFiles &&
    later.every((line) =>
      before.some((b) => b.orderItemId === line.orderItemId && sameJson(b, line)),
    );
  if (covered) return 'same';
  if (waiting.tried) return null;
  const kept = before.filter((b) => !later.some((l) => l.orderItemId === b.orderItemId));
  const items = [...kept, ...later];
  // Photos still to upload follow their line to its place in the merged list.
  const move = (a: QueuedAttachment, lines: ReturnLine[]): QueuedAttachment[] => {
    const [, index, ...rest] = a.field.split('.');
    const line = lines[Number(index)];
    const at = line ? items.indexOf(line) : -1;
    return at < 0 ? [] : [{ ...a, field: ['items', String(at), ...rest].join('.') }];
  };
  const attachments = [
    ...(waiting.attachments ?? []).flatMap((a) => move(a, before)),
    ...(next.attachments ?? []).flatMap((a) => move(a, later)),
  ];
  return {
    ...waiting,
    body: { ...(waiting.body as object), items },
    attachments,
    label: recount(next.label, items.length),
  };
}

/** Labels of the counter's actions end with how many items ("交付 2611… · 2"). */
const recount = (label: string, count: number) => label.replace(/\d+$/, String(count));
