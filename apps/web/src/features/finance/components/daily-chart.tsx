import { useMemo, useState, type KeyboardEvent } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { FinanceDay } from '@snowgear/contracts';
import { formatYuan } from '../utils/money';

// Only the pieces drawn here, so the chunk stays small (echarts/core, tree-shaken). SVG rather
// than canvas: a few bars draw crisp at any zoom and hold less memory on a phone.
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

/**
 * Takings (up) and refunds (down) per day as bars (ECharts). A tap on a bar or the arrow keys pick
 * a day and its amounts show below, so the numbers are readable without the picture. The page
 * loads this file lazily (React.lazy), so ECharts arrives only when a range of several days is on
 * screen.
 */
export default function DailyChart({ daily }: { daily: FinanceDay[] }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);
  const count = daily.length;
  const index = Math.min(picked ?? count - 1, count - 1);
  const day = daily[index];
  const short = (date: string) => dayjs(date).format('MM/DD');
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 8, right: 8, top: 12, bottom: 24, containLabel: true },
      tooltip: { trigger: 'axis' as const, confine: true },
      xAxis: { type: 'category' as const, data: daily.map((d) => dayjs(d.date).format('MM/DD')) },
      yAxis: { type: 'value' as const },
      series: [
        {
          name: t('finance.takingsIn'),
          type: 'bar' as const,
          stack: 'day',
          itemStyle: { color: '#1677ff' },
          data: daily.map((d) => d.payments),
        },
        {
          name: t('finance.refundsOut'),
          type: 'bar' as const,
          stack: 'day',
          itemStyle: { color: '#ff8f1f' },
          data: daily.map((d) => -d.refunds),
        },
      ],
    }),
    [daily, t],
  );
  if (!day) return null;

  const detail = t('finance.dailyDetail', {
    date: short(day.date),
    payments: formatYuan(day.payments),
    refunds: formatYuan(day.refunds),
    net: formatYuan(day.net),
  });
  const sum = (pick: (d: FinanceDay) => number) =>
    daily.reduce((n, d) => n + Math.round(pick(d) * 100), 0) / 100;

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
        onKeyDown={handleKey}
      >
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          style={{ height: 180, width: '100%' }}
          opts={{ renderer: 'svg' }}
          onEvents={{
            click: (event: { dataIndex?: number }) => {
              if (event.dataIndex !== undefined) setPicked(event.dataIndex);
            },
          }}
        />
      </div>
      <p className="finance-chart__detail">{detail}</p>
      <p className="section-tip">{t('finance.dailyPick')}</p>
    </div>
  );
}
