import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { StoreDashboard } from '@snowgear/contracts';
import { money } from '@/lib/money';

interface Bar {
  day: string;
  value: number;
  /** Written on the bar. */
  figure: string;
  /** Read out for the day by screen readers. */
  label: string;
}

/**
 * The last seven days: rentals started and (for finance) net takings, each as a small chart of
 * its own with its own scale (orders and yuan do not share one), every bar with its figure, and
 * each day read out whole for screen readers.
 */
export function WeekChart({ week }: { week: StoreDashboard['week'] }) {
  const { t } = useTranslation();
  const day = (d: { day: string }) => dayjs(d.day).format('MM-DD');
  const withMoney = week.some((d) => d.takings !== null);
  return (
    <div className="week-chart">
      <WeekSeries
        title={t('storeDashboard.weekRentals')}
        listLabel={t('storeDashboard.weekRentalsOf')}
        tone="rentals"
        bars={week.map((d) => ({
          day: day(d),
          value: d.rentals,
          figure: String(d.rentals),
          label: t('storeDashboard.weekRentalsBar', { day: day(d), count: d.rentals }),
        }))}
      />
      {withMoney && (
        <WeekSeries
          title={t('storeDashboard.weekTakings')}
          listLabel={t('storeDashboard.weekTakingsOf')}
          tone="takings"
          bars={week.map((d) => ({
            day: day(d),
            value: d.takings ?? 0,
            // Whole yuan on the bar (seven fit on a phone); the exact sum is read out.
            figure: String(Math.round(d.takings ?? 0)),
            label: t('storeDashboard.weekTakingsBar', {
              day: day(d),
              takings: money(d.takings ?? 0),
            }),
          }))}
        />
      )}
    </div>
  );
}

function WeekSeries({
  title,
  listLabel,
  tone,
  bars,
}: {
  title: string;
  listLabel: string;
  tone: 'rentals' | 'takings';
  bars: Bar[];
}) {
  const top = Math.max(1, ...bars.map((b) => b.value));
  return (
    <div className="week-chart__series">
      <p className="week-chart__title" aria-hidden>
        <span className={`week-chart__key week-chart__key--${tone}`} /> {title}
      </p>
      <ol className="week-chart__bars" aria-label={listLabel}>
        {bars.map((b) => (
          <li key={b.day} className="week-chart__day" aria-label={b.label}>
            <span className="week-chart__column" aria-hidden>
              <span className="week-chart__figure">{b.figure}</span>
              <span
                className={`week-chart__bar week-chart__bar--${tone}`}
                // The column less the figure's line is the scale's top.
                style={{ height: `max(2px, calc((100% - 14px) * ${Math.max(0, b.value) / top}))` }}
              />
            </span>
            <small aria-hidden>{b.day}</small>
          </li>
        ))}
      </ol>
    </div>
  );
}
