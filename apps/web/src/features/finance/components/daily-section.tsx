import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FinanceSummary } from '@snowgear/contracts';

/** Its own chunk: fetched the first time a chart is shown, not with the page. */
const DailyChart = lazy(() => import('./daily-chart'));

/** A chart chunk that fails to load leaves a line of text, not a broken page. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The day-by-day chart, for ranges of more than one day. */
export function DailySection({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation();
  if (summary.daily.length < 2) return null;
  const quiet = summary.daily.every((d) => d.payments === 0 && d.refunds === 0);
  return (
    <section className="finance-section" aria-labelledby="finance-daily-title">
      <h2 id="finance-daily-title" className="section-title">
        {t('finance.daily')}
      </h2>
      {quiet ? (
        <p className="finance-empty">{t('finance.noMoney')}</p>
      ) : (
        <ChartBoundary fallback={<p className="finance-empty">{t('finance.chartFailed')}</p>}>
          <Suspense
            fallback={
              <div role="status" aria-label={t('finance.chartLoading')}>
                <Skeleton.Paragraph lineCount={5} animated />
              </div>
            }
          >
            <DailyChart daily={summary.daily} />
          </Suspense>
        </ChartBoundary>
      )}
    </section>
  );
}
