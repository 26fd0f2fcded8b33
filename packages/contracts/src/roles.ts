import { RoleName } from './enums.js';
import { Permissions as P, ALL_PERMISSIONS, type PermissionName } from './permissions.js';

/** The role menu of spec §3: display name, icon (an antd-mobile-icons name) and home path. */
export interface RoleMenuEntry {
  key: RoleName;
  displayName: string;
  icon: string;
  homePath: string;
}

export const ROLE_MENU: Record<RoleName, RoleMenuEntry> = {
  SuperAdmin: {
    key: 'SuperAdmin',
    displayName: '超级管理员',
    icon: 'SetOutline',
    homePath: '/store/dashboard',
  },
  StoreManager: {
    key: 'StoreManager',
    displayName: '店长',
    icon: 'ShopbagOutline',
    homePath: '/store/dashboard',
  },
  StoreEmployee: {
    key: 'StoreEmployee',
    displayName: '店员',
    icon: 'UserOutline',
    homePath: '/store/dashboard',
  },
  Driver: {
    key: 'Driver',
    displayName: '司机',
    icon: 'TruckOutline',
    homePath: '/driver/dashboard',
  },
  Agent: { key: 'Agent', displayName: '代理商', icon: 'TeamOutline', homePath: '/agent/dashboard' },
  Customer: {
    key: 'Customer',
    displayName: '顾客',
    icon: 'UserCircleOutline',
    homePath: '/customer/order-create',
  },
};

export function roleHome(role: string | null | undefined): string {
  return (role && ROLE_MENU[role as RoleName]?.homePath) || '/customer/order-create';
}

/** Staff roles: every role but Customer. */
export const STAFF_ROLES: readonly RoleName[] = [
  RoleName.SuperAdmin,
  RoleName.StoreManager,
  RoleName.StoreEmployee,
  RoleName.Driver,
  RoleName.Agent,
];

/**
 * The default permission matrix (documented in docs/permissions.md). The server seeds it into
 * `role_permissions`; what is stored is what counts.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  SuperAdmin: ALL_PERMISSIONS,
  StoreManager: [
    P.StoreManagement.Default,
    P.StoreManagement.Employees,
    P.StoreManagement.Finance,
    P.StoreManagement.Orders,
    ...Object.values(P.BusinessOperations),
    ...Object.values(P.DeliveryManagement),
  ],
  StoreEmployee: [P.StoreManagement.Orders, ...Object.values(P.BusinessOperations)],
  Driver: [
    P.DeliveryManagement.DeliveryOrders,
    P.DeliveryManagement.PickupOrders,
    P.BusinessOperations.PaymentProcess,
  ],
  Agent: Object.values(P.AgentBusiness),
  Customer: Object.values(P.CustomerOperations),
};

/** Roles that see every store; the others are scoped to their primary store. */
export const ALL_STORES_ROLES: readonly RoleName[] = [RoleName.SuperAdmin];
