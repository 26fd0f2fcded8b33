import { Permissions, type PermissionName } from '@snowgear/contracts';
import { Paths } from '@/config/paths';

/**
 * The administration console's sections, each behind the spec's permission groups (§6). The
 * console's home lists those the signed-in user holds; the route table guards each page again.
 */
export interface AdminSection {
  key:
    | 'stores'
    | 'parameters'
    | 'rateCards'
    | 'packs'
    | 'priceSeasons'
    | 'system'
    | 'catalogue'
    | 'help'
    | 'employees'
    | 'roles'
    | 'audit'
    | 'shiftClose'
    | 'finance';
  path: string;
  /** Any of these opens the section. */
  permissions: readonly PermissionName[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'stores', path: Paths.adminStores, permissions: [Permissions.SystemManagement.Stores] },
  {
    key: 'parameters',
    path: Paths.adminParameters,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  // The price sections (issue 60, docs/pricing.md): the business's cards and seasons for system
  // management, a manager's own store's.
  {
    key: 'rateCards',
    path: Paths.adminRateCards,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    key: 'packs',
    path: Paths.adminPacks,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    key: 'priceSeasons',
    path: Paths.adminPriceSeasons,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  { key: 'system', path: Paths.adminSystem, permissions: [Permissions.SystemManagement.Default] },
  {
    key: 'catalogue',
    path: Paths.adminCatalogue,
    permissions: [Permissions.SystemManagement.Default],
  },
  { key: 'help', path: Paths.adminHelp, permissions: [Permissions.SystemManagement.Default] },
  {
    key: 'employees',
    path: Paths.storeEmployees,
    permissions: [Permissions.StoreManagement.Employees, Permissions.SystemManagement.Users],
  },
  {
    key: 'roles',
    path: Paths.adminRoles,
    permissions: [Permissions.SystemManagement.Users, Permissions.StoreManagement.Employees],
  },
  {
    key: 'audit',
    path: Paths.adminAudit,
    permissions: [Permissions.SystemManagement.Default, Permissions.StoreManagement.Default],
  },
  {
    key: 'shiftClose',
    path: Paths.shiftClose,
    permissions: [Permissions.StoreManagement.Finance],
  },
  { key: 'finance', path: Paths.storeFinance, permissions: [Permissions.StoreManagement.Finance] },
];

/** The sections a user with these permissions may open. */
export function sectionsFor(permissions: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => s.permissions.some((p) => permissions.includes(p)));
}
