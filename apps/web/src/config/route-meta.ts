import { matchRoutes } from 'react-router';
import type { PermissionName, RoleName } from '@snowgear/contracts';
import type zhCN from '@/locales/zh-CN';
import { checkRouteAccess, type SessionSnapshot } from '@/lib/authorization';

/**
 * What each route of the app is (spec §2 route meta) without its page: path, title, layout,
 * keep-alive and who may open it. The route table itself (app/routes.ts, which alone knows the
 * pages) hands its routes over as it loads (`setRouteTable`); anyone may then ask which route a
 * path opens, or whether a user may open it (`mayOpen`), without importing a page.
 */
export type LayoutKind = 'tabBar' | 'actionButton' | 'normal';
export type TitleKey = keyof (typeof zhCN)['routes'];

export interface RouteMeta {
  path: string;
  titleKey?: TitleKey;
  layout: LayoutKind;
  needsLogin: boolean;
  roles?: readonly RoleName[];
  permissions?: readonly PermissionName[];
  /** Stays mounted (hidden) when navigated away from, keeping state and scroll. */
  keepAlive?: boolean;
  /** A sign-in page: signed-in users are sent to their home. */
  guestOnly?: boolean;
}

/**
 * A route's path as a pattern that accepts at least what React Router matches there (`:param`,
 * `:param?`, any case, an optional trailing slash; no route uses a splat). index.html's inline
 * script finds the opened page with the same patterns (build/route-texts.ts writes them).
 */
export function routePattern(path: string): RegExp {
  return new RegExp(
    `^${path
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\/:[^/]+\?/g, '(?:/[^/]+)?')
      .replace(/:[^/]+/g, '[^/]+')}/?$`,
    'i',
  );
}

/**
 * Answers already found, by pathname. `matchRoutes` flattens and ranks the table it is given at
 * every call; the dashboard, the tab bar and the shortcuts ask about the same paths at every
 * render.
 */
const found = new Map<string, RouteMeta | undefined>();

let table: readonly RouteMeta[] = [];
let routePaths: { path: string }[] = [];
let patterns: RegExp[] = [];

/** app/routes.ts hands its routes over as it loads (main.tsx imports it before anything draws). */
export function setRouteTable(routes: readonly RouteMeta[]): void {
  table = routes;
  routePaths = routes.map((route) => ({ path: route.path }));
  patterns = routes.map((route) => routePattern(route.path));
  found.clear();
}

/**
 * The route a path opens (query ignored), if that page exists: the one React Router shows there,
 * by its ranking of the paths, not the table's order. React Router ranks only the routes whose
 * pattern accepts the path (usually one): the ranking over the whole table took about 4 ms a path
 * of a mid-range phone's first load.
 */
export function findRouteMeta(path: string): RouteMeta | undefined {
  const pathname = path.split('?')[0] ?? path;
  if (found.has(pathname)) return found.get(pathname);
  const candidates = routePaths.filter((_, i) => patterns[i]!.test(pathname));
  const match = matchRoutes(candidates.length > 0 ? candidates : routePaths, pathname)?.[0];
  const route = match ? table.find((r) => r.path === match.route.path) : undefined;
  // Paths with ids (an order's, an item's) are many; the table's own few are what repeat.
  if (found.size < 500) found.set(pathname, route);
  return route;
}

/**
 * Whether the user may open `path` (query included, as guards read it): links, shortcuts and
 * figures that open a list show only to those the route's guard lets in.
 */
export function mayOpen(path: string, session: SessionSnapshot): boolean {
  const route = findRouteMeta(path);
  return !!route && checkRouteAccess(route, session, path).allow;
}
