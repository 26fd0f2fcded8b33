import { useState } from 'react';
import { Link } from 'react-router';
import { Button, List, Result, Selector, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrderStatus, Permissions, type AgentOrder, type AgentPeriod } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PagedList } from '@/components/paged-list';
import { PromptDialog } from '@/components/prompt-dialog';
import { useAppStore } from '@/features/app-state';
import { QueryState } from '@/components/query-state';
import { ProfileView, useSession } from '@/features/auth';
import { WelcomeCard } from '@/features/home';
import { storeTime } from '@/lib/store-clock';
import { money } from '@/lib/money';
import { textError } from '@/lib/text-rules';
import { useLandingValue } from '@/lib/landing-flag';
import {
  agentKey,
  useAgentCustomers,
  useAgentOrders,
  usePerformance,
  useWithdrawOrder,
} from '../api/agent';
import { PerformanceChart } from '../components/performance-chart';
import { ReferralCard } from '../components/referral-card';
import { AgentOrderSheet } from '../components/agent-order-sheet';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { OrderStatusTag } from '@/components/order-status-tag';

/**
 * The agent's home (the spec gives agents this page only): the referral link, performance and
 * commission by day, week and season, the orders that carry them and their customers, and the
 * account.
 */
export default function AgentDashboardPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const seesPerformance = permissions.includes(Permissions.AgentBusiness.Performance);
  const seesCustomers = permissions.includes(Permissions.AgentBusiness.CustomerManage);
  const booksForCustomers = permissions.includes(Permissions.AgentBusiness.OrderCreate);
  const [withdrawing, setWithdrawing] = useState<AgentOrder | null>(null);
  const withdraw = useWithdrawOrder();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [period, setPeriod] = useState<AgentPeriod>('week');
  const [tab, setTab] = useState<'orders' | 'customers'>('orders');
  const performance = usePerformance(period, seesPerformance);
  const orders = useAgentOrders();
  const customers = useAgentCustomers(seesCustomers && tab === 'customers');
  const [openId, setOpenId] = useState<string | null>(null);
  // Where the agent's booking for a customer lands: it was placed, and what happens next.
  const placed = useLandingValue('placed');

  return (
    <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: agentKey })}>
      <WelcomeCard title={t('home.agentHome')} profilePath={null} />
      {placed && (
        <Result
          className="agent-placed"
          status="waiting"
          title={t('agentBooking.placed', { number: placed })}
          description={t('agentBooking.placedNext')}
        />
      )}
      {booksForCustomers && (
        <section className="page-body" aria-label={t('agent.bookForCustomer')}>
          <Link to={Paths.agentOrderCreate} className="agent-book">
            <strong>{t('agent.bookForCustomer')}</strong>
            <span>{t('agent.bookForCustomerTip')}</span>
          </Link>
        </section>
      )}
      <section className="page-body" aria-label={t('agent.referral')}>
        <h2 className="section-title">{t('agent.referral')}</h2>
        <ReferralCard />
      </section>
      {seesPerformance && (
        <section className="page-body" aria-label={t('agent.performance')}>
          <h2 className="section-title">{t('agent.performance')}</h2>
          <Selector<AgentPeriod>
            aria-label={t('agent.period')}
            columns={3}
            options={[
              { label: t('agent.periods.day'), value: 'day' },
              { label: t('agent.periods.week'), value: 'week' },
              { label: t('agent.periods.season'), value: 'season' },
            ]}
            value={[period]}
            onChange={(v) => v[0] && setPeriod(v[0])}
          />
          <QueryState query={performance} lines={4}>
            {(p) => (
              <>
                <dl className="agent-figures">
                  <div>
                    <dt>{t('agent.orders')}</dt>
                    <dd>{p.orders}</dd>
                  </div>
                  <div>
                    <dt>{t('agent.paidOrders')}</dt>
                    <dd>{p.paidOrders}</dd>
                  </div>
                  <div>
                    <dt>{t('agent.revenue')}</dt>
                    <dd>{money(p.revenue)}</dd>
                  </div>
                  <div>
                    <dt>{t('agent.commission', { rate: p.commissionRate })}</dt>
                    <dd>{money(p.commission)}</dd>
                  </div>
                </dl>
                {/* What the figures count, so the agent can check them against their orders. */}
                <p className="agent-figures__basis">
                  {t('agent.commissionBasis', { rate: p.commissionRate })}
                </p>
                <PerformanceChart series={p.series} />
              </>
            )}
          </QueryState>
        </section>
      )}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'orders' | 'customers')}>
        <Tabs.Tab title={t('agent.myOrders')} key="orders" />
        {seesCustomers && <Tabs.Tab title={t('agent.myCustomers')} key="customers" />}
      </Tabs>
      {tab === 'orders' ? (
        <PagedList query={orders} emptyText={t('agent.noOrders')} pullToRefresh={false}>
          {(items) => (
            <List>
              {items.map((o) => (
                <List.Item
                  key={o.id}
                  onClick={() => setOpenId(o.id)}
                  arrowIcon
                  description={
                    <>
                      {o.storeName} · {t('agent.starts', { time: storeTime(o.rentalStartTime) })}
                      {o.status === OrderStatus.Pending && booksForCustomers && (
                        <span className="agent-order__pending">
                          {t('agent.waitingStore')}
                          <Button
                            size="small"
                            fill="outline"
                            onClick={(event) => {
                              event.stopPropagation();
                              setWithdrawing(o);
                            }}
                          >
                            {t('agent.withdraw')}
                          </Button>
                        </span>
                      )}
                    </>
                  }
                  extra={
                    <span className="agent-order__extra">
                      <OrderStatusTag status={o.status} />
                      {/* Without the deposit, which goes back to the customer. */}
                      <span>{money(o.amount)}</span>
                      {o.deposit > 0 && (
                        <small className="agent-order__deposit">{t('agent.noDeposit')}</small>
                      )}
                    </span>
                  }
                >
                  {o.orderNumber} · {o.customerName}
                </List.Item>
              ))}
            </List>
          )}
        </PagedList>
      ) : (
        <PagedList query={customers} emptyText={t('agent.noCustomers')} pullToRefresh={false}>
          {(items) => (
            <List>
              {items.map((c) => (
                <List.Item
                  key={c.phone}
                  description={t('agent.customerLine', {
                    orders: c.orders,
                    revenue: money(c.revenue),
                    time: storeTime(c.lastOrderAt),
                  })}
                  extra={
                    <a className="run-card__call" href={`tel:${c.phone}`}>
                      {c.phone}
                    </a>
                  }
                >
                  {c.name}
                </List.Item>
              ))}
            </List>
          )}
        </PagedList>
      )}
      <ProfileView path={Paths.agentDashboard} />
      <AgentOrderSheet id={openId} onClose={() => setOpenId(null)} />
      <PromptDialog
        visible={!!withdrawing}
        title={t('agent.withdrawTitle', { number: withdrawing?.orderNumber ?? '' })}
        message={t('agent.withdrawMessage')}
        placeholder={t('agent.withdrawReason')}
        validate={(reason) => textError(t, reason)}
        confirmText={t('agent.withdraw')}
        cancelText={t('orders.back')}
        danger
        onSubmit={async (reason) => {
          await withdraw.mutateAsync({ id: withdrawing!.id, reason });
          showSuccess(t('agent.withdrawn'));
        }}
        onClose={() => setWithdrawing(null)}
      />
    </PullToRefresh>
  );
}
