import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';

/** '1:05:09' or '05:09': what is left of a duration, never below zero. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Whether a time (ISO) has passed, turning true the moment it does. */
export function usePassed(iso: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = iso ? Date.parse(iso) : Number.NaN;
  useEffect(() => {
    const wait = at - Date.now();
    if (!(wait > 0)) return;
    // Timers cannot wait longer than ~24.8 days; a later deadline is looked at again then.
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(id);
  }, [at, now]);
  return Number.isFinite(at) && at <= now;
}

/** The time left to pay before the order is released, live to the second. */
export function PayCountdown({ payBefore }: { payBefore: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  return (
    <p className="pay-countdown" role="timer">
      {t('payment.customer.payWithin', {
        time: formatTimeLeft(Date.parse(payBefore) - now.getTime()),
      })}
    </p>
  );
}
