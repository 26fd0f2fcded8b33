import { DEFAULT_ROLE_PERMISSIONS, ROLE_MENU, type RoleName, UserType } from '@snowgear/contracts';

/** Roles with their display names, icons and default permissions (docs/permissions.md). */
export const demoRoles = Object.values(ROLE_MENU).map((role, index) => ({
  name: role.key,
  displayName: role.displayName,
  icon: role.icon,
  sortOrder: index,
  permissions: DEFAULT_ROLE_PERMISSIONS[role.key],
}));

export const DEMO_PASSWORD = '1q2w3E*';

export interface DemoUser {
  userName: string;
  name: string;
  email: string;
  phoneNumber: string;
  roles: RoleName[];
  /** Code of the primary store (demo-tenant.ts), if any. */
  storeCode: string | null;
}

export const demoStaff: DemoUser[] = [
  {
    userName: 'admin',
    name: '系统管理员',
    email: 'admin@snowgear.local',
    phoneNumber: '13900000000',
    roles: ['SuperAdmin'],
    storeCode: 'WL',
  },
  {
    userName: 'manager',
    name: '王店长',
    email: 'manager@snowgear.local',
    phoneNumber: '13900000001',
    roles: ['StoreManager'],
    storeCode: 'WL',
  },
  {
    userName: 'employee',
    name: '李店员',
    email: 'employee@snowgear.local',
    phoneNumber: '13900000002',
    roles: ['StoreEmployee'],
    storeCode: 'WL',
  },
  {
    userName: 'driver',
    name: '赵师傅',
    email: 'driver@snowgear.local',
    phoneNumber: '13900000003',
    roles: ['Driver'],
    storeCode: 'WL',
  },
  {
    userName: 'agent',
    name: '孙代理',
    email: 'agent@snowgear.local',
    phoneNumber: '13900000004',
    roles: ['Agent'],
    storeCode: null,
  },
  {
    userName: 'multi',
    name: '周多岗',
    email: 'multi@snowgear.local',
    phoneNumber: '13900000005',
    roles: ['StoreManager', 'Driver', 'Agent'],
    storeCode: 'TW',
  },
];

/** The demo customer signs in with phone number and real name (no password). */
export const demoCustomer = {
  userName: '13800138000',
  phoneNumber: '13800138000',
  realName: '张三',
  userType: UserType.Customer,
};
