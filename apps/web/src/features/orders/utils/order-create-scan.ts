import { DeliveryMethod, HANDOVER_AT_CREATE_MINUTES } from '@snowgear/contracts';
import type { LineRefusal } from '../components/order-create-gear';
import type { OrderCreateDraft } from './order-create-form';

/** The lines that may not go on the order, by item id. */
export type LineRefusals = ReadonlyMap<string, LineRefusal>;

/**
 * The lines refused now: by the check of the order's window, or by the server when the order was
 * sent (until the line is removed or the window changes).
 */
export function refusalsOf(checked: LineRefusals, atSubmit: LineRefusals): LineRefusals {
  if (atSubmit.size === 0) return checked;
  return new Map([...checked, ...atSubmit]);
}

/**
 * Whether the gear goes out with the order, as the server decides it: a rental picked up at the
 * counter that starts now (within HANDOVER_AT_CREATE_MINUTES), every line scanned ('all'); some
 * found by search instead ('mixed': handed over by scan as usual); null when it does not apply.
 */
export function handOverAtCreate(
  draft: Pick<OrderCreateDraft, 'items' | 'deliveryMethod'>,
  start: Date,
  now: Date,
): 'all' | 'mixed' | null {
  if (draft.items.length === 0 || draft.deliveryMethod !== DeliveryMethod.SelfPickup) return null;
  if (Math.abs(start.getTime() - now.getTime()) > HANDOVER_AT_CREATE_MINUTES * 60_000) return null;
  if (draft.items.every((i) => i.scanned)) return 'all';
  return draft.items.some((i) => i.scanned) ? 'mixed' : null;
}
