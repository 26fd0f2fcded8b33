import { useEffect } from 'react';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app-store';

/** Follows the browser's online state and shows a banner while offline. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const status = useAppStore((s) => s.networkStatus);
  const setNetworkStatus = useAppStore((s) => s.setNetworkStatus);
  const showSuccess = useAppStore((s) => s.showSuccess);

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

  if (status === 'online') return null;
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <NoticeBar content={t('app.offline')} color="alert" />
    </div>
  );
}
