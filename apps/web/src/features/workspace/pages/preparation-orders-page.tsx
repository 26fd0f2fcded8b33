import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { orderTotalText, type OrderSummary } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList, useShownTotal } from '@/components/paged-list';
import { OrderCard } from '@/features/orders';
import { useWorkspaceList } from '../api/workspace-orders';
import { BindPanel } from '../components/bind-panel';
import { PreparationDin } from '../components/preparation-din';

/** /store/workspace/preparation-orders: orders starting soon whose gear is still to pick. */
export default function PreparationOrdersPage() {
  const { t } = useTranslation();
  const query = useWorkspaceList('preparation');
  const total = useShownTotal(query) ?? 0;
  const [binding, setBinding] = useState<OrderSummary | null>(null);
  return (
    <div className="workspace-list">
      <PageHeader title={t('workspace.preparationTitle')} backTo={Paths.workspace} />
      <p className="workspace-page__tip">
        {t('workspace.preparationTip')}
        {query.data && (
          <span className="order-list__total" aria-live="polite">
            {' '}
            {t('orderList.total', {
              count: total,
              replace: { count: orderTotalText(total) },
            })}
          </span>
        )}
      </p>
      <PagedList query={query} emptyText={t('workspace.preparationEmpty')}>
        {(orders) =>
          orders.map((order) => (
            <div key={order.id} className="workspace-list__item">
              <OrderCard order={order} />
              <PreparationDin orderId={order.id} />
              <Button
                block
                color="primary"
                fill="outline"
                className="workspace-list__bind"
                onClick={() => setBinding(order)}
              >
                <ScanningOutline /> {t('workspace.bind', { number: order.orderNumber })}
              </Button>
            </div>
          ))
        }
      </PagedList>
      {binding && <BindPanel orderId={binding.id} onClose={() => setBinding(null)} />}
    </div>
  );
}
