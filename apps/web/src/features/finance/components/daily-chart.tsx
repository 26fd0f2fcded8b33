import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FinanceDay } from '@snowgear/contracts';
import { formatYuan } from '../utils/money';

const WIDTH = 360;
const HEIGHT = 160;
const TOP = 6;
const LABELS = 18;
const PLOT = HEIGHT - TOP - LABELS;

/**
 * Takings (up) and refunds (down) per day as bars, drawn as plain SVG. A tap or the arrow keys
 * pick a day and its amounts show below. The page loads this file lazily (React.lazy), so its
 * code arrives only when a range of several days is on screen.
 */
export default function DailyChart({ daily }: { daily: FinanceDay[] }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);
  const count = daily.length;
  const index = Math.min(picked ?? count - 1, count - 1);
  const day = daily[index];
  if (!day) return null;

  const maxIn = Math.max(0, ...daily.map((d) => d.payments));
  const maxOut = Math.max(0, ...daily.map((d) => d.refunds));
  const span = maxIn + maxOut || 1;
  const axis = TOP + (PLOT * maxIn) / span;
  const step = WIDTH / count;
  const bar = Math.max(1, step * 0.7);
  const x = (i: number) => i * step + (step - bar) / 2;
  const short = (date: string) => dayjs(date).format('MM/DD');
  const detail = t('finance.dailyDetail', {
    date: short(day.date),
    payments: formatYuan(day.payments),
    refunds: formatYuan(day.refunds),
    net: formatYuan(day.net),
  });
  const sum = (pick: (d: FinanceDay) => number) =>
    daily.reduce((n, d) => n + Math.round(pick(d) * 100), 0) / 100;

  const handlePointer = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const at = Math.floor(((event.clientX - rect.left) / rect.width) * count);
    setPicked(Math.max(0, Math.min(count - 1, at)));
  };
  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowDown: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPicked(Math.max(0, Math.min(count - 1, next)));
  };

  return (
    <div className="finance-chart">
      <div
        className="finance-chart__plot"
        role="slider"
        tabIndex={0}
        aria-label={t('finance.dailyChart', {
          from: short(daily[0]!.date),
          to: short(daily[count - 1]!.date),
          payments: formatYuan(sum((d) => d.payments)),
          refunds: formatYuan(sum((d) => d.refunds)),
        })}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        aria-valuetext={detail}
        onClick={handlePointer}
        onKeyDown={handleKey}
      >
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden>
          <rect
            className="finance-chart__pick"
            x={index * step}
            y={TOP}
            width={step}
            height={PLOT}
          />
          {daily.map((d, i) => (
            <g key={d.date}>
              {d.payments > 0 && (
                <rect
                  className="finance-chart__in"
                  x={x(i)}
                  width={bar}
                  y={axis - (PLOT * d.payments) / span}
                  height={(PLOT * d.payments) / span}
                />
              )}
              {d.refunds > 0 && (
                <rect
                  className="finance-chart__out"
                  x={x(i)}
                  width={bar}
                  y={axis}
                  height={(PLOT * d.refunds) / span}
                />
              )}
            </g>
          ))}
          <line className="finance-chart__axis" x1={0} x2={WIDTH} y1={axis} y2={axis} />
        </svg>
        <div className="finance-chart__dates" aria-hidden>
          <span>{short(daily[0]!.date)}</span>
          <span>{short(daily[count - 1]!.date)}</span>
        </div>
      </div>
      <p className="finance-chart__detail">{detail}</p>
      <p className="section-tip">{t('finance.dailyPick')}</p>
    </div>
  );
}
