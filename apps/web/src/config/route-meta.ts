import { matchRoutes } from 'react-router';
import { Permissions, RoleName, type PermissionName } from '@snowgear/contracts';
import type zhCN from '@/locales/zh-CN';
import { checkRouteAccess, type SessionSnapshot } from '@/lib/authorization';
import { Paths } from './paths';

/**
 * What each route of the app is (spec §2 route meta): its path, title, layout, keep-alive and who
 * may open it; the data half of the one route table. app/routes.ts gives each its page (lazily
 * loaded) and is the only place that knows the pages: anyone may read this half, for instance to
 * show a link only to those who may open it (`mayOpen`). Only routes that are built are listed.
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

const customerArea = { roles: [RoleName.Customer] as const, needsLogin: false };
const signedInCustomer = { roles: [RoleName.Customer] as const, needsLogin: true };
// SuperAdmin lands on the store dashboard too (spec §4 role homes).
const storeArea = {
  roles: [RoleName.StoreEmployee, RoleName.StoreManager, RoleName.SuperAdmin] as const,
  needsLogin: true,
};
const driverArea = { roles: [RoleName.Driver] as const, needsLogin: true };
/** Anyone who works with a store's orders. */
const ORDER_VIEW = [
  Permissions.StoreManagement.Orders,
  Permissions.BusinessOperations.OrderCreate,
  Permissions.BusinessOperations.OrderUpdate,
  Permissions.BusinessOperations.OrderProcess,
] as const;
/** The administration console's home: anyone with one of its sections (features/admin/sections.ts). */
const ADMIN_ANY = [
  Permissions.SystemManagement.Default,
  Permissions.SystemManagement.Stores,
  Permissions.SystemManagement.Users,
  Permissions.StoreManagement.Default,
  Permissions.StoreManagement.Employees,
  Permissions.StoreManagement.Finance,
] as const;
const agentArea = { roles: [RoleName.Agent] as const, needsLogin: true };

export const routeMeta: RouteMeta[] = [
  {
    path: Paths.equipmentInquiryPage,
    titleKey: 'equipmentInquiry',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.schemeList,
    titleKey: 'schemeList',
    layout: 'normal',
    ...signedInCustomer,
  },
  {
    path: Paths.schemeDetail(),
    titleKey: 'schemeCurrent',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.customerDashboard,
    titleKey: 'customerDashboard',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: Paths.customerOrders,
    titleKey: 'customerOrders',
    layout: 'tabBar',
    ...signedInCustomer,
  },
  {
    path: '/customer/orders/:id',
    titleKey: 'customerOrderDetail',
    layout: 'actionButton',
    ...signedInCustomer,
  },
  {
    path: '/customer/self-return/:id',
    titleKey: 'selfReturn',
    layout: 'actionButton',
    ...signedInCustomer,
  },
  {
    path: Paths.orderQrHome,
    titleKey: 'orderQr',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: '/customer/order-qr/:orderNumber',
    titleKey: 'orderQr',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: '/customer/receipt/:orderNumber',
    titleKey: 'receipt',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: '/customer/payment/:orderId?',
    titleKey: 'customerPayment',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.contactService,
    titleKey: 'contactService',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.login,
    titleKey: 'login',
    layout: 'normal',
    needsLogin: false,
    guestOnly: true,
  },
  {
    path: Paths.customerLogin,
    titleKey: 'customerLogin',
    layout: 'normal',
    needsLogin: false,
    guestOnly: true,
  },
  {
    path: Paths.customerProfile,
    titleKey: 'customerProfile',
    layout: 'tabBar',
    ...signedInCustomer,
  },
  {
    path: Paths.storeDashboard,
    titleKey: 'storeDashboard',
    layout: 'tabBar',
    keepAlive: true,
    ...storeArea,
  },
  {
    path: Paths.storeProfile,
    titleKey: 'storeProfile',
    layout: 'tabBar',
    ...storeArea,
  },
  {
    path: Paths.inventoryList,
    titleKey: 'inventoryList',
    layout: 'tabBar',
    ...storeArea,
  },
  {
    path: '/store/inventory/detail/:id',
    titleKey: 'inventoryDetail',
    layout: 'actionButton',
    ...storeArea,
  },
  {
    path: Paths.inventoryCheckin,
    titleKey: 'inventoryCheckin',
    layout: 'actionButton',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.EquipmentCreate],
  },
  {
    path: '/store/inventory/edit/:id',
    titleKey: 'inventoryEdit',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.EquipmentUpdate],
  },
  {
    path: Paths.inventoryBatch,
    titleKey: 'inventoryBatch',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.InventoryManage],
  },
  {
    path: '/store/inventory/labels',
    titleKey: 'inventoryLabels',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.InventoryManage],
  },
  {
    path: Paths.storeOrderList,
    titleKey: 'orderList',
    layout: 'tabBar',
    ...storeArea,
    permissions: [
      Permissions.StoreManagement.Orders,
      Permissions.BusinessOperations.OrderCreate,
      Permissions.BusinessOperations.OrderUpdate,
      Permissions.BusinessOperations.OrderProcess,
    ],
  },
  {
    path: Paths.storeOrderCreate(),
    titleKey: 'storeOrderCreate',
    layout: 'actionButton',
    keepAlive: true,
    ...storeArea,
    permissions: [Permissions.BusinessOperations.OrderCreate],
  },
  {
    path: '/store/orders/detail/:id',
    titleKey: 'orderDetail',
    layout: 'actionButton',
    ...storeArea,
    permissions: [
      Permissions.StoreManagement.Orders,
      Permissions.BusinessOperations.OrderCreate,
      Permissions.BusinessOperations.OrderUpdate,
      Permissions.BusinessOperations.OrderProcess,
    ],
  },
  {
    path: '/store/orders/payment/:id?',
    titleKey: 'orderPayment',
    layout: 'actionButton',
    ...storeArea,
    permissions: [Permissions.BusinessOperations.PaymentProcess],
  },
  {
    path: Paths.workspace,
    titleKey: 'workspace',
    layout: 'normal',
    ...storeArea,
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.moneyApprovals,
    titleKey: 'moneyApprovals',
    layout: 'normal',
    needsLogin: true,
    roles: [RoleName.StoreManager, RoleName.SuperAdmin],
  },
  {
    // StoreEmployee only, as spec §2 says.
    path: Paths.overdueOrders,
    titleKey: 'overdueOrders',
    layout: 'normal',
    needsLogin: true,
    roles: [RoleName.StoreEmployee],
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.preparationOrders,
    titleKey: 'preparationOrders',
    layout: 'normal',
    ...storeArea,
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.storeScan,
    titleKey: 'storeScan',
    layout: 'normal',
    ...storeArea,
  },
  {
    path: Paths.smallEquipment,
    titleKey: 'smallEquipment',
    layout: 'normal',
    ...storeArea,
  },
  {
    path: Paths.storeFinance,
    titleKey: 'storeFinance',
    layout: 'tabBar',
    ...storeArea,
    permissions: [Permissions.StoreManagement.Finance],
  },
  {
    path: Paths.storeEmployees,
    titleKey: 'storeEmployees',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.StoreManagement.Employees, Permissions.SystemManagement.Users],
  },
  {
    path: Paths.admin,
    titleKey: 'adminHome',
    layout: 'normal',
    needsLogin: true,
    permissions: ADMIN_ANY,
  },
  {
    path: Paths.adminStores,
    titleKey: 'adminStores',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Stores],
  },
  {
    path: '/store/admin/stores/:id',
    titleKey: 'adminStore',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Stores],
  },
  {
    path: Paths.adminParameters,
    titleKey: 'adminParameters',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.adminSystem,
    titleKey: 'adminSystem',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminCatalogue,
    titleKey: 'adminCatalogue',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: '/store/admin/catalogue/:id',
    titleKey: 'adminCategory',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminHelp,
    titleKey: 'adminHelp',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: '/store/admin/help/:id',
    titleKey: 'adminHelpArticle',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminRoles,
    titleKey: 'adminRoles',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Users, Permissions.StoreManagement.Employees],
  },
  {
    path: Paths.adminAudit,
    titleKey: 'adminAudit',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.shiftClose,
    titleKey: 'shiftClose',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.StoreManagement.Finance],
  },
  {
    path: Paths.driverDashboard,
    titleKey: 'driverDashboard',
    layout: 'normal',
    keepAlive: true,
    ...driverArea,
  },
  {
    path: Paths.driverDeliveryOrders,
    titleKey: 'driverDeliveryOrders',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverPickupOrders,
    titleKey: 'driverPickupOrders',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/order-detail/:id',
    titleKey: 'driverOrderDetail',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/delivery-confirm/:id',
    titleKey: 'driverDeliveryConfirm',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/pickup-confirm/:id',
    titleKey: 'driverPickupConfirm',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverScan,
    titleKey: 'driverScan',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/payment/:id',
    titleKey: 'driverPayment',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverProfile,
    titleKey: 'driverProfile',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.agentDashboard,
    titleKey: 'agentDashboard',
    layout: 'normal',
    ...agentArea,
  },
  {
    path: Paths.agentOrderCreate,
    titleKey: 'agentOrderCreate',
    layout: 'actionButton',
    ...agentArea,
    permissions: [Permissions.AgentBusiness.OrderCreate],
  },

  {
    path: Paths.orderCreate,
    titleKey: 'orderCreate',
    layout: 'actionButton',
    ...customerArea,
  },
  {
    path: Paths.help,
    titleKey: 'help',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/customer',
    titleKey: 'helpCustomer',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/store',
    titleKey: 'helpStore',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/driver',
    titleKey: 'helpDriver',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/article/:id',
    titleKey: 'helpArticle',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/help/search',
    titleKey: 'helpSearch',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: '/403',
    titleKey: 'forbidden',
    layout: 'normal',
    needsLogin: false,
  },
  {
    path: Paths.notFound,
    titleKey: 'notFound',
    layout: 'normal',
    needsLogin: false,
  },
];

const routePaths = routeMeta.map((route) => ({ path: route.path }));

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

const patterns = routeMeta.map((route) => routePattern(route.path));

/**
 * Answers already found, by pathname. `matchRoutes` flattens and ranks the table it is given at
 * every call; the dashboard, the tab bar and the shortcuts ask about the same paths at every
 * render.
 */
const found = new Map<string, RouteMeta | undefined>();

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
  const route = match ? routeMeta.find((r) => r.path === match.route.path) : undefined;
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
