import type { ComponentType } from 'react';
import { RoleName, type PermissionName } from '@snowgear/contracts';
import type zhCN from '@/locales/zh-CN';
import { Paths } from './paths';

/**
 * The one route table (spec §2 route meta): it drives the router, guards, titles, layouts,
 * keep-alive and lazy loading. Only routes that are built are listed.
 */
export type LayoutKind = 'tabBar' | 'actionButton' | 'normal';
export type TitleKey = keyof (typeof zhCN)['routes'];

export interface AppRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  titleKey?: TitleKey;
  layout: LayoutKind;
  needsLogin: boolean;
  roles?: readonly RoleName[];
  permissions?: readonly PermissionName[];
  /** Stays mounted (hidden) when navigated away from, keeping state and scroll. */
  keepAlive?: boolean;
}

export interface AppRedirect {
  from: string;
  to: string;
}

const customerArea = { roles: [RoleName.Customer] as const, needsLogin: false };

export const appRoutes: AppRoute[] = [
  {
    path: Paths.orderCreate,
    load: () => import('@/features/customer-booking/pages/order-create-page'),
    titleKey: 'orderCreate',
    layout: 'actionButton',
    ...customerArea,
  },
  {
    path: Paths.help,
    load: () => import('@/features/help/pages/help-index-page'),
    titleKey: 'help',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/customer',
    load: () =>
      import('@/features/help/pages/help-audience-page').then((m) => ({
        default: m.HelpCustomerPage,
      })),
    titleKey: 'helpCustomer',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/store',
    load: () =>
      import('@/features/help/pages/help-audience-page').then((m) => ({
        default: m.HelpStorePage,
      })),
    titleKey: 'helpStore',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/driver',
    load: () =>
      import('@/features/help/pages/help-audience-page').then((m) => ({
        default: m.HelpDriverPage,
      })),
    titleKey: 'helpDriver',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/article/:id',
    load: () => import('@/features/help/pages/help-article-page'),
    titleKey: 'helpArticle',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/search',
    load: () => import('@/features/help/pages/help-search-page'),
    titleKey: 'helpSearch',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/403',
    load: () => import('@/features/errors/pages/forbidden-page'),
    titleKey: 'forbidden',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: Paths.notFound,
    load: () => import('@/features/errors/pages/not-found-page'),
    titleKey: 'notFound',
    layout: 'normal',
    needsLogin: false,
  },
];

export const appRedirects: AppRedirect[] = [
  { from: Paths.home, to: Paths.orderCreate },
  { from: Paths.customerArea, to: Paths.orderCreate },
];
