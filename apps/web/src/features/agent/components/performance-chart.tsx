import { useTranslation } from 'react-i18next';
import type { AgentPerformance } from '@snowgear/contracts';
import { money } from '@/lib/money';

/** Revenue per bar (a day, or a week for the season), drawn with plain boxes; each bar is read out. */
export function PerformanceChart({ series }: { series: AgentPerformance['series'] }) {
  const { t } = useTranslation();
  const top = Math.max(1, ...series.map((b) => b.revenue));
  // At most about seven labels under the bars, however many bars the season has.
  const every = Math.max(1, Math.ceil(series.length / 7));
  return (
    <ol className="agent-chart" aria-label={t('agent.chart')}>
      {series.map((bar, index) => (
        <li
          key={bar.from}
          className="agent-chart__bar"
          aria-label={t('agent.bar', {
            label: bar.label,
            orders: bar.orders,
            revenue: money(bar.revenue),
          })}
        >
          <span
            className="agent-chart__fill"
            style={{ height: `${Math.max(2, (bar.revenue / top) * 100)}%` }}
          />
          {index % every === 0 && <small aria-hidden>{bar.label}</small>}
        </li>
      ))}
    </ol>
  );
}
