import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleName } from '@snowgear/contracts';
import {
  conflictCount,
  useQueueStore,
  waitingCount,
  loadOfflineQueueSheet,
  loadOfflineSync,
} from '@/features/offline';
import { whenPageSettled } from '@/lib/when-idle';
import { useSession } from '@/features/auth';
import { prefetchLanguage, withAllTexts } from '@/lib/i18n';
import { bootstrapped } from './bootstrap';
import { useAppStore } from '@/features/app-state';

const importSheet = loadOfflineQueueSheet;
const OfflineQueueSheet = lazy(withAllTexts(importSheet));

/**
 * The queue's sending starts once the page has drawn with its data (nothing on screen waits for
 * it); if its code cannot be had (no network on a first visit), it starts when the network returns.
 */
function useOfflineSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    const start = (): Promise<void> =>
      loadOfflineSync()
        .then((m) => {
          if (!ended) stop = m.startOfflineSync(queryClient);
        })
        .catch(() => window.addEventListener('online', retry, { once: true }));
    const retry = () => void start();
    const cancel = whenPageSettled(queryClient, start, { after: bootstrapped() });
    return () => {
      ended = true;
      cancel();
      window.removeEventListener('online', retry);
      stop?.();
    };
  }, [queryClient]);
}

/**
 * Staff and drivers keep writes offline and may need the sheet that lists them while the network
 * is down. A page the service worker serves finds every file of the app in its cache; any other
 * (the first visit, before the worker takes over, or a browser without one) fetches the sheet
 * once the page opened has drawn with its data (the network may drop any moment). Customers
 * never queue writes, and their pages do not carry it.
 */
function usePrefetchSheet() {
  const queryClient = useQueryClient();
  const worker = useSession((s) => s.roles.some((role) => role !== RoleName.Customer));
  useEffect(() => {
    if (!worker || navigator.serviceWorker?.controller) return;
    // Into the module cache only: the page on the screen does not render again for it. The
    // sheet and the texts each in an idle period of their own.
    const after = bootstrapped();
    const cancels = [
      whenPageSettled(queryClient, () => importSheet().catch(() => undefined), { after }),
      whenPageSettled(queryClient, () => prefetchLanguage().catch(() => undefined), { after }),
    ];
    return () => cancels.forEach((cancel) => cancel());
  }, [worker, queryClient]);
}

/**
 * Follows the browser's online state and shows a banner while offline, and while writes made
 * offline wait to be sent or could not be applied: how many, and a sheet that lists them.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
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

  useOfflineSync();
  usePrefetchSheet();

  const offline = status === 'offline';
  if (!offline && waiting === 0 && conflicts === 0) return null;
  const parts = [
    offline ? t('app.offline') : null,
    syncing && !offline ? t('app.queueSyncing') : null,
    waiting > 0 && !(syncing && !offline) ? t('app.queueWaiting', { count: waiting }) : null,
    conflicts > 0 ? t('app.queueConflicts', { count: conflicts }) : null,
  ].filter(Boolean);
  const tone = offline || conflicts > 0 ? 'alert' : 'info';
  return (
    <div className={`offline-banner offline-banner--${tone}`} role="status" aria-live="polite">
      <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 4v10M12 18.5v.5" />
      </svg>
      <span className="offline-banner__text">{parts.join(' · ')}</span>
      {waiting + conflicts > 0 && (
        <button
          type="button"
          className="app-button app-button--text offline-banner__show"
          onClick={() => setSheetOpen(true)}
        >
          {t('app.queueShow')}
        </button>
      )}
      {sheetOpen && (
        <Suspense fallback={null}>
          <OfflineQueueSheet onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
