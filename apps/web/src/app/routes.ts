import type { ComponentType } from 'react';
import { Permissions, RoleName } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { findRouteMeta, setRouteTable, type RouteMeta, type TitleKey } from '@/config/route-meta';

/**
 * The one route table (spec §2 route meta): it drives the router, guards, titles, layouts,
 * keep-alive and lazy loading. Only routes that are built are listed. It is the only module that
 * knows the pages (app/ alone imports it); it hands its data to config/route-meta.ts as it loads,
 * where features ask whether a user may open a path (`mayOpen`) without importing a page.
 */
export interface AppRoute extends RouteMeta {
  load: () => Promise<{ default: ComponentType }>;
}

export interface AppRedirect {
  from: string;
  to: string;
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

export const appRoutes: AppRoute[] = [
  {
    path: Paths.equipmentInquiryPage,
    load: () => import('@/features/equipment-inquiry/pages/equipment-inquiry-page'),
    titleKey: 'equipmentInquiry',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.schemeList,
    load: () => import('@/features/schemes/pages/scheme-list-page'),
    titleKey: 'schemeList',
    layout: 'normal',
    // Public (spec §2): a visitor sees the plans saved on this phone.
    ...customerArea,
  },
  {
    // Public: a family member adds themselves through the clerk's code, with no account.
    path: Paths.selfCheckin(),
    load: () => import('@/features/self-checkin/pages/self-checkin-page'),
    titleKey: 'selfCheckin',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.schemeDetail(),
    load: () => import('@/features/schemes/pages/scheme-detail-page'),
    titleKey: 'schemeCurrent',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.customerDashboard,
    load: () => import('@/features/customer-orders/pages/customer-dashboard-page'),
    titleKey: 'customerDashboard',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: Paths.customerOrders,
    load: () => import('@/features/customer-orders/pages/my-orders-page'),
    titleKey: 'customerOrders',
    layout: 'tabBar',
    ...signedInCustomer,
  },
  {
    path: '/customer/orders/:id',
    load: () => import('@/features/customer-orders/pages/my-order-detail-page'),
    titleKey: 'customerOrderDetail',
    layout: 'actionButton',
    ...signedInCustomer,
  },
  {
    path: '/customer/self-return/:id',
    load: () => import('@/features/customer-orders/pages/self-return-page'),
    titleKey: 'selfReturn',
    layout: 'actionButton',
    ...signedInCustomer,
  },
  {
    path: Paths.orderQrHome,
    load: () => import('@/features/customer-orders/pages/order-qr-home-page'),
    titleKey: 'orderQr',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: '/customer/order-qr/:orderNumber',
    load: () => import('@/features/orders/pages/order-qr-page'),
    titleKey: 'orderQr',
    layout: 'tabBar',
    ...customerArea,
  },
  {
    path: '/customer/receipt/:orderNumber',
    load: () => import('@/features/receipts/pages/receipt-page'),
    titleKey: 'receipt',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: '/customer/payment/:orderId?',
    load: () => import('@/features/payments/pages/customer-payment-page'),
    titleKey: 'customerPayment',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.contactService,
    load: () => import('@/features/customer-service/pages/contact-service-page'),
    titleKey: 'contactService',
    layout: 'normal',
    ...customerArea,
  },
  {
    path: Paths.login,
    load: () => import('@/features/auth/pages/login-page'),
    titleKey: 'login',
    layout: 'normal',
    needsLogin: false,
    guestOnly: true,
  },
  {
    path: Paths.customerLogin,
    load: () => import('@/features/auth/pages/customer-login-page'),
    titleKey: 'customerLogin',
    layout: 'normal',
    needsLogin: false,
    guestOnly: true,
  },
  {
    path: Paths.customerProfile,
    load: () =>
      import('@/features/auth/pages/profile-page').then((m) => ({
        default: m.CustomerProfilePage,
      })),
    titleKey: 'customerProfile',
    layout: 'tabBar',
    ...signedInCustomer,
  },
  {
    path: Paths.storeDashboard,
    load: () => import('@/features/home/pages/store-dashboard-page'),
    titleKey: 'storeDashboard',
    layout: 'tabBar',
    keepAlive: true,
    ...storeArea,
  },
  {
    path: Paths.storeProfile,
    load: () =>
      import('@/features/auth/pages/profile-page').then((m) => ({ default: m.StoreProfilePage })),
    titleKey: 'storeProfile',
    layout: 'tabBar',
    ...storeArea,
  },
  {
    path: Paths.inventoryList,
    load: () => import('@/features/inventory/pages/inventory-list-page'),
    titleKey: 'inventoryList',
    layout: 'tabBar',
    ...storeArea,
  },
  {
    path: '/store/inventory/detail/:id',
    load: () => import('@/features/inventory/pages/inventory-detail-page'),
    titleKey: 'inventoryDetail',
    layout: 'actionButton',
    ...storeArea,
  },
  {
    path: Paths.inventoryCheckin,
    load: () => import('@/features/inventory/pages/inventory-checkin-page'),
    titleKey: 'inventoryCheckin',
    layout: 'actionButton',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.EquipmentCreate],
  },
  {
    path: '/store/inventory/edit/:id',
    load: () => import('@/features/inventory/pages/inventory-edit-page'),
    titleKey: 'inventoryEdit',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.EquipmentUpdate],
  },
  {
    path: Paths.inventoryBatch,
    load: () => import('@/features/inventory/pages/inventory-batch-page'),
    titleKey: 'inventoryBatch',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.InventoryManage],
  },
  {
    path: '/store/inventory/labels',
    load: () => import('@/features/inventory/pages/inventory-labels-page'),
    titleKey: 'inventoryLabels',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.BusinessOperations.InventoryManage],
  },
  {
    path: Paths.storeOrderList,
    load: () => import('@/features/orders/pages/order-list-page'),
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
    load: () => import('@/features/orders/pages/order-create-page'),
    titleKey: 'storeOrderCreate',
    layout: 'actionButton',
    keepAlive: true,
    ...storeArea,
    permissions: [Permissions.BusinessOperations.OrderCreate],
  },
  {
    path: '/store/orders/detail/:id',
    load: () => import('@/features/orders/pages/order-detail-page'),
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
    load: () => import('@/features/orders/pages/order-payment-page'),
    titleKey: 'orderPayment',
    layout: 'actionButton',
    ...storeArea,
    permissions: [Permissions.BusinessOperations.PaymentProcess],
  },
  {
    path: Paths.workspace,
    load: () => import('@/features/workspace/pages/workspace-page'),
    titleKey: 'workspace',
    layout: 'normal',
    ...storeArea,
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.moneyApprovals,
    load: () => import('@/features/orders/pages/money-approvals-page'),
    titleKey: 'moneyApprovals',
    layout: 'normal',
    needsLogin: true,
    roles: [RoleName.StoreManager, RoleName.SuperAdmin],
  },
  {
    // StoreEmployee only, as spec §2 says.
    path: Paths.overdueOrders,
    load: () => import('@/features/workspace/pages/overdue-orders-page'),
    titleKey: 'overdueOrders',
    layout: 'normal',
    needsLogin: true,
    roles: [RoleName.StoreEmployee],
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.preparationOrders,
    load: () => import('@/features/workspace/pages/preparation-orders-page'),
    titleKey: 'preparationOrders',
    layout: 'normal',
    ...storeArea,
    permissions: ORDER_VIEW,
  },
  {
    path: Paths.storeScan,
    load: () => import('@/app/smart-scan/scan-page'),
    titleKey: 'storeScan',
    layout: 'normal',
    ...storeArea,
  },
  {
    path: Paths.smallEquipment,
    load: () => import('@/features/inventory/pages/small-equipment-page'),
    titleKey: 'smallEquipment',
    layout: 'normal',
    ...storeArea,
  },
  {
    path: Paths.storeFinance,
    load: () => import('@/features/finance/pages/finance-page'),
    titleKey: 'storeFinance',
    layout: 'tabBar',
    ...storeArea,
    permissions: [Permissions.StoreManagement.Finance],
  },
  {
    path: Paths.storeEmployees,
    load: () => import('@/features/employees/pages/employees-page'),
    titleKey: 'storeEmployees',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.StoreManagement.Employees, Permissions.SystemManagement.Users],
  },
  {
    path: Paths.admin,
    load: () => import('@/features/admin/pages/admin-home-page'),
    titleKey: 'adminHome',
    layout: 'normal',
    needsLogin: true,
    permissions: ADMIN_ANY,
  },
  {
    path: Paths.adminStores,
    load: () => import('@/features/admin/pages/stores-page'),
    titleKey: 'adminStores',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Stores],
  },
  {
    path: '/store/admin/stores/:id',
    load: () => import('@/features/admin/pages/store-edit-page'),
    titleKey: 'adminStore',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Stores],
  },
  {
    path: Paths.adminParameters,
    load: () => import('@/features/admin/pages/parameters-page'),
    titleKey: 'adminParameters',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.adminRateCards,
    load: () => import('@/features/admin/pages/rate-cards-page'),
    titleKey: 'adminRateCards',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.adminPacks,
    load: () => import('@/features/admin/pages/packs-page'),
    titleKey: 'adminPacks',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.adminPriceSeasons,
    load: () => import('@/features/admin/pages/price-seasons-page'),
    titleKey: 'adminPriceSeasons',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.adminSystem,
    load: () => import('@/features/admin/pages/system-info-page'),
    titleKey: 'adminSystem',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminCatalogue,
    load: () => import('@/features/catalogue/pages/catalogue-page'),
    titleKey: 'adminCatalogue',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: '/store/admin/catalogue/:id',
    load: () => import('@/features/catalogue/pages/category-page'),
    titleKey: 'adminCategory',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminHelp,
    load: () => import('@/features/help/pages/help-admin-page'),
    titleKey: 'adminHelp',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: '/store/admin/help/:id',
    load: () => import('@/features/help/pages/help-article-edit-page'),
    titleKey: 'adminHelpArticle',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default],
  },
  {
    path: Paths.adminRoles,
    load: () => import('@/features/roles/pages/roles-page'),
    titleKey: 'adminRoles',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Users, Permissions.StoreManagement.Employees],
  },
  {
    path: Paths.adminAudit,
    load: () => import('@/features/audit-log/pages/audit-log-page'),
    titleKey: 'adminAudit',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    path: Paths.shiftClose,
    load: () => import('@/features/finance/pages/shift-close-page'),
    titleKey: 'shiftClose',
    layout: 'normal',
    needsLogin: true,
    permissions: [Permissions.StoreManagement.Finance],
  },
  {
    path: Paths.driverDashboard,
    load: () => import('@/features/driver/pages/driver-dashboard-page'),
    titleKey: 'driverDashboard',
    layout: 'actionButton',
    keepAlive: true,
    ...driverArea,
  },
  {
    path: Paths.driverDeliveryOrders,
    load: () =>
      import('@/features/driver/pages/run-list-page').then((m) => ({
        default: m.DeliveryOrdersPage,
      })),
    titleKey: 'driverDeliveryOrders',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverPickupOrders,
    load: () =>
      import('@/features/driver/pages/run-list-page').then((m) => ({
        default: m.PickupOrdersPage,
      })),
    titleKey: 'driverPickupOrders',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/order-detail/:id',
    load: () => import('@/features/driver/pages/driver-order-detail-page'),
    titleKey: 'driverOrderDetail',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/delivery-confirm/:id',
    load: () => import('@/features/driver/pages/delivery-confirm-page'),
    titleKey: 'driverDeliveryConfirm',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/pickup-confirm/:id',
    load: () => import('@/features/driver/pages/pickup-confirm-page'),
    titleKey: 'driverPickupConfirm',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverScan,
    load: () => import('@/features/driver/pages/driver-scan-page'),
    titleKey: 'driverScan',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: '/driver/payment/:id',
    load: () => import('@/features/driver/pages/driver-payment-page'),
    titleKey: 'driverPayment',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.driverProfile,
    load: () =>
      import('@/features/auth/pages/profile-page').then((m) => ({ default: m.DriverProfilePage })),
    titleKey: 'driverProfile',
    layout: 'normal',
    ...driverArea,
  },
  {
    path: Paths.agentDashboard,
    load: () => import('@/features/agent/pages/agent-dashboard-page'),
    titleKey: 'agentDashboard',
    layout: 'normal',
    ...agentArea,
  },
  {
    path: Paths.agentOrderCreate,
    load: () => import('@/features/customer-booking/pages/agent-booking-page'),
    titleKey: 'agentOrderCreate',
    layout: 'actionButton',
    ...agentArea,
    permissions: [Permissions.AgentBusiness.OrderCreate],
  },

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

setRouteTable(appRoutes);

const byPath = new Map(appRoutes.map((route) => [route.path, route]));

/** The route a path opens (query ignored), with its page: see `findRouteMeta`. */
export function findRoute(path: string): AppRoute | undefined {
  const meta = findRouteMeta(path);
  return meta && byPath.get(meta.path);
}
