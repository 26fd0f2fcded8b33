import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { RoleName } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { refreshTokens, rolePermissions, roles, stores, userRoles, users } from '@/db/schema.js';

type Executor = Database | Transaction;
export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Executor, tenantId: string, login: string) {
  const lower = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(eq(sql`lower(${users.userName})`, lower), eq(sql`lower(${users.email})`, lower)),
      ),
    )
    // A user name match wins over someone else's e-mail address.
    .orderBy(sql`(lower(${users.userName}) = ${lower}) desc`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}

export async function findUserByPhone(db: Executor, tenantId: string, phoneNumber: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.phoneNumber, phoneNumber)));
  return row;
}

/**
 * The customer account that verified this mobile number (by SMS code), if any: an order the
 * counter takes with that number is theirs too.
 */
export async function findVerifiedCustomerByPhone(
  db: Executor,
  tenantId: string,
  phoneNumber: string,
) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      userRoles,
      and(eq(userRoles.userId, users.id), eq(userRoles.roleName, RoleName.Customer)),
    )
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.phoneNumber, phoneNumber),
        eq(users.phoneNumberConfirmed, true),
      ),
    );
  return row;
}

export async function findUserByWeChatOpenId(db: Executor, tenantId: string, openId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.weChatOpenId, openId)));
  return row;
}

/**
 * The user behind an access token, in one query per request: found only while active and while
 * the sign-in (`familyId`) is not ended, with roles and granted permissions.
 */
export async function findSignedInUser(
  db: Executor,
  tenantId: string,
  userId: string,
  familyId: string,
) {
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      userName: users.userName,
      primaryStoreId: users.primaryStoreId,
      // Column names spelled out: in a select list drizzle leaves columns unqualified.
      roles: sql<
        string[]
      >`array(select ur.role_name from user_roles ur where ur.user_id = users.id)`,
      permissions: sql<string[]>`array(
        select distinct rp.permission from role_permissions rp
        join user_roles ur on ur.role_name = rp.role_name
        where ur.user_id = users.id and rp.tenant_id = users.tenant_id
        order by 1)`,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        eq(users.isActive, true),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null)`,
      ),
    );
  return row;
}

export async function rolesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ roleName: userRoles.roleName })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleName);
}

export async function rolesOfUsers(
  db: Executor,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db.select().from(userRoles).where(inArray(userRoles.userId, userIds));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.roleName]);
  return map;
}

export async function permissionsOf(
  db: Executor,
  tenantId: string,
  roleNames: string[],
): Promise<string[]> {
  if (roleNames.length === 0) return [];
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(
      and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleName, roleNames)),
    );
  return rows.map((r) => r.permission).sort();
}

export async function roleDisplayNames(
  db: Executor,
  tenantId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: roles.name, displayName: roles.displayName })
    .from(roles)
    .where(eq(roles.tenantId, tenantId));
  return new Map(rows.map((r) => [r.name, r.displayName]));
}

export async function storeNameOf(db: Executor, tenantId: string, storeId: string | null) {
  if (!storeId) return null;
  const [row] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  return row?.name ?? null;
}

export async function setUserRoles(db: Executor, userId: string, roleNames: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleNames.length > 0) {
    await db.insert(userRoles).values(roleNames.map((roleName) => ({ userId, roleName })));
  }
}
