import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@snowgear/contracts';
import {
  ORDER_TABS,
  orderListParams,
  readOrderListFilters,
  writeOrderListFilters,
} from './list-orders';

describe('order list filters', () => {
  it('lists every status code under exactly one status tab', () => {
    const listed = ORDER_TABS.flatMap((tab) =>
      (orderListParams({ tab }).status ?? '').split(',').filter(Boolean).map(Number),
    );
    expect([...listed].sort((a, b) => a - b)).toEqual([...ORDER_STATUSES].sort((a, b) => a - b));
  });

  it.each([
    ['all', {}],
    ['pending', { status: '0' }],
    ['unpaid', { status: '1' }],
    ['reserved', { status: '11' }],
    ['pendingDelivery', { status: '2,3' }],
    ['inUse', { status: '4,5' }],
    ['pendingReturn', { status: '7' }],
    ['pendingPayment', { status: '6' }],
    ['completed', { status: '8,9' }],
    ['cancelled', { status: '10' }],
    ['overdue', { overdue: 'true' }],
  ] as const)('asks the server for the %s tab with %o', (tab, expected) => {
    expect(orderListParams({ tab })).toEqual(expected);
  });

  it('adds the search and the rental start days to the tab', () => {
    expect(
      orderListParams({
        tab: 'unpaid',
        keyword: '13600001234',
        startFrom: '2026-12-01',
        startTo: '2026-12-07',
      }),
    ).toEqual({
      status: '1',
      keyword: '13600001234',
      startFrom: '2026-12-01',
      startTo: '2026-12-07',
    });
  });

  it('keeps the filters in the address and reads them back', () => {
    const filters = {
      tab: 'overdue',
      keyword: '刘七',
      startFrom: '2026-12-01',
      startTo: '2026-12-31',
    } as const;
    const search = new URLSearchParams(writeOrderListFilters(filters));
    expect(search.toString()).toBe(
      'tab=overdue&keyword=%E5%88%98%E4%B8%83&from=2026-12-01&to=2026-12-31',
    );
    expect(readOrderListFilters(search)).toEqual(filters);
    expect(writeOrderListFilters({ tab: 'all' })).toEqual({});
  });

  it('drops from the address what the server would refuse', () => {
    const filters = readOrderListFilters(
      new URLSearchParams({ tab: 'lost', keyword: '   ', from: '2026-02-30', to: 'tomorrow' }),
    );
    expect(filters).toEqual({
      tab: 'all',
      keyword: undefined,
      startFrom: undefined,
      startTo: undefined,
    });
    const long = readOrderListFilters(new URLSearchParams({ keyword: ` ${'8'.repeat(60)} ` }));
    expect(long.keyword).toHaveLength(50);
  });
});
