import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { StoreDashboard } from '@snowgear/contracts';
import { money } from '@/lib/money';

/**
 * The last seven days: rentals started (and, for finance, net takings) as plain bars, each day
 * read out whole for screen readers.
 */
export function WeekChart({ week }: { week: StoreDashboard['week'] }) {
  const { t } = useTranslation();
  const topRentals = Math.max(1, ...week.map((d) => d.rentals));
  const withMoney = week.some((d) => d.takings !== null);
  const topTakings = Math.max(1, ...week.map((d) => Math.max(0, d.takings ?? 0)));
  return (
    <div className="week-chart">
      <p className="week-chart__legend" aria-hidden>
        <span className="week-chart__key week-chart__key--rentals" />{' '}
        {t('storeDashboard.weekRentals')}
        {withMoney && (
          <>
            <span className="week-chart__key week-chart__key--takings" />{' '}
            {t('storeDashboard.weekTakings')}
          </>
        )}
      </p>
      <ol className="week-chart__bars" aria-label={t('storeDashboard.week')}>
        {week.map((d) => {
          const day = dayjs(d.day).format('MM-DD');
          return (
            <li
              key={d.day}
              className="week-chart__day"
              aria-label={
                d.takings === null
                  ? t('storeDashboard.weekBar', { day, rentals: d.rentals })
                  : t('storeDashboard.weekBarMoney', {
                      day,
                      rentals: d.rentals,
                      takings: money(d.takings),
                    })
              }
            >
              <span className="week-chart__pair" aria-hidden>
                <span
                  className="week-chart__bar week-chart__bar--rentals"
                  style={{ height: `${Math.max(2, (d.rentals / topRentals) * 100)}%` }}
                />
                {d.takings !== null && (
                  <span
                    className="week-chart__bar week-chart__bar--takings"
                    style={{
                      height: `${Math.max(2, (Math.max(0, d.takings) / topTakings) * 100)}%`,
                    }}
                  />
                )}
              </span>
              <small aria-hidden>{day}</small>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
