import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { OrderCard } from '@/features/orders';
import { useWorkspaceList } from '../api/workspace-orders';

/** /store/workspace/overdue-orders: gear still out after its return time, to chase up. */
export default function OverdueOrdersPage() {
  const { t } = useTranslation();
  const query = useWorkspaceList('overdue');
  return (
    <div className="workspace-list">
      <PageHeader title={t('workspace.overdueTitle')} backTo={Paths.workspace} />
      <p className="workspace-page__tip">{t('workspace.overdueTip')}</p>
      <PagedList query={query} emptyText={t('workspace.overdueEmpty')}>
        {(orders) => orders.map((order) => <OrderCard key={order.id} order={order} />)}
      </PagedList>
    </div>
  );
}
