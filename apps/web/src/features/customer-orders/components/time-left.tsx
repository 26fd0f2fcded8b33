import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@snowgear/contracts';
import { useNow } from '@/lib/use-now';
import { timeLeft } from '../utils/my-order-rules';

/** "Starts in 1 d 2 h", "Due back in 5 h 10 min", or the overdue warning, kept current. */
export function TimeLeft({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const left = timeLeft(order, now.getTime());
  if (!left) return null;
  const span = [
    left.days ? t('myOrders.span.days', { count: left.days }) : '',
    left.hours ? t('myOrders.span.hours', { count: left.hours }) : '',
    !left.days ? t('myOrders.span.minutes', { count: left.minutes }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <p
      className={`my-order-time my-order-time--${left.kind}`}
      role={left.kind === 'overdueBy' ? 'alert' : undefined}
    >
      {t(`myOrders.timeLeft.${left.kind}`, { span })}
    </p>
  );
}
