import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useQueueStore } from '@/features/offline';

/** Whether cash for the order (or one of its bills) was confirmed offline and waits to be sent. */
export function useCashPending(orderId: string, billId?: string): boolean {
  return useQueueStore((s) =>
    s.entries.some(
      (e) =>
        e.kind === 'cashConfirm' &&
        e.state === 'waiting' &&
        e.context?.orderId === orderId &&
        (billId === undefined || e.context.billId === billId),
    ),
  );
}

/**
 * Cash taken without network: the clerk has it in hand and the phone sends the confirmation
 * when the network returns; until then the page says so, instead of asking for the cash again.
 */
export function CashPending({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const pending = useCashPending(orderId);
  if (!pending) return null;
  return (
    <div className="cash-pending" role="status">
      <NoticeBar
        color="info"
        wrap
        content={
          <>
            <strong>{t('offlineWork.cashQueued')}</strong> {t('offlineWork.cashQueuedHint')}
          </>
        }
      />
    </div>
  );
}
