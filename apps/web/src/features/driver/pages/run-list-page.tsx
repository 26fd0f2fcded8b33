import { useState } from 'react';
import { Selector, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeliveryTask, DeliveryTaskKind } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { useAppStore } from '@/features/app-state';
import { useRunList, useTakeRun, type RunFilters } from '../api/runs';
import { RunCard } from '../components/run-card';

type Assigned = NonNullable<RunFilters['assigned']>;

/** /driver/delivery-orders and /driver/pickup-orders: runs to do (own, pool) and done. */
function RunListPage({ kind }: { kind: DeliveryTaskKind }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'todo' | 'done'>('todo');
  const [assigned, setAssigned] = useState<Assigned>('all');
  const query = useRunList({ kind, state, assigned: state === 'todo' ? assigned : 'mine' });
  const take = useTakeRun();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [taking, setTaking] = useState<string | null>(null);

  const handleTake = async (task: DeliveryTask) => {
    setTaking(task.orderId);
    try {
      await take.mutateAsync({ orderId: task.orderId, kind });
      showSuccess(t('driver.taken', { number: task.orderNumber }));
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    } finally {
      setTaking(null);
    }
  };

  return (
    <div className="run-list">
      <PageHeader
        title={t(kind === 'delivery' ? 'routes.driverDeliveryOrders' : 'routes.driverPickupOrders')}
        backTo={Paths.driverDashboard}
      />
      <Tabs activeKey={state} onChange={(key) => setState(key as 'todo' | 'done')}>
        <Tabs.Tab title={t('driver.todo')} key="todo" />
        <Tabs.Tab title={t('driver.done')} key="done" />
      </Tabs>
      {state === 'todo' && (
        <Selector<Assigned>
          className="run-list__filter page-body"
          aria-label={t('driver.whose')}
          columns={3}
          options={[
            { label: t('driver.all'), value: 'all' },
            { label: t('driver.mine'), value: 'mine' },
            { label: t('driver.pool'), value: 'pool' },
          ]}
          value={[assigned]}
          onChange={(v) => v[0] && setAssigned(v[0])}
        />
      )}
      <PagedList
        query={query}
        emptyText={t(state === 'todo' ? 'driver.emptyTodo' : 'driver.emptyDone')}
      >
        {(tasks) => (
          <div className="run-list__items page-body">
            {tasks.map((task) => (
              <RunCard
                key={`${task.orderId}-${task.kind}`}
                task={task}
                onTake={(one) => void handleTake(one)}
                taking={taking === task.orderId}
              />
            ))}
          </div>
        )}
      </PagedList>
    </div>
  );
}

export const DeliveryOrdersPage = () => <RunListPage kind="delivery" />;
export const PickupOrdersPage = () => <RunListPage kind="pickup" />;
