import { useSearchParams } from 'react-router';
import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { MY_ORDER_FILTER_KEYS, useMyOrders, type MyOrderFilter } from '../api/list-my-orders';
import { MyOrderCard } from '../components/my-order-card';
import '../customer-orders.css';
import { PageHeader } from '@/components/page-header';

/**
 * /customer/orders: the customer's orders, newest first, 10 at a time, by status (kept in the
 * address, so going back from an order returns to the same filter); pull to refresh.
 */
export default function MyOrdersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('filter');
  const filter: MyOrderFilter = MY_ORDER_FILTER_KEYS.find((k) => k === wanted) ?? 'all';
  const query = useMyOrders(filter);

  return (
    <div className="my-orders">
      <PageHeader noBack title={t('routes.customerOrders')} />
      <CapsuleTabs
        activeKey={filter}
        onChange={(key) => setSearch(key === 'all' ? {} : { filter: key }, { replace: true })}
        className="my-orders__filter"
      >
        {MY_ORDER_FILTER_KEYS.map((key) => (
          <CapsuleTabs.Tab key={key} title={t(`myOrders.filters.${key}`)} />
        ))}
      </CapsuleTabs>
      <PagedList
        query={query}
        emptyText={filter === 'all' ? t('myOrders.emptyAll') : t('myOrders.empty')}
      >
        {(orders) => (
          <div className="my-orders__list">
            {orders.map((order) => (
              <MyOrderCard key={order.id} order={order} />
            ))}
          </div>
        )}
      </PagedList>
    </div>
  );
}
