import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { AuditCategory } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { stores } from '@/db/schema.js';
import { listOf, roleName } from '@/modules/roles/names.js';
import { changedFields, recordAudit } from './record.js';

/** A person as the audit log describes them (never their password). */
export interface StaffPerson {
  id: string;
  userName: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  roles: string[];
  primaryStoreId: string | null;
}

export type StaffChange =
  | { action: 'created'; after: StaffPerson }
  | { action: 'updated'; before: StaffPerson; after: StaffPerson }
  | { action: 'activated' | 'deactivated' | 'passwordReset'; person: StaffPerson };

const FIELDS = ['name', 'email', 'phoneNumber', 'roles', 'primaryStoreId'] as const;
const FIELD_NAMES: Record<(typeof FIELDS)[number], [zh: string, en: string]> = {
  name: ['姓名', 'name'],
  email: ['邮箱', 'e-mail'],
  phoneNumber: ['手机号', 'phone'],
  roles: ['角色', 'roles'],
  primaryStoreId: ['门店', 'store'],
};

/**
 * Writes the audit line of a change to a person (category 'staff'), in the caller's transaction:
 * who was added, changed (which fields, roles and store before and after), deactivated,
 * reactivated, or had their password reset. Passwords never reach the log.
 */
export async function recordStaffChange(
  tx: Database | Transaction,
  request: FastifyRequest,
  change: StaffChange,
): Promise<void> {
  const person =
    change.action === 'created'
      ? change.after
      : change.action === 'updated'
        ? change.after
        : change.person;
  const who = (english: boolean) =>
    person.name && person.name !== person.userName
      ? english
        ? `${person.name} (${person.userName})`
        : `${person.name}（${person.userName}）`
      : person.userName;
  const roles = (list: string[], english: boolean) =>
    list.length > 0
      ? listOf(
          list.map((r) => roleName(r, english)),
          english,
        )
      : english
        ? 'none'
        : '无';
  const base = {
    category: AuditCategory.Staff,
    entityType: 'employee',
    entityId: person.id,
    storeId: person.primaryStoreId,
  } as const;

  switch (change.action) {
    case 'created': {
      const empty: Record<string, unknown> = Object.fromEntries(FIELDS.map((f) => [f, null]));
      await recordAudit(tx, request, {
        ...base,
        action: 'created',
        summary: {
          zh: `新增人员 ${who(false)}，角色：${roles(change.after.roles, false)}`,
          en: `Added ${who(true)}, roles: ${roles(change.after.roles, true)}`,
        },
        changes: {
          userName: [null, change.after.userName],
          ...changedFields(empty, fieldsOf(change.after), FIELDS),
        },
      });
      return;
    }
    case 'updated': {
      const { before, after } = change;
      const changes = changedFields(fieldsOf(before), fieldsOf(after), FIELDS);
      const fields = FIELDS.filter((f) => f in changes);
      if (fields.length === 0) return;
      const storeNames = await namesOfStores(tx, request.tenantId, [
        before.primaryStoreId,
        after.primaryStoreId,
      ]);
      const store = (id: string | null, english: boolean) =>
        (id && storeNames.get(id)) || (english ? 'none' : '无');
      const part = (field: (typeof FIELDS)[number], english: boolean) => {
        const label = FIELD_NAMES[field][english ? 1 : 0];
        switch (field) {
          case 'name':
            return `${label} ${before.name || '—'} → ${after.name || '—'}`;
          case 'roles':
            return `${label} ${roles(before.roles, english)} → ${roles(after.roles, english)}`;
          case 'primaryStoreId':
            return `${label} ${store(before.primaryStoreId, english)} → ${store(after.primaryStoreId, english)}`;
          case 'email':
          case 'phoneNumber':
            return label;
        }
      };
      await recordAudit(tx, request, {
        ...base,
        action: 'updated',
        summary: {
          zh: `修改人员 ${who(false)}：${fields.map((f) => part(f, false)).join('；')}`,
          en: `Changed ${who(true)}: ${fields.map((f) => part(f, true)).join('; ')}`,
        },
        changes,
      });
      return;
    }
    case 'activated':
    case 'deactivated':
      await recordAudit(tx, request, {
        ...base,
        action: change.action,
        summary:
          change.action === 'activated'
            ? { zh: `启用账号 ${who(false)}`, en: `Reactivated ${who(true)}` }
            : { zh: `停用账号 ${who(false)}`, en: `Deactivated ${who(true)}` },
        changes: { isActive: [change.action !== 'activated', change.action === 'activated'] },
      });
      return;
    case 'passwordReset':
      await recordAudit(tx, request, {
        ...base,
        action: 'passwordReset',
        summary: { zh: `重置密码 ${who(false)}`, en: `Reset the password of ${who(true)}` },
      });
      return;
  }
}

/** The fields the log compares; roles in one order, so only a real change counts. */
function fieldsOf(person: StaffPerson): Record<string, unknown> {
  return {
    name: person.name,
    email: person.email,
    phoneNumber: person.phoneNumber,
    roles: [...person.roles].sort(),
    primaryStoreId: person.primaryStoreId,
  };
}

async function namesOfStores(
  db: Database | Transaction,
  tenantId: string,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), inArray(stores.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
