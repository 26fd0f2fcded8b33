import type { TFunction } from 'i18next';
import { Permissions } from '@snowgear/contracts';

type Group = keyof typeof Permissions;

/** Where a permission sits in spec §6: its group and its key in that group ('Default' for the group's own). */
export function permissionPlace(permission: string): { group: Group; key: string } | null {
  for (const group of Object.keys(Permissions) as Group[]) {
    const entries = Object.entries(Permissions[group]) as [string, string][];
    const found = entries.find(([, name]) => name === permission);
    if (found) return { group, key: found[0] };
  }
  return null;
}

/** A permission's name in the current language (an unknown one as it is). */
export function permissionLabel(t: TFunction, permission: string): string {
  const place = permissionPlace(permission);
  if (!place) return permission;
  // The locale mirrors Permissions, group by group.
  return t(`rolesAdmin.permissions.${place.group}.${place.key}` as 'rolesAdmin.title');
}

/** What a permission lets one do, in the current language ('' for an unknown one). */
export function permissionDescription(t: TFunction, permission: string): string {
  const place = permissionPlace(permission);
  if (!place) return '';
  return t(`rolesAdmin.descriptions.${place.group}.${place.key}` as 'rolesAdmin.title');
}

/** A permission group's name in the current language. */
export function groupLabel(t: TFunction, group: string): string {
  return group in Permissions ? t(`rolesAdmin.groups.${group as Group}`) : group;
}

/** What saving `next` over `saved` would add and remove, in the matrix's order. */
export function permissionDiff(
  saved: readonly string[],
  next: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: next.filter((p) => !saved.includes(p)),
    removed: saved.filter((p) => !next.includes(p)),
  };
}
