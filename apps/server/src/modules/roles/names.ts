import {
  Permissions as P,
  ROLE_MENU,
  RoleName,
  type PermissionName,
  type RoleName as Role,
} from '@snowgear/contracts';

/** Roles as the audit log names them, in each language. */
const ROLE_NAMES: Record<Role, [zh: string, en: string]> = {
  [RoleName.SuperAdmin]: [ROLE_MENU.SuperAdmin.displayName, 'Super admin'],
  [RoleName.StoreManager]: [ROLE_MENU.StoreManager.displayName, 'Store manager'],
  [RoleName.StoreEmployee]: [ROLE_MENU.StoreEmployee.displayName, 'Store staff'],
  [RoleName.Driver]: [ROLE_MENU.Driver.displayName, 'Driver'],
  [RoleName.Agent]: [ROLE_MENU.Agent.displayName, 'Agent'],
  [RoleName.Customer]: [ROLE_MENU.Customer.displayName, 'Customer'],
};

export function roleName(role: string, english: boolean): string {
  return ROLE_NAMES[role as Role]?.[english ? 1 : 0] ?? role;
}

/** Permissions as the audit log names them (the app's pages use the same words). */
const PERMISSION_NAMES: Record<PermissionName, [zh: string, en: string]> = {
  [P.SystemManagement.Default]: ['系统管理', 'System management'],
  [P.SystemManagement.Users]: ['用户管理', 'Users'],
  [P.SystemManagement.Stores]: ['门店管理', 'Stores'],
  [P.StoreManagement.Default]: ['门店后台', 'Store management'],
  [P.StoreManagement.Employees]: ['员工管理', 'Employees'],
  [P.StoreManagement.Finance]: ['财务', 'Finance'],
  [P.StoreManagement.Orders]: ['门店订单', 'Store orders'],
  [P.BusinessOperations.OrderCreate]: ['创建订单', 'Create orders'],
  [P.BusinessOperations.OrderUpdate]: ['修改订单', 'Change orders'],
  [P.BusinessOperations.OrderProcess]: ['处理订单', 'Process orders'],
  [P.BusinessOperations.InventoryManage]: ['库存管理', 'Manage stock'],
  [P.BusinessOperations.PaymentProcess]: ['收款', 'Take payments'],
  [P.BusinessOperations.EquipmentCreate]: ['设备入库', 'Add equipment'],
  [P.BusinessOperations.EquipmentUpdate]: ['修改设备', 'Change equipment'],
  [P.DeliveryManagement.DeliveryOrders]: ['配送订单', 'Delivery runs'],
  [P.DeliveryManagement.PickupOrders]: ['取件订单', 'Pickup runs'],
  [P.AgentBusiness.OrderCreate]: ['代客下单', 'Book for customers'],
  [P.AgentBusiness.CustomerManage]: ['客户管理', 'Customers'],
  [P.AgentBusiness.Performance]: ['业绩', 'Performance'],
  [P.CustomerOperations.ViewOrders]: ['查看订单', 'View own orders'],
  [P.CustomerOperations.Payment]: ['在线支付', 'Pay own orders'],
};

export function permissionName(permission: string, english: boolean): string {
  return PERMISSION_NAMES[permission as PermissionName]?.[english ? 1 : 0] ?? permission;
}

/** A list as a sentence fragment: 、 between Chinese words, ', ' between English ones. */
export function listOf(words: string[], english: boolean): string {
  return words.join(english ? ', ' : '、');
}
