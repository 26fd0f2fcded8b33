import { describe, expect, it } from 'vitest';
import { routeMeta } from '@/config/route-meta';
import { appRoutes, findRoute, routePages } from './routes';

describe('the route table', () => {
  it('gives every route its page, and no page a route that is not there', () => {
    expect(appRoutes.map((route) => route.path)).toEqual(routeMeta.map((route) => route.path));
    expect(Object.keys(routePages).sort()).toEqual(routeMeta.map((route) => route.path).sort());
  });

  it('finds the route a path opens with its page', () => {
    const route = findRoute('/store/orders/detail/42?tab=1');
    expect(route?.path).toBe('/store/orders/detail/:id');
    expect(route?.load).toBe(routePages['/store/orders/detail/:id']);
    expect(findRoute('/nowhere')).toBeUndefined();
  });
});
