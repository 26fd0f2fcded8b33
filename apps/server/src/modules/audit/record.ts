import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AuditCategory } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { auditLog, users } from '@/db/schema.js';

/** Changes with no history of their own: the business's settings, and its staff. */
export type RecordedCategory = typeof AuditCategory.Settings | typeof AuditCategory.Staff;

export interface AuditEntry {
  category: RecordedCategory;
  /** The store the change concerns; null or absent for the whole business. */
  storeId?: string | null;
  /** store, business-parameter, system-setting, rental-agreement, category, attribute, help-article, role, employee … */
  entityType: string;
  entityId?: string;
  /** created, updated, deleted, published, unpublished, activated, deactivated … */
  action: string;
  /** What the log shows, in each language: 'Changed 万龙雪场店's closing time to 18:00'. */
  summary: { zh: string; en: string };
  /** The fields that changed: name → [before, after] (`changedFields`). */
  changes?: Record<string, [unknown, unknown]>;
}

/**
 * Writes one line of the audit log for the signed-in user, in the caller's transaction so the
 * line exists exactly when the change does.
 */
export async function recordAudit(
  db: Database | Transaction,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  const user = request.user;
  const [who] = user
    ? await db
        .select({ name: users.name, userName: users.userName })
        .from(users)
        .where(eq(users.id, user.id))
    : [];
  await db.insert(auditLog).values({
    tenantId: request.tenantId,
    storeId: entry.storeId ?? null,
    category: entry.category,
    entityType: entry.entityType,
    entityId: entry.entityId ?? '',
    action: entry.action,
    summary: entry.summary.zh,
    summaryEn: entry.summary.en,
    changes: entry.changes ?? {},
    userId: user?.id ?? null,
    operatorName: who?.name || who?.userName || user?.userName || '',
  });
}

/** The fields whose values differ between two versions of a thing: name → [before, after]. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const [a, b] = [before[field], after[field]];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}
