import type { ComponentType } from 'react';
import { Paths } from '@/config/paths';
import { findRouteMeta, routeMeta, type RouteMeta, type TitleKey } from '@/config/route-meta';

/**
 * The one route table (spec §2 route meta) with its pages: it drives the router, guards, titles,
 * layouts, keep-alive and lazy loading. The routes' data (path, title, layout, access) is in
 * config/route-meta.ts, which features may read; the pages are here alone, each loaded when first
 * opened, so that nothing below app/ imports a page.
 */
export interface AppRoute extends RouteMeta {
  load: () => Promise<{ default: ComponentType }>;
}

export interface AppRedirect {
  from: string;
  to: string;
}

/** The page of each route of config/route-meta.ts, by its path. */
export const routePages: Record<string, AppRoute['load']> = {
  [Paths.equipmentInquiryPage]: () =>
    import('@/features/equipment-inquiry/pages/equipment-inquiry-page'),
  [Paths.schemeList]: () => import('@/features/schemes/pages/scheme-list-page'),
  [Paths.schemeDetail()]: () => import('@/features/schemes/pages/scheme-detail-page'),
  [Paths.customerDashboard]: () =>
    import('@/features/customer-orders/pages/customer-dashboard-page'),
  [Paths.customerOrders]: () => import('@/features/customer-orders/pages/my-orders-page'),
  '/customer/orders/:id': () => import('@/features/customer-orders/pages/my-order-detail-page'),
  '/customer/self-return/:id': () => import('@/features/customer-orders/pages/self-return-page'),
  [Paths.orderQrHome]: () => import('@/features/customer-orders/pages/order-qr-home-page'),
  '/customer/order-qr/:orderNumber': () => import('@/features/orders/pages/order-qr-page'),
  '/customer/receipt/:orderNumber': () => import('@/features/receipts/pages/receipt-page'),
  '/customer/payment/:orderId?': () => import('@/features/payments/pages/customer-payment-page'),
  [Paths.contactService]: () => import('@/features/customer-service/pages/contact-service-page'),
  [Paths.login]: () => import('@/features/auth/pages/login-page'),
  [Paths.customerLogin]: () => import('@/features/auth/pages/customer-login-page'),
  [Paths.customerProfile]: () =>
    import('@/features/auth/pages/profile-page').then((m) => ({
      default: m.CustomerProfilePage,
    })),
  [Paths.storeDashboard]: () => import('@/features/home/pages/store-dashboard-page'),
  [Paths.storeProfile]: () =>
    import('@/features/auth/pages/profile-page').then((m) => ({ default: m.StoreProfilePage })),
  [Paths.inventoryList]: () => import('@/features/inventory/pages/inventory-list-page'),
  '/store/inventory/detail/:id': () => import('@/features/inventory/pages/inventory-detail-page'),
  [Paths.inventoryCheckin]: () => import('@/features/inventory/pages/inventory-checkin-page'),
  '/store/inventory/edit/:id': () => import('@/features/inventory/pages/inventory-edit-page'),
  [Paths.inventoryBatch]: () => import('@/features/inventory/pages/inventory-batch-page'),
  '/store/inventory/labels': () => import('@/features/inventory/pages/inventory-labels-page'),
  [Paths.storeOrderList]: () => import('@/features/orders/pages/order-list-page'),
  [Paths.storeOrderCreate()]: () => import('@/features/orders/pages/order-create-page'),
  '/store/orders/detail/:id': () => import('@/features/orders/pages/order-detail-page'),
  '/store/orders/payment/:id?': () => import('@/features/orders/pages/order-payment-page'),
  [Paths.workspace]: () => import('@/features/workspace/pages/workspace-page'),
  [Paths.moneyApprovals]: () => import('@/features/orders/pages/money-approvals-page'),
  [Paths.overdueOrders]: () => import('@/features/workspace/pages/overdue-orders-page'),
  [Paths.preparationOrders]: () => import('@/features/workspace/pages/preparation-orders-page'),
  [Paths.storeScan]: () => import('@/app/smart-scan/scan-page'),
  [Paths.smallEquipment]: () => import('@/features/inventory/pages/small-equipment-page'),
  [Paths.storeFinance]: () => import('@/features/finance/pages/finance-page'),
  [Paths.storeEmployees]: () => import('@/features/employees/pages/employees-page'),
  [Paths.admin]: () => import('@/features/admin/pages/admin-home-page'),
  [Paths.adminStores]: () => import('@/features/admin/pages/stores-page'),
  '/store/admin/stores/:id': () => import('@/features/admin/pages/store-edit-page'),
  [Paths.adminParameters]: () => import('@/features/admin/pages/parameters-page'),
  [Paths.adminSystem]: () => import('@/features/admin/pages/system-info-page'),
  [Paths.adminCatalogue]: () => import('@/features/catalogue/pages/catalogue-page'),
  '/store/admin/catalogue/:id': () => import('@/features/catalogue/pages/category-page'),
  [Paths.adminHelp]: () => import('@/features/help/pages/help-admin-page'),
  '/store/admin/help/:id': () => import('@/features/help/pages/help-article-edit-page'),
  [Paths.adminRoles]: () => import('@/features/roles/pages/roles-page'),
  [Paths.adminAudit]: () => import('@/features/audit-log/pages/audit-log-page'),
  [Paths.shiftClose]: () => import('@/features/finance/pages/shift-close-page'),
  [Paths.driverDashboard]: () => import('@/features/driver/pages/driver-dashboard-page'),
  [Paths.driverDeliveryOrders]: () =>
    import('@/features/driver/pages/run-list-page').then((m) => ({
      default: m.DeliveryOrdersPage,
    })),
  [Paths.driverPickupOrders]: () =>
    import('@/features/driver/pages/run-list-page').then((m) => ({
      default: m.PickupOrdersPage,
    })),
  '/driver/order-detail/:id': () => import('@/features/driver/pages/driver-order-detail-page'),
  '/driver/delivery-confirm/:id': () => import('@/features/driver/pages/delivery-confirm-page'),
  '/driver/pickup-confirm/:id': () => import('@/features/driver/pages/pickup-confirm-page'),
  [Paths.driverScan]: () => import('@/features/driver/pages/driver-scan-page'),
  '/driver/payment/:id': () => import('@/features/driver/pages/driver-payment-page'),
  [Paths.driverProfile]: () =>
    import('@/features/auth/pages/profile-page').then((m) => ({ default: m.DriverProfilePage })),
  [Paths.agentDashboard]: () => import('@/features/agent/pages/agent-dashboard-page'),
  [Paths.agentOrderCreate]: () => import('@/features/customer-booking/pages/agent-booking-page'),
  [Paths.orderCreate]: () => import('@/features/customer-booking/pages/order-create-page'),
  [Paths.help]: () => import('@/features/help/pages/help-index-page'),
  '/help/customer': () =>
    import('@/features/help/pages/help-audience-page').then((m) => ({
      default: m.HelpCustomerPage,
    })),
  '/help/store': () =>
    import('@/features/help/pages/help-audience-page').then((m) => ({
      default: m.HelpStorePage,
    })),
  '/help/driver': () =>
    import('@/features/help/pages/help-audience-page').then((m) => ({
      default: m.HelpDriverPage,
    })),
  '/help/article/:id': () => import('@/features/help/pages/help-article-page'),
  '/help/search': () => import('@/features/help/pages/help-search-page'),
  '/403': () => import('@/features/errors/pages/forbidden-page'),
  [Paths.notFound]: () => import('@/features/errors/pages/not-found-page'),
};

export const appRoutes: AppRoute[] = routeMeta.map((route) => {
  const load = routePages[route.path];
  if (!load) throw new Error(`No page for the route ${route.path}`);
  return { ...route, load };
});

const byPath = new Map(appRoutes.map((route) => [route.path, route]));

/** The route a path opens (query ignored), with its page: see `findRouteMeta`. */
export function findRoute(path: string): AppRoute | undefined {
  const meta = findRouteMeta(path);
  return meta && byPath.get(meta.path);
}

/** Area roots; '/' itself goes to the home of the signed-in role, else to booking. */
export const appRedirects: AppRedirect[] = [
  { from: Paths.customerArea, to: Paths.orderCreate },
  { from: Paths.storeArea, to: Paths.storeDashboard },
  { from: Paths.driverArea, to: Paths.driverDashboard },
  { from: Paths.agentArea, to: Paths.agentDashboard },
];

/** Bottom tabs per area (spec §2 tab-bar pages that exist). */
export const tabBars: Record<string, { path: string; titleKey: TitleKey; icon: string }[]> = {
  store: [
    { path: Paths.storeDashboard, titleKey: 'storeDashboard', icon: 'AppOutline' },
    { path: Paths.storeOrderList, titleKey: 'orderList', icon: 'BillOutline' },
    { path: Paths.inventoryList, titleKey: 'inventoryList', icon: 'UnorderedListOutline' },
    { path: Paths.storeFinance, titleKey: 'storeFinance', icon: 'PayCircleOutline' },
    { path: Paths.storeProfile, titleKey: 'storeProfile', icon: 'UserOutline' },
  ],
  customer: [
    { path: Paths.customerDashboard, titleKey: 'customerDashboard', icon: 'AppOutline' },
    { path: Paths.customerOrders, titleKey: 'customerOrders', icon: 'BillOutline' },
    { path: Paths.orderQrHome, titleKey: 'orderQrTab', icon: 'ScanCodeOutline' },
    { path: Paths.customerProfile, titleKey: 'customerProfile', icon: 'UserOutline' },
  ],
};
