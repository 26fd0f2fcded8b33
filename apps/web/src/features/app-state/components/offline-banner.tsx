import { useEffect, useState } from 'react';
import { Button, NoticeBar } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// Not split off: the sheet must open without network, before any service worker holds it.
import OfflineQueueSheet from '@/features/offline/components/offline-queue-sheet';
import { startOfflineSync } from '@/features/offline/offline-sync';
import { conflictCount, useQueueStore, waitingCount } from '@/features/offline/stores/queue-store';
import { useAppStore } from '../stores/app-store';

/**
 * Follows the browser's online state and shows a banner while offline, and while writes made
 * offline wait to be sent or could not be applied: how many, and a sheet that lists them.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useAppStore((s) => s.networkStatus);
  const setNetworkStatus = useAppStore((s) => s.setNetworkStatus);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const waiting = useQueueStore(waitingCount);
  const conflicts = useQueueStore(conflictCount);
  const syncing = useQueueStore((s) => s.syncing);
  const [sheetOpen, setSheetOpen] = useState(false);

  useEffect(() => {
    const goOffline = () => setNetworkStatus('offline');
    const goOnline = () => {
      setNetworkStatus('online');
      showSuccess(t('app.backOnline'));
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [setNetworkStatus, showSuccess, t]);

  useEffect(() => startOfflineSync(queryClient), [queryClient]);

  const offline = status === 'offline';
  if (!offline && waiting === 0 && conflicts === 0) return null;
  const parts = [
    offline ? t('app.offline') : null,
    syncing && !offline ? t('app.queueSyncing') : null,
    waiting > 0 && !(syncing && !offline) ? t('app.queueWaiting', { count: waiting }) : null,
    conflicts > 0 ? t('app.queueConflicts', { count: conflicts }) : null,
  ].filter(Boolean);
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <NoticeBar
        content={parts.join(' · ')}
        color={offline || conflicts > 0 ? 'alert' : 'info'}
        wrap
        extra={
          waiting + conflicts > 0 ? (
            <Button
              size="small"
              fill="none"
              className="offline-banner__show"
              onClick={() => setSheetOpen(true)}
            >
              {t('app.queueShow')}
            </Button>
          ) : null
        }
      />
      {sheetOpen && <OfflineQueueSheet onClose={() => setSheetOpen(false)} />}
    </div>
  );
}
