import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findRouteMeta } from '@/config/route-meta';
import { appRoutes, findRoute } from './routes';

/** What React Router itself shows at a path, over the whole table. */
function routerChoice(pathname: string): string | undefined {
  return matchRoutes(
    appRoutes.map((route) => ({ path: route.path })),
    pathname,
  )?.[0]?.route.path;
}

/** Paths that open each route: its parameters filled in or left out, any case, a trailing slash. */
function pathsOf(pattern: string): string[] {
  const filled = pattern.replace(/:[^/?]+\??/g, 'a1B2');
  const without = pattern.replace(/\/:[^/]+\?/g, '').replace(/:[^/?]+/g, 'a1B2');
  return [filled, without, `${filled}/`, filled.toUpperCase(), `${filled}?tab=1`];
}

describe('the route a path opens', () => {
  it('is the one React Router shows there, for every page of the app', () => {
    const paths = appRoutes.flatMap((route) => pathsOf(route.path));
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      expect(findRoute(path)?.path, path).toBe(routerChoice(path.split('?')[0]!));
      // Asked again (the answer is kept): the same.
      expect(findRoute(path)?.path, path).toBe(routerChoice(path.split('?')[0]!));
    }
  });

  it('is none for a path no page has', () => {
    for (const path of ['/nowhere', '/store/orders/detail', '/store/orders/detail/1/2', '//x']) {
      expect(findRoute(path), path).toBeUndefined();
      expect(routerChoice(path), path).toBeUndefined();
    }
  });

  it('opens a page with an optional part, with it or without it', () => {
    expect(findRoute('/customer/payment')?.path).toBe('/customer/payment/:orderId?');
    expect(findRoute('/customer/payment/42')?.path).toBe('/customer/payment/:orderId?');
    expect(findRoute('/customer/payment/42/x')).toBeUndefined();
  });
});

describe('the route data features read', () => {
  it('is the table itself, handed over as it loads', () => {
    expect(findRouteMeta('/store/orders/detail/42')).toBe(findRoute('/store/orders/detail/42'));
    expect(findRouteMeta('/store/orders/detail/42')?.path).toBe('/store/orders/detail/:id');
  });
});
