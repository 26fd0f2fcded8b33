import { ROLE_PRIORITY, type UserProfile } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  permissionsOf,
  roleDisplayNames,
  rolesOf,
  storeNameOf,
  type UserRow,
} from './repository.js';

/** Roles in priority order (spec §4), so the primary role comes first. */
export function sortRoles(names: string[]): string[] {
  const rank = (r: string) => {
    const i = ROLE_PRIORITY.indexOf(r as (typeof ROLE_PRIORITY)[number]);
    return i === -1 ? ROLE_PRIORITY.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b));
}

/** The user profile of spec §3 with roles, their display names and the granted permissions. */
export async function buildProfile(
  db: Database | Transaction,
  user: UserRow,
): Promise<UserProfile> {
  const roleNames = sortRoles(await rolesOf(db, user.id));
  const [permissions, displayNames, storeName] = await Promise.all([
    permissionsOf(db, user.tenantId, roleNames),
    roleDisplayNames(db, user.tenantId),
    storeNameOf(db, user.tenantId, user.primaryStoreId),
  ]);
  return {
    id: user.id,
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    phoneNumber: user.phoneNumber,
    phoneNumberConfirmed: user.phoneNumberConfirmed,
    roles: roleNames,
    roleDisplayNames: roleNames.map((r) => displayNames.get(r) ?? r),
    permissions,
    avatar: user.avatar,
    realName: user.realName,
    isActive: user.isActive,
    creationTime: user.createdAt.toISOString(),
    lastModificationTime: user.updatedAt.toISOString(),
    weChatOpenId: user.weChatOpenId,
    weChatUnionId: user.weChatUnionId,
    isWeChatBound: !!user.weChatOpenId,
    primaryStoreId: user.primaryStoreId,
    storeName,
    userType: user.userType,
    hasPassword: !!user.passwordHash,
  };
}
