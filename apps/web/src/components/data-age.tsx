import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/use-online';
import { storeTimeText } from '@/lib/store-time';

/**
 * Under data that may be old: without network, or when the last refresh failed, says when it
 * was read from the server ("离线：显示 10:42 的数据"), so nobody takes it for the present.
 */
export function DataAge({ updatedAt, failed }: { updatedAt: number; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const offline = !useOnline();
  if ((!offline && !failed) || updatedAt === 0) return null;
  const dayOf = (at: number | Date) =>
    storeTimeText(at, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = dayOf(updatedAt) === dayOf(new Date());
  const time = storeTimeText(updatedAt, i18n.language, {
    ...(sameDay ? {} : { month: 'numeric', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <p className="data-age page-body" role="note">
      {t(offline ? 'app.dataAgeOffline' : 'app.dataAgeFailed', { time })}
    </p>
  );
}
