import { Link } from 'react-router';
import { Button, Collapse, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import type { EquipmentOrder, EquipmentOrdersCount } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { mayOpen } from '@/config/route-meta';
import { sessionSnapshot, useSession } from '@/features/auth';
import {
  RELATED_ORDER_TABS,
  useRelatedOrders,
  useRelatedOrdersCount,
  type RelatedOrderTab,
} from '../api/related-orders';
import { ErrorBlock } from '@/components/error-block';
import { OrderStatusTag } from '@/components/order-status-tag';

/** A rental period as month/day to month/day, e.g. 01/10–01/13. */
export function rentalPeriod(start: string, end: string): string {
  return `${storeTime(start, 'MM/DD')}–${storeTime(end, 'MM/DD')}`;
}

export const orderAmount = (yuan: number) => `¥${yuan.toFixed(2)}`;

const COUNT_OF: Record<RelatedOrderTab, keyof EquipmentOrdersCount> = {
  inUse: 'inUseCount',
  reserved: 'reservedCount',
  unpaid: 'unpaidCount',
  completed: 'completedCount',
};

/**
 * The equipment dialog's related orders (spec §2): closed at first, with the total in its header;
 * a tab per order group with its count, each loaded when first opened, 10 at a time.
 */
export function RelatedOrders({
  equipmentId,
  onNavigate,
}: {
  equipmentId: string;
  /** Called when an order is opened (the dialog closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const counts = useRelatedOrdersCount(equipmentId);
  const canOpen = useMayOpenOrders();
  return (
    <Collapse className="related-orders">
      <Collapse.Panel
        key="orders"
        title={
          <span className="related-orders__title">
            {t('inventory.relatedOrders.title')}
            {counts.data && (
              <span className="related-orders__count">
                {t('inventory.relatedOrders.count', { count: counts.data.totalCount })}
              </span>
            )}
          </span>
        }
      >
        <Tabs className="related-orders__tabs">
          {RELATED_ORDER_TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              title={
                <span>
                  {t(`inventory.relatedOrders.tabs.${tab}`)}
                  {counts.data && (
                    <span className="related-orders__count">{counts.data[COUNT_OF[tab]]}</span>
                  )}
                </span>
              }
            >
              <RelatedOrderList
                equipmentId={equipmentId}
                tab={tab}
                canOpen={canOpen}
                onNavigate={onNavigate}
              />
            </Tabs.Tab>
          ))}
        </Tabs>
      </Collapse.Panel>
    </Collapse>
  );
}

/** Whether the user may open an order (the detail page's own access rule); others get no links. */
export function useMayOpenOrders(): boolean {
  const session = useSession();
  return mayOpen(Paths.storeOrderDetail('any'), sessionSnapshot(session));
}

function RelatedOrderList({
  equipmentId,
  tab,
  canOpen,
  onNavigate,
}: {
  equipmentId: string;
  tab: RelatedOrderTab;
  canOpen: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const query = useRelatedOrders(tab, equipmentId);

  if (query.isPending) {
    return (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isError && items.length === 0) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('app.loadFailed')}
        description={query.error.message}
      >
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (items.length === 0) {
    return <p className="related-orders__empty">{t('inventory.relatedOrders.empty')}</p>;
  }
  return (
    <>
      <ul className="related-orders__list">
        {items.map((order) => (
          <li key={order.orderId}>
            {canOpen ? (
              <Link
                to={Paths.storeOrderDetail(order.orderId)}
                className="related-order"
                onClick={onNavigate}
              >
                <RelatedOrderRow order={order} />
              </Link>
            ) : (
              <div className="related-order">
                <RelatedOrderRow order={order} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          block
          fill="none"
          color="primary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchNextPageError
            ? t('list.loadMoreFailed')
            : t('inventory.relatedOrders.loadMore')}
        </Button>
      )}
    </>
  );
}

function RelatedOrderRow({ order }: { order: EquipmentOrder }) {
  return (
    <>
      <span className="related-order__head">
        <span className="related-order__number">{order.orderNumber}</span>
        <OrderStatusTag status={order.status} />
      </span>
      <span className="related-order__meta">
        <span>{order.customerName}</span>
        <span>{rentalPeriod(order.rentalStartTime, order.rentalEndTime)}</span>
        <strong className="related-order__amount">{orderAmount(order.totalAmount)}</strong>
      </span>
    </>
  );
}
