/** Permission names of spec §6, prefixed by the product's name. */
const P = 'SnowGearSmartStore';

export const Permissions = {
  SystemManagement: {
    Default: `${P}.SystemManagement`,
    Users: `${P}.SystemManagement.Users`,
    Stores: `${P}.SystemManagement.Stores`,
  },
  StoreManagement: {
    Default: `${P}.StoreManagement`,
    Employees: `${P}.StoreManagement.Employees`,
    Finance: `${P}.StoreManagement.Finance`,
    Orders: `${P}.StoreManagement.Orders`,
  },
  BusinessOperations: {
    OrderCreate: `${P}.BusinessOperations.OrderCreate`,
    OrderUpdate: `${P}.BusinessOperations.OrderUpdate`,
    OrderProcess: `${P}.BusinessOperations.OrderProcess`,
    InventoryManage: `${P}.BusinessOperations.InventoryManage`,
    PaymentProcess: `${P}.BusinessOperations.PaymentProcess`,
    EquipmentCreate: `${P}.BusinessOperations.EquipmentCreate`,
    EquipmentUpdate: `${P}.BusinessOperations.EquipmentUpdate`,
  },
  DeliveryManagement: {
    DeliveryOrders: `${P}.DeliveryManagement.DeliveryOrders`,
    PickupOrders: `${P}.DeliveryManagement.PickupOrders`,
  },
  AgentBusiness: {
    OrderCreate: `${P}.AgentBusiness.OrderCreate`,
    CustomerManage: `${P}.AgentBusiness.CustomerManage`,
    Performance: `${P}.AgentBusiness.Performance`,
  },
  CustomerOperations: {
    ViewOrders: `${P}.CustomerOperations.ViewOrders`,
    Payment: `${P}.CustomerOperations.Payment`,
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionName = Leaves<typeof Permissions>;

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(
  Permissions,
).flatMap<PermissionName>((group) => Object.values(group));
