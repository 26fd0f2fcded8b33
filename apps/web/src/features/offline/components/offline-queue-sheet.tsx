import { Button, List, Tag } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { useNavigate } from 'react-router';
import { Paths } from '@/config/paths';
import { reopenQueuedDraft } from '../queued-order';
import type { QueuedRequest } from '../offline-db';
import { discard, flushQueue } from '../offline-queue';
import { useQueueStore } from '../stores/queue-store';
import { storeTimeText } from '@/lib/store-time';

const timeOf = (at: number, language: string) =>
  storeTimeText(at, language, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The writes kept on this phone: each with when it was made and whether it waits or was refused
 * (with the server's words and what to do). Sending is automatic; "send now" tries at once.
 */
export default function OfflineQueueSheet({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const entries = useQueueStore((s) => s.entries);
  const syncing = useQueueStore((s) => s.syncing);
  const offline = useAppStore((s) => s.networkStatus === 'offline');
  const navigate = useNavigate();

  const remove = async (key: string) => {
    const ok = await Dialog.confirm({
      content: t('app.queueRemoveConfirm'),
      confirmText: t('app.queueRemove'),
      cancelText: t('profile.cancel'),
    });
    if (ok) await discard(key);
  };

  // A new order the server refused: its draft goes back to the form, to change and send again.
  const reopen = async (entry: QueuedRequest) => {
    if (!reopenQueuedDraft(entry)) return;
    await discard(entry.key);
    onClose();
    void navigate(Paths.storeOrderCreate());
  };

  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyStyle={{ maxHeight: '80vh', overflowY: 'auto' }}
    >
      <section role="dialog" aria-modal="true" aria-label={t('app.queueTitle')}>
        <List header={t('app.queueTitle')}>
          <List.Item>
            <p className="offline-queue__hint">{t('app.queueHint')}</p>
          </List.Item>
          {entries.length === 0 && <List.Item>{t('app.queueEmpty')}</List.Item>}
          {entries.map((e) => (
            <List.Item
              key={e.key}
              description={
                <>
                  <span>{timeOf(e.createdAt, i18n.language)}</span>
                  {e.state === 'conflict' && (
                    <span className="offline-queue__problem" role="alert">
                      {e.problem} {t('app.queueConflictAdvice')}
                    </span>
                  )}
                </>
              }
              extra={
                e.state === 'conflict' ? (
                  <div className="offline-queue__entry-actions">
                    {e.kind === 'orderCreate' && e.context?.draft != null && (
                      <Button size="small" color="primary" onClick={() => void reopen(e)}>
                        {t('offlineWork.reopenDraft')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="danger"
                      fill="outline"
                      onClick={() => void remove(e.key)}
                    >
                      {t('app.queueRemove')}
                    </Button>
                  </div>
                ) : (
                  <Tag color="primary" fill="outline">
                    {t('app.queueStateWaiting')}
                  </Tag>
                )
              }
            >
              {e.state === 'conflict' && (
                <Tag color="danger" fill="outline">
                  {t('app.queueStateConflict')}
                </Tag>
              )}{' '}
              {e.label}
            </List.Item>
          ))}
        </List>
        <div className="offline-queue__actions">
          <Button
            block
            size="large"
            color="primary"
            disabled={offline || !entries.some((e) => e.state === 'waiting')}
            loading={syncing}
            onClick={() => void flushQueue()}
          >
            {t('app.queueSendNow')}
          </Button>
          <Button block size="large" onClick={onClose}>
            {t('app.queueClose')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
