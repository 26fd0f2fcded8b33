import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  AuditCategory,
  CatalogueErrorCode,
  CatalogueIssue,
  ErrorCode,
  isChoiceKind,
  needsEnglish,
  type AttributeCreateSchema,
  type AttributeUpdateSchema,
  type CatalogueAttribute,
  type CatalogueCategory,
  type CategoryInputSchema,
  type CategoryOrder,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { attributeDefinitions, equipmentCategories } from '@/db/schema.js';
import { optionInLanguage } from '@/lib/english.js';
import { AppError, conflictError, notFound, validationError } from '@/lib/errors.js';
import { isEnglish } from '@/lib/messages.js';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import { changedFields, recordAudit } from '@/modules/audit/record.js';
import { attributeLine, inBoth, say } from './messages.js';
import {
  attributeClash,
  categoryNamed,
  categoryUsage,
  countOptionUse,
  countValues,
  lockAttribute,
  lockCategory,
  nextAttributeOrder,
  nextCategoryOrder,
  selectAttributes,
  selectCategories,
  type AttributeRow,
  type CategoryRow,
} from './repository.js';

type CategoryInput = z.output<typeof CategoryInputSchema>;
type AttributeCreate = z.output<typeof AttributeCreateSchema>;
type AttributeUpdate = z.output<typeof AttributeUpdateSchema>;

const CATEGORY_FIELDS = ['name', 'nameEn', 'sizeKind', 'dinAdjustable'] as const;
const ATTRIBUTE_FIELDS = [
  'name',
  'displayName',
  'displayNameEn',
  'kind',
  'options',
  'optionsEn',
  'unit',
  'isRequired',
  'isFilterable',
  'isSize',
  'isEnabled',
] as const;

/** An audit line's fields of something new: nothing before. */
function asCreated<T extends object>(value: T, fields: readonly (keyof T & string)[]) {
  return Object.fromEntries(fields.map((f) => [f, [null, value[f]]])) as Record<
    string,
    [unknown, unknown]
  >;
}

/** An audit line's fields of something gone: nothing after. */
function asDeleted<T extends object>(value: T, fields: readonly (keyof T & string)[]) {
  return Object.fromEntries(fields.map((f) => [f, [value[f], null]])) as Record<
    string,
    [unknown, unknown]
  >;
}

/** The English values an attribute lacks: its display name, and options that need words. */
export function attributeMissingEnglish(row: {
  displayNameEn: string;
  options: string[];
  optionsEn: string[];
}): string[] {
  const missing: string[] = [];
  if (!row.displayNameEn) missing.push('displayNameEn');
  if (row.options.some((o, i) => needsEnglish(o) && !row.optionsEn[i])) missing.push('optionsEn');
  return missing;
}

const toCategory = (row: CategoryRow): CatalogueCategory => ({
  id: row.id,
  name: row.name,
  nameEn: row.nameEn,
  missingEnglish: row.nameEn ? [] : ['nameEn'],
  sizeKind: row.sizeKind,
  dinAdjustable: row.dinAdjustable,
  sortOrder: row.sortOrder,
  equipmentCount: row.equipmentCount,
  attributeCount: row.attributeCount,
  lastModificationTime: row.updatedAt.toISOString(),
});

const toAttribute = (row: AttributeRow, english: boolean): CatalogueAttribute => ({
  id: row.id,
  categoryId: row.categoryId,
  name: row.name,
  displayName: row.displayName,
  displayNameEn: row.displayNameEn,
  kind: row.kind,
  options: row.options,
  optionsEn: row.optionsEn,
  optionLabels: row.options.map((o) => optionInLanguage(english, row.options, row.optionsEn, o)),
  missingEnglish: attributeMissingEnglish(row),
  unit: row.unit,
  isRequired: row.isRequired,
  isFilterable: row.isFilterable,
  isSize: row.isSize,
  isEnabled: row.isEnabled,
  sortOrder: row.sortOrder,
  valueCount: row.valueCount,
});

/**
 * The business's equipment categories and their attribute definitions, changed by an
 * administrator (docs/catalogue-and-help.md). Every change is one transaction with its audit line.
 */
export class CatalogueService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }

  private categoryNotFound() {
    return notFound(ErrorCode.CategoryNotFound, say(this.request, 'CategoryNotFound'));
  }

  private attributeNotFound() {
    return notFound(CatalogueErrorCode.AttributeNotFound, say(this.request, 'AttributeNotFound'));
  }

  private categoryNameTaken(name: string) {
    return conflictError(
      CatalogueErrorCode.NameTaken,
      say(this.request, 'CategoryNameTaken', { name }),
      {
        field: 'name',
      },
    );
  }

  private attributeNameTaken(field: 'name' | 'displayName', name: string) {
    return conflictError(
      CatalogueErrorCode.NameTaken,
      say(this.request, 'AttributeNameTaken', { name }),
      { field },
    );
  }

  /**
   * Runs a change; a name taken by a concurrent change (the database's unique index) answers as
   * the check before it would have.
   */
  private async write<T>(work: (tx: Transaction) => Promise<T>, onTaken: () => AppError) {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw onTaken();
      throw err;
    }
  }

  // ---- categories ----------------------------------------------------------------------------

  async listCategories(): Promise<{ items: CatalogueCategory[] }> {
    const rows = await selectCategories(this.db, this.tenantId);
    return { items: rows.map(toCategory) };
  }

  async getCategory(id: string): Promise<CatalogueCategory> {
    const [row] = await selectCategories(this.db, this.tenantId, id);
    if (!row) throw this.categoryNotFound();
    return toCategory(row);
  }

  async createCategory(input: CategoryInput): Promise<CatalogueCategory> {
    if (await categoryNamed(this.db, this.tenantId, input.name))
      throw this.categoryNameTaken(input.name);
    const id = await this.write(
      async (tx) => {
        const [created] = await tx
          .insert(equipmentCategories)
          .values({
            tenantId: this.tenantId,
            ...input,
            sortOrder: await nextCategoryOrder(tx, this.tenantId),
          })
          .returning();
        await recordAudit(tx, this.request, {
          category: AuditCategory.Settings,
          entityType: 'category',
          entityId: created!.id,
          action: 'created',
          summary: inBoth('CategoryCreated', { name: input.name }),
          changes: asCreated(input, CATEGORY_FIELDS),
        });
        return created!.id;
      },
      () => this.categoryNameTaken(input.name),
    );
    return this.getCategory(id);
  }

  async updateCategory(id: string, input: CategoryInput): Promise<CatalogueCategory> {
    if (await categoryNamed(this.db, this.tenantId, input.name, id))
      throw this.categoryNameTaken(input.name);
    await this.write(
      async (tx) => {
        const before = await lockCategory(tx, this.tenantId, id);
        if (!before) throw this.categoryNotFound();
        const changes = changedFields(before, input, CATEGORY_FIELDS);
        if (Object.keys(changes).length === 0) return;
        await tx
          .update(equipmentCategories)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(equipmentCategories.id, id));
        await recordAudit(tx, this.request, {
          category: AuditCategory.Settings,
          entityType: 'category',
          entityId: id,
          action: 'updated',
          summary: inBoth('CategoryUpdated', { name: input.name }),
          changes,
        });
      },
      () => this.categoryNameTaken(input.name),
    );
    return this.getCategory(id);
  }

  /** Puts the categories in the given order: every one of them, each once. */
  async reorderCategories({ ids }: CategoryOrder): Promise<{ items: CatalogueCategory[] }> {
    if (new Set(ids).size !== ids.length)
      throw validationError('body', [{ path: ['ids'], message: CatalogueIssue.OrderIncomplete }]);
    await this.db.transaction(async (tx) => {
      // Locks every category, so two reorders (or a reorder and a new category) take turns.
      const rows = await tx
        .select({
          id: equipmentCategories.id,
          name: equipmentCategories.name,
          sortOrder: equipmentCategories.sortOrder,
        })
        .from(equipmentCategories)
        .where(eq(equipmentCategories.tenantId, this.tenantId))
        .orderBy(equipmentCategories.sortOrder, equipmentCategories.name)
        .for('update');
      const known = new Set(rows.map((r) => r.id));
      if (rows.length !== ids.length || ids.some((id) => !known.has(id)))
        throw conflictError(CatalogueErrorCode.OrderOutdated, say(this.request, 'OrderOutdated'));
      const before = rows.map((r) => r.name);
      for (const [index, id] of ids.entries()) {
        await tx
          .update(equipmentCategories)
          .set({ sortOrder: index + 1 })
          .where(eq(equipmentCategories.id, id));
      }
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const after = ids.map((id) => names.get(id)!);
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'category',
        action: 'reordered',
        summary: inBoth('CategoriesReordered'),
        changes: { order: [before, after] },
      });
    });
    return this.listCategories();
  }

  /**
   * Deletes a category nothing uses: no item (scrapped ones still name their category), no order
   * line booked as it, no rental pack. Its own attribute definitions go with it.
   */
  async deleteCategory(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The lock makes an item being added to the category wait, then fail on its reference.
      const row = await lockCategory(tx, this.tenantId, id);
      if (!row) throw this.categoryNotFound();
      const usage = await categoryUsage(tx, id);
      if (usage.items > 0)
        throw conflictError(
          CatalogueErrorCode.CategoryInUse,
          say(this.request, 'CategoryHasItems', { count: usage.items }),
          usage,
        );
      if (usage.orderLines > 0)
        throw conflictError(
          CatalogueErrorCode.CategoryInUse,
          say(this.request, 'CategoryHasOrderLines', { count: usage.orderLines }),
          usage,
        );
      if (usage.packs.length > 0)
        throw conflictError(
          CatalogueErrorCode.CategoryInUse,
          say(this.request, 'CategoryInPacks', { names: usage.packs.join('、') }),
          usage,
        );
      const attributes = await tx
        .select({ name: attributeDefinitions.displayName })
        .from(attributeDefinitions)
        .where(eq(attributeDefinitions.categoryId, id));
      await tx.delete(equipmentCategories).where(eq(equipmentCategories.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'category',
        entityId: id,
        action: 'deleted',
        summary: inBoth('CategoryDeleted', { name: row.name }),
        changes: {
          ...asDeleted(row, CATEGORY_FIELDS),
          attributes: [attributes.map((a) => a.name), null],
        },
      });
    });
  }

  // ---- attributes ----------------------------------------------------------------------------

  async listAttributes(categoryId?: string): Promise<{ items: CatalogueAttribute[] }> {
    if (categoryId) await this.getCategory(categoryId);
    const rows = await selectAttributes(this.db, this.tenantId, { categoryId });
    return { items: rows.map((row) => toAttribute(row, isEnglish(this.request))) };
  }

  private async getAttribute(id: string): Promise<CatalogueAttribute> {
    const [row] = await selectAttributes(this.db, this.tenantId, { id });
    if (!row) throw this.attributeNotFound();
    return toAttribute(row, isEnglish(this.request));
  }

  private async categoryName(db: Database | Transaction, categoryId: string | null) {
    if (categoryId === null) return null;
    const [row] = await db
      .select({ name: equipmentCategories.name })
      .from(equipmentCategories)
      .where(
        and(
          eq(equipmentCategories.tenantId, this.tenantId),
          eq(equipmentCategories.id, categoryId),
        ),
      );
    return row?.name ?? null;
  }

  /**
   * Only a select or multi-select keeps options (and their English, one per option at most, no
   * empty tail); the key is the display name when left empty.
   */
  private normalise<T extends AttributeUpdate>(input: T): T {
    const options = isChoiceKind(input.kind) ? input.options : [];
    const optionsEn = input.optionsEn.slice(0, options.length);
    while (optionsEn.length > 0 && !optionsEn[optionsEn.length - 1]) optionsEn.pop();
    return { ...input, name: input.name || input.displayName, options, optionsEn };
  }

  private async checkNames(
    db: Database | Transaction,
    categoryId: string | null,
    input: { name: string; displayName: string },
    raw: { name: string },
    exceptId?: string,
  ) {
    const clash = await attributeClash(db, this.tenantId, categoryId, input, exceptId);
    // A key left empty is the display name: the clash is the display name's.
    const field = clash === 'name' && !raw.name ? 'displayName' : clash;
    if (field) throw this.attributeNameTaken(field, input[field]);
  }

  async createAttribute(raw: AttributeCreate): Promise<CatalogueAttribute> {
    const input = this.normalise(raw);
    const category = await this.categoryName(this.db, input.categoryId);
    if (input.categoryId !== null && category === null)
      throw new AppError(400, ErrorCode.CategoryNotFound, say(this.request, 'CategoryNotFound'));
    await this.checkNames(this.db, input.categoryId, input, raw);
    const id = await this.write(
      async (tx) => {
        if (input.categoryId !== null && !(await lockCategory(tx, this.tenantId, input.categoryId)))
          throw new AppError(
            400,
            ErrorCode.CategoryNotFound,
            say(this.request, 'CategoryNotFound'),
          );
        const [created] = await tx
          .insert(attributeDefinitions)
          .values({
            tenantId: this.tenantId,
            ...input,
            sortOrder: await nextAttributeOrder(tx, this.tenantId, input.categoryId),
          })
          .returning({ id: attributeDefinitions.id });
        await recordAudit(tx, this.request, {
          category: AuditCategory.Settings,
          entityType: 'attribute',
          entityId: created!.id,
          action: 'created',
          summary: attributeLine('AttributeCreated', input.displayName, category),
          changes: asCreated(input, ATTRIBUTE_FIELDS),
        });
        return created!.id;
      },
      () => this.attributeNameTaken('name', input.name),
    );
    return this.getAttribute(id);
  }

  async updateAttribute(id: string, raw: AttributeUpdate): Promise<CatalogueAttribute> {
    const input = this.normalise(raw);
    await this.write(
      async (tx) => {
        const before = await lockAttribute(tx, this.tenantId, id);
        if (!before) throw this.attributeNotFound();
        if (input.isSize && before.categoryId === null)
          throw validationError('body', [
            { path: ['isSize'], message: CatalogueIssue.SizeNeedsCategory },
          ]);
        await this.checkNames(tx, before.categoryId, input, raw, id);
        const changes = changedFields(before, input, ATTRIBUTE_FIELDS);
        if (Object.keys(changes).length === 0) return;
        if (input.kind !== before.kind) {
          const count = await countValues(tx, id);
          if (count > 0)
            throw conflictError(
              CatalogueErrorCode.KindLocked,
              say(this.request, 'KindLocked', { count }),
              { field: 'kind', count },
            );
        } else if (isChoiceKind(input.kind)) {
          for (const option of before.options.filter((o) => !input.options.includes(o))) {
            const count = await countOptionUse(tx, id, option, input.kind === 'multi-select');
            if (count > 0)
              throw conflictError(
                CatalogueErrorCode.OptionInUse,
                say(this.request, 'OptionInUse', { option, count }),
                { field: 'options', option, count },
              );
          }
        }
        await tx
          .update(attributeDefinitions)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(attributeDefinitions.id, id));
        const category = await this.categoryName(tx, before.categoryId);
        await recordAudit(tx, this.request, {
          category: AuditCategory.Settings,
          entityType: 'attribute',
          entityId: id,
          action: 'updated',
          summary: attributeLine('AttributeUpdated', input.displayName, category),
          changes,
        });
      },
      () => this.attributeNameTaken('name', input.name),
    );
    return this.getAttribute(id);
  }

  /** Disabled attributes leave the forms and filters; the values items have stay. */
  async setAttributeEnabled(id: string, isEnabled: boolean): Promise<CatalogueAttribute> {
    await this.db.transaction(async (tx) => {
      const before = await lockAttribute(tx, this.tenantId, id);
      if (!before) throw this.attributeNotFound();
      if (before.isEnabled === isEnabled) return;
      await tx
        .update(attributeDefinitions)
        .set({ isEnabled, updatedAt: new Date() })
        .where(eq(attributeDefinitions.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'attribute',
        entityId: id,
        action: isEnabled ? 'enabled' : 'disabled',
        summary: attributeLine(
          isEnabled ? 'AttributeEnabled' : 'AttributeDisabled',
          before.displayName,
          await this.categoryName(tx, before.categoryId),
        ),
        changes: { isEnabled: [before.isEnabled, isEnabled] },
      });
    });
    return this.getAttribute(id);
  }

  /** Deletes an attribute no item has a value for; one in use can be disabled instead. */
  async deleteAttribute(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The lock makes a value being written for it wait, then fail on its reference.
      const row = await lockAttribute(tx, this.tenantId, id);
      if (!row) throw this.attributeNotFound();
      const count = await countValues(tx, id);
      if (count > 0)
        throw conflictError(
          CatalogueErrorCode.AttributeInUse,
          say(this.request, 'AttributeHasValues', { count }),
          { count },
        );
      await tx.delete(attributeDefinitions).where(eq(attributeDefinitions.id, id));
      await recordAudit(tx, this.request, {
        category: AuditCategory.Settings,
        entityType: 'attribute',
        entityId: id,
        action: 'deleted',
        summary: attributeLine(
          'AttributeDeleted',
          row.displayName,
          await this.categoryName(tx, row.categoryId),
        ),
        changes: asDeleted(row, ATTRIBUTE_FIELDS),
      });
    });
  }
}
