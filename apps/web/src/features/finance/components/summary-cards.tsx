import { useTranslation } from 'react-i18next';
import type { FinanceSummary } from '@snowgear/contracts';
import { formatYuan } from '../utils/money';

type Tone = 'in' | 'out' | 'net' | 'plain' | 'attention';

/** The six numbers a manager checks first: in, out, net, deposits held, still to collect, still to give back. */
export function SummaryCards({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation();
  const paymentCount = summary.byMethod.reduce((n, m) => n + m.paymentCount, 0);
  const refundCount = summary.byMethod.reduce((n, m) => n + m.refundCount, 0);
  const cards: { label: string; value: number; note?: string; tone: Tone }[] = [
    {
      label: t('finance.takingsIn'),
      value: summary.totals.payments,
      note: t('finance.bills', { count: paymentCount }),
      tone: 'in',
    },
    {
      label: t('finance.refundsOut'),
      value: summary.totals.refunds,
      note: t('finance.bills', { count: refundCount }),
      tone: 'out',
    },
    { label: t('finance.net'), value: summary.totals.net, tone: 'net' },
    {
      label: t('finance.depositsHeld'),
      value: summary.depositsHeld,
      note: t('finance.orders', { count: summary.depositsHeldOrders }),
      tone: 'plain',
    },
    {
      label: t('finance.awaiting'),
      value: summary.awaiting.amount,
      note: t('finance.bills', { count: summary.awaiting.count }),
      tone: summary.awaiting.count > 0 ? 'attention' : 'plain',
    },
    {
      label: t('finance.refundsOwed'),
      value: summary.refundsOwed.amount,
      note: t('finance.bills', { count: summary.refundsOwed.count }),
      tone: summary.refundsOwed.count > 0 ? 'attention' : 'plain',
    },
  ];
  return (
    <section className="finance-section" aria-labelledby="finance-summary-title">
      <h2 id="finance-summary-title" className="section-title">
        {t('finance.summary')}
      </h2>
      <dl className="finance-cards">
        {cards.map((card) => (
          <div key={card.label} className={`finance-card finance-card--${card.tone}`}>
            <dt className="finance-card__label">{card.label}</dt>
            <dd className="finance-card__value">{formatYuan(card.value)}</dd>
            {card.note && <dd className="finance-card__note">{card.note}</dd>}
          </div>
        ))}
      </dl>
      <p className="section-tip">{t('finance.nowNote')}</p>
    </section>
  );
}
