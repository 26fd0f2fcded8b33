import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import type { Order } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import type { QueuedRequest } from './offline-db';
import { currentLanguage, i18n, loadLanguage } from '@/lib/i18n';
import {
  clearOrderDraft,
  loadOrderDraft,
  saveOrderDraft,
  type OrderCreateDraft,
} from './order-draft';

/** An order made offline that the server has now created, until the new-order page has seen it. */
interface CreatedOffline {
  orderId: string;
  /** The form's draft was the one sent, and is gone: the page starts a new order. */
  draftCleared: boolean;
}

export const useCreatedOffline = create<{ latest: CreatedOffline | null }>()(() => ({
  latest: null,
}));

const sameDraft = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A new order kept offline was created on the server: its draft is cleared (only if it is still
 * the one sent: the clerk may have begun another), the clerk is told its number, and the
 * new-order page, when open, goes to it.
 */
export function orderCreatedFromQueue(entry: QueuedRequest, order: Order): void {
  const draft = loadOrderDraft(entry.userId);
  const draftCleared = !!draft && sameDraft(draft, entry.context?.draft);
  if (draftCleared) clearOrderDraft(entry.userId);
  useCreatedOffline.setState({ latest: { orderId: order.id, draftCleared } });
  // The queue sends from whatever page is open, whose texts may not hold this message: it is
  // said once the language's full texts are in (at once if they are; from the cache offline).
  const say = () =>
    useAppStore
      .getState()
      .showSuccess(i18n.t('offlineWork.orderSynced', { number: order.orderNumber }));
  void loadLanguage(currentLanguage()).then(say, say);
}

/** The queue sheet's "open the draft again" for a new order the server refused. */
export function reopenQueuedDraft(entry: QueuedRequest): boolean {
  const userId = useSession.getState().user?.id;
  if (!userId || !entry.context?.draft) return false;
  saveOrderDraft(userId, entry.context.draft as OrderCreateDraft);
  return true;
}

/**
 * The new-order page: an order it sent offline now exists, so it opens that order and starts a
 * fresh form (the draft is gone).
 */
export function useOrderCreatedOffline(onCreated: () => void): void {
  const navigate = useNavigate();
  const latest = useCreatedOffline((s) => s.latest);
  useEffect(() => {
    if (!latest) return;
    useCreatedOffline.setState({ latest: null });
    if (!latest.draftCleared) return;
    onCreated();
    void navigate(Paths.storeOrderDetail(latest.orderId), { replace: true });
  }, [latest, navigate, onCreated]);
}
