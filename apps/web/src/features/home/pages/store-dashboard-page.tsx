import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  STORE_ORDER_FIGURES,
  storeFigureList,
  type StoreDashboard,
  type StoreOrderFigure,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { mayOpen as mayOpenFor } from '@/config/route-meta';
import { ErrorBlock } from '@/components/error-block';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { sessionSnapshot, useSession } from '@/features/auth';
import { sectionsFor } from '@/features/admin';
import { methodLabel } from '@/features/finance';
import { ApprovalsWaiting, writeOrderListFilters } from '@/features/orders';
import { WorkingStoreBar, useWorkingStore } from '@/features/stores';
import { useStoreDashboard } from '../api/get-store-dashboard';
import { FigureTile } from '../components/figure-tile';
import { WeekChart } from '../components/week-chart';
import { HomeShortcuts, WelcomeHeader } from '../components/welcome-card';
import { PullToRefresh } from '@/components/pull-to-refresh';

const TONE: Record<StoreOrderFigure, 'primary' | 'warning' | 'danger'> = {
  toConfirm: 'warning',
  pickupsToday: 'primary',
  deliveriesToday: 'primary',
  returnsToday: 'primary',
  pickupRuns: 'primary',
  overdue: 'danger',
  toPrepare: 'warning',
  selfReturns: 'warning',
};

/** The list a figure opens (the same filters the server counted with). */
function figurePath(figure: StoreOrderFigure, d: StoreDashboard): string {
  const target = storeFigureList(figure, d.today, d.tomorrow);
  return target.list === 'preparation'
    ? Paths.preparationOrders
    : `${Paths.storeOrderList}?${new URLSearchParams(writeOrderListFilters(target.filters))}`;
}

/**
 * The store staff home (kept alive): today's work at the store, each figure opening the list it
 * counts; gear out and small equipment running low; today's takings by method for those who see
 * the store's finances; the last seven days; and the way to the administration console.
 */
export default function StoreDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useStoreDashboard();
  // The shortcuts come in the render that draws the figures (QueryState's), not before it.
  const answered = useDeferredValue(!dashboard.isPending);
  const { storeId } = useWorkingStore();
  const session = useSession();
  const snapshot = sessionSnapshot(session);
  // A figure shows only where its list opens for this user: a count promises a list.
  const mayOpen = (path: string) => mayOpenFor(path, snapshot);
  const seesAll = snapshot.roles.includes('SuperAdmin');
  const hasAdmin = sectionsFor(session.permissions).length > 0;
  // No store to show: a business's first start (no store made yet), or staff not given one.
  if (!storeId) {
    const mayAddStore = mayOpen(Paths.adminStores);
    return (
      <>
        <WelcomeHeader title={t('home.storeHome')} />
        <ErrorBlock
          status="empty"
          title={t('storeDashboard.noStore.title')}
          description={t(
            mayAddStore ? 'storeDashboard.noStore.admin' : 'storeDashboard.noStore.staff',
          )}
        >
          {mayAddStore && (
            <Link className="app-button app-button--primary" to={Paths.adminStores}>
              {t('storeDashboard.noStore.add')}
            </Link>
          )}
        </ErrorBlock>
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={async () => void (await dashboard.refetch())}>
      <WelcomeHeader title={t('home.storeHome')} />
      <WorkingStoreBar />
      {/* A manager sees at once what waits for their answer. */}
      <ApprovalsWaiting />
      <QueryState query={dashboard} lines={8}>
        {(d) => {
          const figures = STORE_ORDER_FIGURES.map((figure) => ({
            figure,
            path: figurePath(figure, d),
          })).filter((f) => mayOpen(f.path));
          const inventory = `${Paths.inventoryList}?status=1`;
          const small = `${Paths.smallEquipment}?low=1`;
          const finance = `${Paths.storeFinance}?${new URLSearchParams({
            from: d.today,
            to: d.today,
            ...(seesAll ? { store: d.storeId } : {}),
          })}`;
          return (
            <>
              <section className="page-body" aria-labelledby="dashboard-today">
                <h2 id="dashboard-today" className="section-title">
                  {t('storeDashboard.todayOf', { date: dayjs(d.today).format('MM-DD') })}
                </h2>
                <div className="figure-grid">
                  {figures.map(({ figure, path }) => (
                    <FigureTile
                      key={figure}
                      label={t(`storeDashboard.figures.${figure}`)}
                      count={d.orders[figure]}
                      to={path}
                      tone={TONE[figure]}
                    />
                  ))}
                </div>
              </section>
              <section className="page-body" aria-labelledby="dashboard-stock">
                <h2 id="dashboard-stock" className="section-title">
                  {t('storeDashboard.stock')}
                </h2>
                <div className="figure-grid">
                  {mayOpen(inventory) && (
                    <FigureTile
                      label={t('storeDashboard.gearInUse')}
                      count={d.gearInUse}
                      to={inventory}
                    />
                  )}
                  {mayOpen(small) && (
                    <FigureTile
                      label={t('storeDashboard.lowStock')}
                      count={d.lowStock}
                      to={small}
                      tone="warning"
                    />
                  )}
                </div>
              </section>
              {d.takings && mayOpen(finance) && (
                <section className="page-body" aria-labelledby="dashboard-takings">
                  <h2 id="dashboard-takings" className="section-title">
                    {t('storeDashboard.takings')}
                  </h2>
                  <Link to={finance} className="takings-card">
                    <span className="takings-card__net">
                      <span>{t('storeDashboard.takingsNet')}</span>
                      <strong>{money(d.takings.net)}</strong>
                    </span>
                    <ul className="takings-card__methods">
                      {d.takings.byMethod.map((m) => (
                        <li key={m.method}>
                          {t('storeDashboard.takingsMethod', {
                            method: methodLabel(t, m.method),
                            payments: money(m.payments),
                            refunds: money(m.refunds),
                          })}
                        </li>
                      ))}
                    </ul>
                    <RightOutline aria-hidden className="takings-card__arrow" />
                  </Link>
                </section>
              )}
              <section className="page-body" aria-labelledby="dashboard-week">
                <h2 id="dashboard-week" className="section-title">
                  {t('storeDashboard.week')}
                </h2>
                <WeekChart week={d.week} />
              </section>
            </>
          );
        }}
      </QueryState>
      {/* Below the figures, so they come with them: drawn under the shorter placeholder they
          would jump down the screen when the figures arrive. */}
      {answered && !dashboard.isPending && (
        <HomeShortcuts
          shortcuts={[
            { path: Paths.workspace, label: t('routes.workspace') },
            { path: Paths.storeOrderCreate(), label: t('smartScan.createOrder') },
            { path: Paths.storeScan, label: t('routes.storeScan') },
            ...(hasAdmin ? [{ path: Paths.admin, label: t('storeDashboard.admin') }] : []),
          ]}
        />
      )}
    </PullToRefresh>
  );
}
