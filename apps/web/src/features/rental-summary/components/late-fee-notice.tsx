import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@snowgear/contracts';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';

/** "3 hours late", "2 d 5 h late": how late the gear is, for staff and customers alike. */
export function useLateText() {
  const { t } = useTranslation();
  return (hours: number) =>
    hours < 24
      ? t('lateFee.late', { count: hours })
      : t('lateFee.lateDays', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/**
 * The customer's late return in plain words: within the grace (and until when), the late fee as
 * it grows while the gear is out, what it came to once handed back or settled, or that the store
 * waived it.
 */
export function LateFeeNotice({ order }: { order: Pick<Order, 'lateFee'> }) {
  const { t } = useTranslation();
  const lateText = useLateText();
  const fee = order.lateFee;
  if (!fee) return null;
  const values = {
    count: fee.days,
    end: storeTime(fee.since),
    grace: fee.graceHours,
    from: storeTime(fee.chargedFrom),
    daily: money(fee.dailyRent),
    amount: money(fee.amount),
    late: lateText(fee.hoursLate),
  };
  const text = fee.waiver
    ? t('lateFee.customer.waived')
    : fee.settled
      ? t('lateFee.customer.charged', values)
      : fee.days === 0
        ? t('lateFee.customer.inGrace', values)
        : fee.growing
          ? t('lateFee.customer.growing', values)
          : t('lateFee.customer.handedBack', values);
  return (
    <section className="late-fee-notice" aria-label={t('lateFee.customer.title')}>
      <NoticeBar
        color={fee.waiver || fee.days === 0 ? 'alert' : 'error'}
        wrap
        content={
          <>
            <strong>{t('lateFee.customer.title')}</strong> {text}
          </>
        }
      />
    </section>
  );
}
