import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  ErrorCode,
  Permissions,
  RoleName,
  UserType,
  type CreateEmployee,
  type Employee,
  type EmployeeListQuery,
  type PagedResult,
  type UpdateEmployee,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { stores, userRoles, users } from '@/db/schema.js';
import { AppError, businessError, notFound } from '@/lib/errors.js';
import { columnInLanguage } from '@/lib/english.js';
import { isEnglish, message } from '@/lib/messages.js';
import { likePattern, pageOf } from '@/lib/paging.js';
import { findStore } from '@/lib/stores.js';
import type { CurrentUser } from '@/plugins/authentication.js';
import { hashPassword } from '@/modules/identity/passwords.js';
import { sortRoles } from '@/modules/identity/profile.js';
import { roleDisplayNames, rolesOfUsers, setUserRoles } from '@/modules/identity/repository.js';
import type { TokenService } from '@/modules/identity/tokens.js';
import { recordStaffChange, type StaffPerson } from '@/modules/audit/staff.js';

/**
 * People management: a SuperAdmin (SystemManagement.Users) manages every user; a StoreManager
 * (StoreManagement.Employees) manages the employees and drivers of their own store only.
 */
interface Scope {
  /** null: every store */
  storeId: string | null;
  assignable: RoleName[];
}

const MANAGER_ASSIGNABLE: RoleName[] = [RoleName.StoreEmployee, RoleName.Driver];

export function scopeOf(user: CurrentUser): Scope {
  if (user.permissions.includes(Permissions.SystemManagement.Users)) {
    return { storeId: null, assignable: Object.values(RoleName) };
  }
  return {
    storeId: user.primaryStoreId ?? '00000000-0000-0000-0000-000000000000',
    assignable: MANAGER_ASSIGNABLE,
  };
}

export class EmployeeService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
  ) {}

  private async toEmployees(
    tenantId: string,
    rows: (typeof users.$inferSelect & { storeName: string | null })[],
  ) {
    const roleMap = await rolesOfUsers(
      this.db,
      rows.map((r) => r.id),
    );
    const names = await roleDisplayNames(this.db, tenantId);
    return rows.map((u): Employee => {
      const roleList = sortRoles(roleMap.get(u.id) ?? []);
      return {
        id: u.id,
        userName: u.userName,
        name: u.name,
        realName: u.realName,
        phoneNumber: u.phoneNumber,
        email: u.email,
        roles: roleList,
        roleDisplayNames: roleList.map((r) => names.get(r) ?? r),
        primaryStoreId: u.primaryStoreId,
        storeName: u.storeName,
        isActive: u.isActive,
        userType: u.userType,
        creationTime: u.createdAt.toISOString(),
        lastLoginTime: u.lastLoginAt?.toISOString() ?? null,
      };
    });
  }

  private scopeFilter(tenantId: string, scope: Scope): SQL {
    const parts = [eq(users.tenantId, tenantId)];
    if (scope.storeId !== null) {
      parts.push(eq(users.primaryStoreId, scope.storeId), eq(users.userType, UserType.Employee));
      // Managers see only people whose every role they may assign.
      parts.push(
        sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleName} not in ${scope.assignable})`,
      );
    }
    return and(...parts) as SQL;
  }

  async list(request: FastifyRequest, query: EmployeeListQuery): Promise<PagedResult<Employee>> {
    const scope = scopeOf(request.user!);
    const parts = [this.scopeFilter(request.tenantId, scope)];
    if (query.storeId) parts.push(eq(users.primaryStoreId, query.storeId));
    if (query.isActive !== undefined) parts.push(eq(users.isActive, query.isActive));
    if (query.keyword) {
      const p = likePattern(query.keyword);
      parts.push(
        or(
          ilike(users.userName, p),
          ilike(users.name, p),
          ilike(users.realName, p),
          ilike(users.phoneNumber, p),
        ) as SQL,
      );
    }
    const where = and(...parts);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...selectUser, storeName: storeNameFor(request) })
        .from(users)
        .leftJoin(stores, eq(stores.id, users.primaryStoreId))
        .where(where)
        .orderBy(desc(users.userType), asc(users.userName))
        .limit(pageOf(query).limit)
        .offset(pageOf(query).offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { items: await this.toEmployees(request.tenantId, rows), totalCount: total?.n ?? 0 };
  }

  async get(request: FastifyRequest, id: string): Promise<Employee> {
    const scope = scopeOf(request.user!);
    const [row] = await this.db
      .select({ ...selectUser, storeName: storeNameFor(request) })
      .from(users)
      .leftJoin(stores, eq(stores.id, users.primaryStoreId))
      .where(and(this.scopeFilter(request.tenantId, scope), eq(users.id, id)));
    if (!row) throw notFound(ErrorCode.UserNotFound, message(request, 'UserNotFound'));
    const [employee] = await this.toEmployees(request.tenantId, [row]);
    return employee!;
  }

  private async checkAssignment(
    request: FastifyRequest,
    roles: RoleName[],
    storeId: string | null,
  ) {
    const scope = scopeOf(request.user!);
    const refused = roles.find((r) => !scope.assignable.includes(r));
    if (refused)
      throw businessError(
        ErrorCode.RoleNotAssignable,
        message(request, 'RoleNotAssignable', { role: refused }),
      );
    if (scope.storeId !== null && storeId !== scope.storeId) {
      throw businessError(ErrorCode.NotYourStore, message(request, 'NotYourStore'));
    }
    if (storeId && !(await findStore(this.db, request.tenantId, storeId))) {
      throw new AppError(400, ErrorCode.StoreNotFound, message(request, 'StoreNotFound'));
    }
  }

  private async checkUnique(
    request: FastifyRequest,
    fields: { userName?: string; email: string | null; phoneNumber: string | null },
    exceptId?: string,
  ) {
    const checks: [SQL, 'DuplicateUserName' | 'DuplicateEmail' | 'DuplicatePhone'][] = [];
    if (fields.userName)
      checks.push([
        eq(sql`lower(${users.userName})`, fields.userName.toLowerCase()),
        'DuplicateUserName',
      ]);
    if (fields.email)
      checks.push([eq(sql`lower(${users.email})`, fields.email.toLowerCase()), 'DuplicateEmail']);
    if (fields.phoneNumber)
      checks.push([eq(users.phoneNumber, fields.phoneNumber), 'DuplicatePhone']);
    for (const [condition, key] of checks) {
      const [hit] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, request.tenantId), condition));
      if (hit && hit.id !== exceptId)
        throw new AppError(409, ErrorCode.DuplicateUser, message(request, key));
    }
  }

  async create(request: FastifyRequest, input: CreateEmployee): Promise<Employee> {
    await this.checkAssignment(request, input.roles, input.primaryStoreId);
    await this.checkUnique(request, input);
    const passwordHash = await hashPassword(input.password);
    const id = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          tenantId: request.tenantId,
          userName: input.userName,
          userType: input.roles.every((r) => r === RoleName.Customer)
            ? UserType.Customer
            : UserType.Employee,
          name: input.name,
          realName: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash,
          primaryStoreId: input.primaryStoreId,
        })
        .returning({ id: users.id });
      await setUserRoles(tx, created!.id, input.roles);
      await recordStaffChange(tx, request, {
        action: 'created',
        after: {
          id: created!.id,
          userName: input.userName,
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          roles: sortRoles(input.roles),
          primaryStoreId: input.primaryStoreId,
        },
      });
      return created!.id;
    });
    return this.get(request, id);
  }

  async update(request: FastifyRequest, id: string, input: UpdateEmployee): Promise<Employee> {
    const before = await this.get(request, id); // in scope, or 404
    await this.checkAssignment(request, input.roles, input.primaryStoreId);
    await this.checkUnique(request, input, id);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          primaryStoreId: input.primaryStoreId,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      await setUserRoles(tx, id, input.roles);
      await recordStaffChange(tx, request, {
        action: 'updated',
        before: personOf(before),
        after: {
          ...personOf(before),
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          roles: sortRoles(input.roles),
          primaryStoreId: input.primaryStoreId,
        },
      });
    });
    // Roles and store decide what their next request may do.
    this.tokens.signedInUsers.forgetUser(id);
    return this.get(request, id);
  }

  async setActive(request: FastifyRequest, id: string, isActive: boolean): Promise<Employee> {
    const before = await this.get(request, id);
    if (!isActive && id === request.user!.id) {
      throw businessError(ErrorCode.Forbidden, message(request, 'CannotDeactivateSelf'));
    }
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
      if (!isActive) await this.tokens.revokeAllOfUser(tx, id);
      // Asking for the state a person is already in changes nothing worth a line.
      if (before.isActive !== isActive) {
        await recordStaffChange(tx, request, {
          action: isActive ? 'activated' : 'deactivated',
          person: personOf(before),
        });
      }
    });
    this.tokens.signedInUsers.forgetUser(id);
    return this.get(request, id);
  }

  async resetPassword(request: FastifyRequest, id: string, newPassword: string): Promise<void> {
    const person = await this.get(request, id);
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
      await this.tokens.revokeAllOfUser(tx, id);
      await recordStaffChange(tx, request, { action: 'passwordReset', person: personOf(person) });
    });
    this.tokens.signedInUsers.forgetUser(id);
  }

  async assignableRoles(request: FastifyRequest) {
    const scope = scopeOf(request.user!);
    const names = await roleDisplayNames(this.db, request.tenantId);
    return {
      roles: sortRoles(scope.assignable).map((name) => ({
        name,
        displayName: names.get(name) ?? name,
      })),
      storeId: scope.storeId,
    };
  }
}

const selectUser = getTableColumns(users);
/** The employee's store as the reader reads it. */
const storeNameFor = (request: FastifyRequest) =>
  columnInLanguage(isEnglish(request), stores.name, stores.nameEn);

/** What the audit log says about a person. */
function personOf(employee: Employee): StaffPerson {
  return {
    id: employee.id,
    userName: employee.userName,
    name: employee.name,
    email: employee.email,
    phoneNumber: employee.phoneNumber,
    roles: employee.roles,
    primaryStoreId: employee.primaryStoreId,
  };
}
