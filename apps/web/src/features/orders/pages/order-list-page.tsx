import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { CalendarPicker } from '@/components/antd/calendar-picker';
import { CalendarOutline, CloseOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { orderTotalText } from '@snowgear/contracts';
import { PagedList, useShownTotal } from '@/components/paged-list';
import { WorkingStoreBar } from '@/features/stores';
import {
  ORDER_TABS,
  readOrderListFilters,
  useOrderList,
  writeOrderListFilters,
  type OrderListFilters,
  type OrderTab,
} from '../api/list-orders';
import { OrderCard } from '../components/order-card';
import { PageHeader } from '@/components/page-header';
import { storeTime } from '@/lib/store-clock';

const toDay = (d: Date) => dayjs(d).format('YYYY-MM-DD');
/** A store day (YYYY-MM-DD) as month/day, with the year when it is not this one. */
const shortDay = (day: string) => storeTime(`${day}T12:00:00+08:00`, 'MM/DD');

/** How the rental start filter reads on its button: one day, a range, or an open end. */
function dayRangeText(from?: string, to?: string): string | undefined {
  if (from && to) return from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;
  if (from) return `${shortDay(from)} –`;
  if (to) return `– ${shortDay(to)}`;
  return undefined;
}

/**
 * /store/orders/list: the store's orders by status tab, searched by order number, customer name
 * or phone (typed or from a scanner gun ending with Enter), and by rental start days. The
 * filters live in the address, so coming back from an order shows the same list.
 */
export default function OrderListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = readOrderListFilters(search);
  const query = useOrderList(filters);
  const total = useShownTotal(query);
  const [pickingDays, setPickingDays] = useState(false);
  // The last six months and the next six: this season's rentals and the bookings ahead.
  const [calendarBounds] = useState(() => ({
    min: dayjs().subtract(6, 'month').startOf('month').toDate(),
    max: dayjs().add(6, 'month').endOf('month').toDate(),
  }));

  const update = (change: Partial<OrderListFilters>) =>
    setSearch(writeOrderListFilters({ ...filters, ...change }), { replace: true });

  const tabTitle = (tab: OrderTab) =>
    tab === 'all' || tab === 'overdue' || tab === 'selfReturn'
      ? t(`orderList.${tab}`)
      : t(`orders.statuses.${tab}`);
  const days = dayRangeText(filters.startFrom, filters.startTo);
  const endDays = dayRangeText(filters.endFrom, filters.endTo);
  const range: [Date, Date] | null =
    filters.startFrom && filters.startTo
      ? [dayjs(filters.startFrom).toDate(), dayjs(filters.startTo).toDate()]
      : null;

  return (
    <div className="order-list">
      <PageHeader noBack title={t('routes.orderList')} />
      <WorkingStoreBar />
      <Tabs
        className="order-list__tabs"
        activeKey={filters.tab}
        onChange={(key) => update({ tab: ORDER_TABS.find((tab) => tab === key) ?? 'all' })}
      >
        {ORDER_TABS.map((tab) => (
          <Tabs.Tab key={tab} title={tabTitle(tab)} />
        ))}
      </Tabs>
      <form role="search" className="help-search-bar" onSubmit={(e) => e.preventDefault()}>
        <SearchBar
          key={filters.keyword ?? ''}
          defaultValue={filters.keyword}
          maxLength={50}
          placeholder={t('orderList.search')}
          aria-label={t('orderList.search')}
          // Focus selects what is there, so the next scan or search replaces the last one.
          onFocus={(e) => e.target.select()}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          onClear={() => update({ keyword: undefined })}
        />
      </form>
      <div className="order-list__days">
        <Button
          className="order-list__days-button"
          shape="rounded"
          color={days ? 'primary' : 'default'}
          fill="outline"
          onClick={() => setPickingDays(true)}
        >
          <CalendarOutline aria-hidden />
          {t('orderList.startDays', { days: days ?? t('orderList.anyDay') })}
        </Button>
        {days && (
          <Button
            shape="rounded"
            fill="none"
            color="primary"
            onClick={() => update({ startFrom: undefined, startTo: undefined })}
          >
            {t('orderList.clearDays')}
          </Button>
        )}
        {(filters.endFrom ?? filters.endTo) && (
          <Button
            shape="rounded"
            fill="outline"
            color="primary"
            aria-label={t('orderList.clearFilter', {
              filter: t('orderList.endDays', { days: endDays }),
            })}
            onClick={() => update({ endFrom: undefined, endTo: undefined })}
          >
            {t('orderList.endDays', { days: endDays })} <CloseOutline aria-hidden />
          </Button>
        )}
        {filters.run && (
          <Button
            shape="rounded"
            fill="outline"
            color="primary"
            aria-label={t('orderList.clearFilter', { filter: t(`orderList.runs.${filters.run}`) })}
            onClick={() => update({ run: undefined })}
          >
            {t(`orderList.runs.${filters.run}`)} <CloseOutline aria-hidden />
          </Button>
        )}
        {total !== undefined && (
          <span className="order-list__total" aria-live="polite">
            {/* Beyond the count's cap the total reads "1000+" (ORDER_LIST_COUNT_CAP). */}
            {t('orderList.total', { count: total, replace: { count: orderTotalText(total) } })}
          </span>
        )}
      </div>
      <PagedList query={query} emptyText={t('orderList.empty')}>
        {(orders) => (
          <div className="order-list__cards">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        )}
      </PagedList>
      <CalendarPicker
        key={`${filters.startFrom ?? ''}~${filters.startTo ?? ''}`}
        visible={pickingDays}
        selectionMode="range"
        defaultValue={range}
        min={calendarBounds.min}
        max={calendarBounds.max}
        title={t('orderList.pickDays')}
        closeOnMaskClick
        onClose={() => setPickingDays(false)}
        onConfirm={(value) =>
          update(
            value
              ? { startFrom: toDay(value[0]), startTo: toDay(value[1]) }
              : { startFrom: undefined, startTo: undefined },
          )
        }
      />
    </div>
  );
}
