import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ALL_PERMISSIONS,
  AuditCategory,
  PERMISSION_GROUPS,
  RoleErrorCode,
  RoleName,
  type RoleMatrix,
  type RoleMatrixRole,
  type RolePermissionsChange,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { rolePermissions, roles } from '@/db/schema.js';
import { conflictError, notFound, validationError } from '@/lib/errors.js';
import { isEnglish } from '@/lib/messages.js';
import { recordAudit } from '@/modules/audit/record.js';
import { listOf, permissionName, roleName } from './names.js';

const TEXTS = {
  SuperAdminFixed: [
    '超级管理员始终拥有全部权限，不能修改',
    'The super admin always holds every permission; it cannot be changed',
  ],
  UnknownPermission: ['没有这个权限：{name}', 'There is no permission called {name}'],
  RoleNotFound: ['角色不存在', 'Role not found'],
} as const;

const ORDER = new Map<string, number>(ALL_PERMISSIONS.map((p, i) => [p, i]));
/** Permissions in the order of spec §6's groups. */
const inMatrixOrder = (names: Iterable<string>) =>
  [...names].sort((a, b) => (ORDER.get(a) ?? 999) - (ORDER.get(b) ?? 999));

/**
 * The permission matrix: read by those who manage staff, changed by the super admin only. What is
 * stored is what the server checks on every request, so a change counts from the next request on.
 */
export class RoleService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private text(key: keyof typeof TEXTS, params: Record<string, string> = {}) {
    const template: string = TEXTS[key][isEnglish(this.request) ? 1 : 0];
    return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  }

  private get tenantId() {
    return this.request.tenantId;
  }

  private async permissionsOf(db: Database | Transaction, role: string): Promise<string[]> {
    const rows = await db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, this.tenantId), eq(rolePermissions.roleName, role)));
    return inMatrixOrder(rows.map((r) => r.permission));
  }

  async matrix(): Promise<RoleMatrix> {
    const [roleRows, grants] = await Promise.all([
      this.db
        .select()
        .from(roles)
        .where(eq(roles.tenantId, this.tenantId))
        .orderBy(asc(roles.sortOrder), asc(roles.name)),
      this.db
        .select({ role: rolePermissions.roleName, permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.tenantId, this.tenantId)),
    ]);
    const held = new Map<string, string[]>();
    for (const g of grants) held.set(g.role, [...(held.get(g.role) ?? []), g.permission]);
    return {
      roles: roleRows.map((r): RoleMatrixRole => ({
        name: r.name,
        displayName: r.displayName,
        icon: r.icon,
        permissions: inMatrixOrder(held.get(r.name) ?? []),
        editable: r.name !== RoleName.SuperAdmin,
      })),
      groups: PERMISSION_GROUPS.map((g) => ({ name: g.name, permissions: [...g.permissions] })),
      canEdit: this.request.user!.roles.includes(RoleName.SuperAdmin),
    };
  }

  /**
   * Replaces one role's permissions in one transaction with its audit line. The super admin's row
   * never changes (409); a name that is no permission is refused next to its place in the list.
   */
  async replace(name: string, wanted: string[]): Promise<RolePermissionsChange> {
    if (name === RoleName.SuperAdmin) {
      throw conflictError(RoleErrorCode.SuperAdminFixed, this.text('SuperAdminFixed'));
    }
    const unknown = wanted
      .map((permission, index) => ({ permission, index }))
      .filter(({ permission }) => !ORDER.has(permission));
    if (unknown.length > 0) {
      throw validationError(
        'body',
        unknown.map(({ permission, index }) => ({
          path: ['permissions', index],
          message: this.text('UnknownPermission', { name: permission }),
        })),
      );
    }
    return this.db.transaction(async (tx) => {
      // Two changes of one role at once: the second waits and compares with the first's result.
      const [role] = await tx
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, this.tenantId), eq(roles.name, name)))
        .for('update');
      if (!role) throw notFound(RoleErrorCode.NotFound, this.text('RoleNotFound'));
      const before = await this.permissionsOf(tx, name);
      const added = inMatrixOrder(wanted.filter((p) => !before.includes(p)));
      const removed = before.filter((p) => !wanted.includes(p));
      if (removed.length > 0) {
        await tx
          .delete(rolePermissions)
          .where(
            and(
              eq(rolePermissions.tenantId, this.tenantId),
              eq(rolePermissions.roleName, name),
              inArray(rolePermissions.permission, removed),
            ),
          );
      }
      if (added.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(
            added.map((permission) => ({ tenantId: this.tenantId, roleName: name, permission })),
          )
          .onConflictDoNothing();
      }
      if (added.length > 0 || removed.length > 0) {
        await recordAudit(tx, this.request, {
          category: AuditCategory.Staff,
          entityType: 'role',
          entityId: name,
          action: 'updated',
          summary: {
            zh: changeSummary(name, added, removed, false),
            en: changeSummary(name, added, removed, true),
          },
          changes: {
            added: [null, added],
            removed: [removed, null],
          },
        });
      }
      return {
        role: {
          name: role.name,
          displayName: role.displayName,
          icon: role.icon,
          permissions: await this.permissionsOf(tx, name),
          editable: true,
        },
        added,
        removed,
      };
    });
  }
}

/** 'Changed the permissions of 店员: added 财务; removed 收款' in each language. */
function changeSummary(role: string, added: string[], removed: string[], english: boolean) {
  const names = (list: string[]) =>
    listOf(
      list.map((p) => permissionName(p, english)),
      english,
    );
  const parts: string[] = [];
  if (english) {
    if (added.length > 0) parts.push(`added ${names(added)}`);
    if (removed.length > 0) parts.push(`removed ${names(removed)}`);
    return `Changed the permissions of ${roleName(role, true)}: ${parts.join('; ')}`;
  }
  if (added.length > 0) parts.push(`新增 ${names(added)}`);
  if (removed.length > 0) parts.push(`移除 ${names(removed)}`);
  return `修改角色“${roleName(role, false)}”的权限：${parts.join('；')}`;
}
