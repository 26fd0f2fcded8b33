import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A figure of the dashboard: its count, leading to the list that holds exactly those. */
export function FigureTile({
  label,
  count,
  to,
  tone = 'default',
}: {
  label: string;
  count: number;
  to: string;
  tone?: 'default' | 'primary' | 'warning' | 'danger';
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={`figure-tile figure-tile--${count > 0 ? tone : 'default'}`}
      aria-label={t('storeDashboard.open', { name: label, count })}
    >
      <span className="figure-tile__label" aria-hidden>
        {label}
      </span>
      <strong className="figure-tile__count" aria-hidden>
        {count}
      </strong>
    </Link>
  );
}
