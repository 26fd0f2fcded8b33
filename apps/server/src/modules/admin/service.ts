import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUSINESS_PARAMETERS,
  DEFAULT_SYSTEM_NAME,
  ErrorCode,
  OrderStatus,
  Permissions,
  type AdminParameters,
  type AgreementVersion,
  type BusinessParameterKey,
  type ParametersSaveSchema,
  type StoreAdmin,
  type StoreSaveSchema,
  type SystemInfoAdmin,
  type SystemInfoSaveSchema,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  agreementVersions,
  businessParameters,
  files,
  orders,
  stores,
  systemSettings,
  users,
} from '@/db/schema.js';
import { agreementVersion } from '@/lib/agreement.js';
import { businessError, conflictError, fieldError, notFound } from '@/lib/errors.js';
import { message, messageInBoth, type MessageKey } from '@/lib/messages.js';
import { UNIQUE_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { changedFields, recordAudit } from '@/modules/audit/record.js';
import { SystemSettingKey as S } from '@/modules/config-distribution/system-setting-keys.js';

type StoreSave = z.output<typeof StoreSaveSchema>;
type ParametersSave = z.output<typeof ParametersSaveSchema>;
type SystemInfoSave = z.output<typeof SystemInfoSaveSchema>;

/** Orders a store must see through: booked, paid or out with the customer. */
const OPEN_ORDER_STATUSES = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
];

/** What a new thing changed from. */
const NOTHING: Record<string, unknown> = {};

const STORE_FIELDS = [
  'code',
  'name',
  'nameEn',
  'phone',
  'address',
  'addressEn',
  'latitude',
  'longitude',
  'openTime',
  'closeTime',
  'restDays',
  'sortOrder',
  'isActive',
] as const;

const SYSTEM_FIELDS: { field: keyof SystemInfoAdmin; key: string }[] = [
  { field: 'systemName', key: S.SystemName },
  { field: 'systemDomain', key: S.SystemDomain },
  { field: 'companyName', key: S.CompanyName },
  { field: 'companyNameEn', key: S.CompanyNameEn },
  { field: 'systemLogo', key: S.SystemLogo },
  { field: 'systemLogoFileId', key: S.SystemLogoFileId },
  { field: 'policeFilingNumber', key: S.PoliceFilingNumber },
  { field: 'policeFilingLink', key: S.PoliceFilingLink },
  { field: 'icpNumber', key: S.IcpNumber },
  { field: 'icpLink', key: S.IcpLink },
];

/**
 * What the business changes over a season without a developer (docs/admin.md): its stores,
 * business parameters, system information and filing, and the rental agreement. Every change is
 * one transaction with its line in the audit log; clients see it through the configuration call.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get user() {
    return this.request.user!;
  }
  private msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  // ---- stores ----------------------------------------------------------------------------------

  async stores(): Promise<StoreAdmin[]> {
    const [rows, open, staff] = await Promise.all([
      this.db
        .select()
        .from(stores)
        .where(eq(stores.tenantId, this.tenantId))
        .orderBy(desc(stores.isActive), asc(stores.sortOrder), asc(stores.name)),
      this.db
        .select({ storeId: orders.storeId, n: count() })
        .from(orders)
        .where(and(eq(orders.tenantId, this.tenantId), inArray(orders.status, OPEN_ORDER_STATUSES)))
        .groupBy(orders.storeId),
      this.db
        .select({ storeId: users.primaryStoreId, n: count() })
        .from(users)
        .where(and(eq(users.tenantId, this.tenantId), eq(users.isActive, true)))
        .groupBy(users.primaryStoreId),
    ]);
    const openOf = new Map(open.map((r) => [r.storeId, r.n]));
    const staffOf = new Map(staff.map((r) => [r.storeId, r.n]));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      nameEn: row.nameEn,
      phone: row.phone,
      address: row.address,
      addressEn: row.addressEn,
      latitude: row.latitude,
      longitude: row.longitude,
      openTime: row.openTime,
      closeTime: row.closeTime,
      restDays: [...row.restDays].sort((a, b) => a - b),
      sortOrder: row.sortOrder,
      isActive: row.isActive,
      openOrders: openOf.get(row.id) ?? 0,
      staff: staffOf.get(row.id) ?? 0,
    }));
  }

  async store(id: string): Promise<StoreAdmin> {
    const found = (await this.stores()).find((s) => s.id === id);
    if (!found) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    return found;
  }

  async createStore(input: StoreSave): Promise<StoreAdmin> {
    const values = { ...input, restDays: [...input.restDays].sort((a, b) => a - b) };
    const id = await this.uniqueCode(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(stores)
          .values({ tenantId: this.tenantId, ...values })
          .returning({ id: stores.id });
        await recordAudit(tx, this.request, {
          category: 'settings',
          storeId: row!.id,
          entityType: 'store',
          entityId: row!.id,
          action: 'created',
          summary: messageInBoth('AuditStoreCreated', { name: input.name }),
          changes: changedFields(NOTHING, values, STORE_FIELDS),
        });
        return row!.id;
      }),
    );
    return this.store(id);
  }

  async updateStore(id: string, input: StoreSave): Promise<StoreAdmin> {
    const before = await this.store(id);
    if (before.isActive && !input.isActive && before.openOrders > 0) {
      throw conflictError(
        ErrorCode.StoreHasOpenOrders,
        this.msg('StoreHasOpenOrders', { name: before.name, count: before.openOrders }),
        { openOrders: before.openOrders },
      );
    }
    const values = { ...input, restDays: [...input.restDays].sort((a, b) => a - b) };
    const changes = changedFields(before, values, STORE_FIELDS);
    if (Object.keys(changes).length === 0) return before;
    await this.uniqueCode(() =>
      this.db.transaction(async (tx) => {
        await tx
          .update(stores)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(stores.tenantId, this.tenantId), eq(stores.id, id)));
        const action =
          before.isActive !== input.isActive
            ? input.isActive
              ? 'activated'
              : 'deactivated'
            : 'updated';
        await recordAudit(tx, this.request, {
          category: 'settings',
          storeId: id,
          entityType: 'store',
          entityId: id,
          action,
          summary: messageInBoth(
            action === 'activated'
              ? 'AuditStoreActivated'
              : action === 'deactivated'
                ? 'AuditStoreDeactivated'
                : 'AuditStoreUpdated',
            { name: input.name, fields: Object.keys(changes).join(', ') },
          ),
          changes,
        });
      }),
    );
    return this.store(id);
  }

  /** A store code already in use answers 409 on the code field. */
  private async uniqueCode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
      throw fieldError(409, ErrorCode.DuplicateStoreCode, this.msg('StoreCodeTaken'), 'code');
    }
  }

  // ---- business parameters ---------------------------------------------------------------------

  private get editsGlobal() {
    return this.user.permissions.includes(Permissions.SystemManagement.Default);
  }

  /** A store the caller may set values for: any (system management), else their own. */
  private async parameterStore(storeId: string | null | undefined): Promise<string | null> {
    if (!storeId) return null;
    if (!this.editsGlobal && storeId !== this.user.primaryStoreId) {
      throw businessError(ErrorCode.Forbidden, this.msg('ParametersOtherStore'));
    }
    const [row] = await this.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.tenantId, this.tenantId), eq(stores.id, storeId)));
    if (!row) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    return row.id;
  }

  async parameters(storeId: string | undefined): Promise<AdminParameters> {
    // A manager reads their own store's values (and what the business sets for it).
    const scope = await this.parameterStore(
      storeId ?? (this.editsGlobal ? null : this.user.primaryStoreId),
    );
    const rows = await this.db
      .select()
      .from(businessParameters)
      .where(eq(businessParameters.tenantId, this.tenantId));
    const valueOf = (key: string, store: string | null) =>
      rows.find((r) => r.key === key && r.storeId === store)?.value ?? null;
    return {
      storeId: scope,
      canEditGlobal: this.editsGlobal,
      items: (Object.keys(BUSINESS_PARAMETERS) as BusinessParameterKey[]).map((key) => {
        const def = BUSINESS_PARAMETERS[key];
        const global = valueOf(key, null) ?? '';
        const own = scope && def.scope === 'any' ? valueOf(key, scope) : null;
        const source = own?.trim() ? 'store' : global.trim() ? 'global' : 'default';
        return {
          key,
          kind: def.kind,
          scope: def.scope,
          global,
          store: own,
          effective: source === 'store' ? own!.trim() : global.trim(),
          source,
        };
      }),
    };
  }

  /**
   * Sets the business's values, or a store's. A blank store value is removed: the business's
   * value applies there again (spec §5: a store value wins only when not blank).
   */
  async saveParameters(input: ParametersSave): Promise<AdminParameters> {
    if (!input.storeId && !this.editsGlobal) {
      throw businessError(ErrorCode.Forbidden, this.msg('ParametersGlobalNotYours'));
    }
    const storeId = await this.parameterStore(input.storeId);
    const before = await this.parameters(storeId ?? undefined);
    const old = new Map(
      before.items.map((i) => [i.key, storeId ? (i.store ?? '') : i.global] as const),
    );
    const changes: Record<string, [unknown, unknown]> = {};
    await this.db.transaction(async (tx) => {
      for (const { key, value } of input.values) {
        const next = normalise(key, value);
        if ((old.get(key) ?? '').trim() === next) continue;
        changes[key] = [old.get(key) ?? '', next];
        const scope = and(
          eq(businessParameters.tenantId, this.tenantId),
          eq(businessParameters.key, key),
          storeId ? eq(businessParameters.storeId, storeId) : isNull(businessParameters.storeId),
        );
        if (storeId && next === '') {
          await tx.delete(businessParameters).where(scope);
          continue;
        }
        await tx
          .insert(businessParameters)
          .values({ tenantId: this.tenantId, storeId, key, value: next })
          .onConflictDoUpdate({
            target: [
              businessParameters.tenantId,
              businessParameters.storeId,
              businessParameters.key,
            ],
            set: { value: next, updatedAt: new Date() },
          });
      }
      if (Object.keys(changes).length === 0) return;
      const storeName = storeId ? await this.storeName(tx, storeId) : '';
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId,
        entityType: 'business-parameter',
        entityId: storeId ?? '',
        action: 'updated',
        summary: messageInBoth(storeId ? 'AuditStoreParameters' : 'AuditGlobalParameters', {
          store: storeName,
          keys: Object.keys(changes)
            .map((k) => k.split('.').pop())
            .join(', '),
        }),
        changes,
      });
    });
    return this.parameters(storeId ?? undefined);
  }

  private async storeName(tx: Transaction, id: string) {
    const [row] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, id));
    return row?.name ?? '';
  }

  // ---- system information and filing ----------------------------------------------------------

  private async settings(tx: Database | Transaction = this.db) {
    const rows = await tx
      .select({ key: systemSettings.key, value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.tenantId, this.tenantId));
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  async systemInfo(): Promise<SystemInfoAdmin> {
    const settings = await this.settings();
    const info = Object.fromEntries(
      SYSTEM_FIELDS.map(({ field, key }) => [field, settings.get(key) ?? '']),
    ) as SystemInfoAdmin;
    return { ...info, systemName: info.systemName || DEFAULT_SYSTEM_NAME };
  }

  async saveSystemInfo(input: SystemInfoSave): Promise<SystemInfoAdmin> {
    const before = await this.systemInfo();
    const logo = await this.logo(input.systemLogoFileId, before);
    const after: SystemInfoAdmin = { ...input, ...logo };
    const changes = changedFields(
      before,
      after,
      SYSTEM_FIELDS.map((f) => f.field).filter((f) => f !== 'systemLogo'),
    );
    if (Object.keys(changes).length === 0) return before;
    await this.db.transaction(async (tx) => {
      // An uploaded logo is kept once it is the logo (uploads are temporary until used).
      if (after.systemLogoFileId && after.systemLogoFileId !== before.systemLogoFileId) {
        await tx
          .update(files)
          .set({ isTemporary: false, expiresAt: null })
          .where(eq(files.id, after.systemLogoFileId));
      }
      for (const { field, key } of SYSTEM_FIELDS) {
        const value = after[field];
        await tx
          .insert(systemSettings)
          .values({ tenantId: this.tenantId, key, value })
          .onConflictDoUpdate({
            target: [systemSettings.tenantId, systemSettings.key],
            set: { value, updatedAt: new Date() },
          });
      }
      await recordAudit(tx, this.request, {
        category: 'settings',
        entityType: 'system-setting',
        action: 'updated',
        summary: messageInBoth('AuditSystemInfo', { fields: Object.keys(changes).join(', ') }),
        changes,
      });
    });
    return this.systemInfo();
  }

  /**
   * The logo's file and address: an image the caller uploaded as `SystemLogo` (400 otherwise), or
   * none. The file becomes public while it is the logo (modules/files).
   */
  private async logo(fileId: string, before: SystemInfoAdmin) {
    if (!fileId) return { systemLogoFileId: '', systemLogo: '' };
    if (fileId === before.systemLogoFileId) {
      return { systemLogoFileId: fileId, systemLogo: before.systemLogo };
    }
    const [file] = await this.db
      .select({ id: files.id, type: files.businessType, contentType: files.contentType })
      .from(files)
      .where(
        and(
          eq(files.tenantId, this.tenantId),
          eq(files.id, fileId),
          eq(files.ownerId, this.user.id),
        ),
      );
    if (!file || file.type !== 'SystemLogo' || !file.contentType.startsWith('image/')) {
      throw fieldError(400, ErrorCode.Validation, this.msg('LogoFileInvalid'), 'systemLogoFileId');
    }
    return { systemLogoFileId: fileId, systemLogo: `/api/files/download/${fileId}` };
  }

  // ---- the rental agreement --------------------------------------------------------------------

  async agreements(): Promise<AgreementVersion[]> {
    const settings = await this.settings();
    const current = agreementVersion(
      settings.get(S.RentalAgreement) ?? '',
      settings.get(S.RentalAgreementEn) ?? '',
    );
    const rows = await this.db
      .select({
        version: agreementVersions.version,
        text: agreementVersions.text,
        textEn: agreementVersions.textEn,
        publishedAt: agreementVersions.publishedAt,
        publishedByName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName}, '')`,
        orders:
          sql<number>`(select count(*) from ${orders} where ${orders.tenantId} = ${agreementVersions.tenantId} and ${orders.agreementVersion} = ${agreementVersions.version})`.mapWith(
            Number,
          ),
      })
      .from(agreementVersions)
      .leftJoin(users, eq(users.id, agreementVersions.publishedBy))
      .where(eq(agreementVersions.tenantId, this.tenantId))
      .orderBy(desc(agreementVersions.publishedAt));
    return rows.map((r) => ({
      ...r,
      publishedAt: r.publishedAt.toISOString(),
      current: r.version === current,
    }));
  }

  /**
   * A new version of the rental agreement: what new bookings accept from now on. Bookings made
   * against the old one keep it (their version names its text here); a booking page still showing
   * the old one is asked to read the new one (409 `AgreementChanged`). The Chinese and the English
   * text are one version: a change to the English alone asks for acceptance again too, since a
   * foreign customer accepts what they read.
   */
  async publishAgreement({
    text,
    textEn,
  }: {
    text: string;
    textEn: string;
  }): Promise<AgreementVersion[]> {
    const version = agreementVersion(text, textEn);
    const settings = await this.settings();
    const before = settings.get(S.RentalAgreement) ?? '';
    const beforeEn = settings.get(S.RentalAgreementEn) ?? '';
    const beforeVersion = agreementVersion(before, beforeEn);
    if (beforeVersion === version) {
      throw conflictError(ErrorCode.AgreementUnchanged, this.msg('AgreementUnchanged'));
    }
    await this.db.transaction(async (tx) => {
      for (const [key, value] of [
        [S.RentalAgreement, text],
        [S.RentalAgreementEn, textEn],
      ] as const) {
        await tx
          .insert(systemSettings)
          .values({ tenantId: this.tenantId, key, value })
          .onConflictDoUpdate({
            target: [systemSettings.tenantId, systemSettings.key],
            set: { value, updatedAt: new Date() },
          });
      }
      // The version published before this history existed is kept too.
      if (before) {
        await tx
          .insert(agreementVersions)
          .values({
            tenantId: this.tenantId,
            version: beforeVersion,
            text: before,
            textEn: beforeEn,
            publishedAt: new Date(Date.now() - 1000),
          })
          .onConflictDoNothing();
      }
      await tx
        .insert(agreementVersions)
        .values({ tenantId: this.tenantId, version, text, textEn, publishedBy: this.user.id })
        .onConflictDoUpdate({
          target: [agreementVersions.tenantId, agreementVersions.version],
          set: { publishedAt: new Date(), publishedBy: this.user.id },
        });
      await recordAudit(tx, this.request, {
        category: 'settings',
        entityType: 'rental-agreement',
        entityId: version,
        action: 'published',
        summary: messageInBoth('AuditAgreementPublished', { version: version.slice(0, 8) }),
        changes: { version: [beforeVersion, version] },
      });
    });
    return this.agreements();
  }
}

/** A parameter value as stored: trimmed, lists as compact JSON, switches in lower case. */
function normalise(key: BusinessParameterKey, value: string): string {
  const text = value.trim();
  if (text === '') return '';
  const kind = BUSINESS_PARAMETERS[key].kind;
  if (kind === 'addresses' || kind === 'amounts') {
    const list = JSON.parse(text) as unknown[];
    return JSON.stringify(
      kind === 'addresses' ? list.map((a) => String(a).trim()) : list.map(Number),
    );
  }
  if (kind === 'switch') return text.toLowerCase();
  if (kind === 'money') return String(Number(text));
  return text;
}
