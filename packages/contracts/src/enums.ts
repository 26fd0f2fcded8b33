/** Enumerations of spec §3 and §4. Values are what travels on the wire. */

export const UserType = { Customer: 1, Employee: 2 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const OrderType = {
  Normal: 'Normal',
  Reservation: 'Reservation',
  Online: 'Online',
  Hospitality: 'Hospitality',
  Loan: 'Loan',
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const DeliveryMethod = { SelfPickup: 'SelfPickup', Delivery: 'Delivery' } as const;
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];

export const ReturnMethod = { SelfReturn: 'SelfReturn', Pickup: 'Pickup' } as const;
export type ReturnMethod = (typeof ReturnMethod)[keyof typeof ReturnMethod];

export const EquipmentSizeKind = {
  LargeEquipment: 'LargeEquipment',
  SmallEquipment: 'SmallEquipment',
} as const;
export type EquipmentSizeKind = (typeof EquipmentSizeKind)[keyof typeof EquipmentSizeKind];

export const FeeItemKind = {
  Rent: 'Rent',
  Deposit: 'Deposit',
  DeliveryFee: 'DeliveryFee',
  ExtensionFee: 'ExtensionFee',
  DamageFee: 'DamageFee',
  CleaningFee: 'CleaningFee',
  Discount: 'Discount',
  /** Time kept past the rental's end beyond the grace period, per started day at daily rent. */
  LateFee: 'LateFee',
  Other: 'Other',
} as const;
export type FeeItemKind = (typeof FeeItemKind)[keyof typeof FeeItemKind];

/** Equipment status codes (spec §4). */
export const EquipmentStatus = {
  Available: 0,
  InUse: 1,
  Damaged: 2,
  Lost: 3,
  InTransfer: 4,
  Scrapped: 5,
} as const;
export type EquipmentStatus = (typeof EquipmentStatus)[keyof typeof EquipmentStatus];

/** Order status codes (spec §4). */
export const OrderStatus = {
  Pending: 0,
  Unpaid: 1,
  PendingDelivery: 2,
  Delivering: 3,
  Delivered: 4,
  InUse: 5,
  PendingPayment: 6,
  PendingReturn: 7,
  Returned: 8,
  Completed: 9,
  Cancelled: 10,
  Reserved: 11,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const RoleName = {
  SuperAdmin: 'SuperAdmin',
  StoreManager: 'StoreManager',
  StoreEmployee: 'StoreEmployee',
  Driver: 'Driver',
  Agent: 'Agent',
  Customer: 'Customer',
} as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

/** Primary role priority (spec §4 "Active role"). */
export const ROLE_PRIORITY: readonly RoleName[] = [
  RoleName.SuperAdmin,
  RoleName.StoreManager,
  RoleName.StoreEmployee,
  RoleName.Driver,
  RoleName.Agent,
  RoleName.Customer,
];

export const PaymentMethod = { Cash: 'cash', WeChat: 'wechat', Alipay: 'alipay' } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const HelpAudience = { Customer: 'customer', Store: 'store', Driver: 'driver' } as const;
export type HelpAudience = (typeof HelpAudience)[keyof typeof HelpAudience];
export const HELP_AUDIENCES = Object.values(HelpAudience) as [HelpAudience, ...HelpAudience[]];

export const SupportedLanguage = { zhCN: 'zh-CN', enUS: 'en-US' } as const;
export type SupportedLanguage = (typeof SupportedLanguage)[keyof typeof SupportedLanguage];
export const SUPPORTED_LANGUAGES = Object.values(SupportedLanguage) as [
  SupportedLanguage,
  ...SupportedLanguage[],
];

/** The system's name until an administrator sets one (spec §1 page title). */
export const DEFAULT_SYSTEM_NAME = '雪具租赁店管理系统';
