import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  notExists,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AuditCategory,
  EquipmentStatus,
  ErrorCode,
  RoleName,
  type BatchStockIn,
  type BatchStockOut,
  type BatchStockResult,
  type ChangeStatus,
  type EarlyReturn,
  type Equipment,
  type EquipmentInput,
  type EquipmentInquiry,
  EquipmentInquirySchema,
  type EquipmentListQuery,
  type EquipmentUpdate,
  MAX_EQUIPMENT_IMAGES,
  type OperationHistory,
  type PagedResult,
  type StockIn,
  type StockOut,
  type StockResult,
  type Transfer,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentImages,
  equipmentOperationHistory,
  files,
  equipmentUnavailableTimes,
  stores,
  users,
} from '@/db/schema.js';
import { EXCLUSION_VIOLATION, UNIQUE_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { AppError, businessError, conflictError, notFound } from '@/lib/errors.js';
import { findStore } from '@/lib/stores.js';
import { seesAllStores } from '@/modules/files/access-rules.js';
import { localMinute } from '@/lib/local-time.js';
import { columnInLanguage, inLanguage, valueInLanguage } from '@/lib/english.js';
import { isEnglish, message } from '@/lib/messages.js';
import { countUpTo, likePattern, pageOf } from '@/lib/paging.js';
import { changedFields, recordAudit } from '@/modules/audit/record.js';
import { fileLinks } from '@/modules/files/service.js';
import { moveHoldsOff, retryOnDeadlock } from '@/modules/orders/capacity.js';
import { earlyReturnOrders } from '@/modules/orders/updates.js';
import { writeOrder } from '@/modules/orders/order-lock.js';
import {
  detailsOf,
  imageFilesById,
  picturesOfOtherStores,
  ordersHoldingOut,
  findEquipmentRows,
  findEquipmentWithDetails,
  type EquipmentDetails,
  lockEquipment,
  overlapping,
  keywordMatch,
  type EquipmentRow,
} from './repository.js';
import { availabilityOf } from './availability.js';
import { actionName, ALLOWED_FROM, OPERATION_NAMES, statusName, type Action } from './status.js';

const yuan = (fen: number) => Math.round(fen) / 100;
const fen = (yuanValue: number) => Math.round(yuanValue * 100);

class StatusChangedMeanwhile extends Error {}

/** Statuses in which an item cannot be rented: orders holding it hold another where they can. */
const OUT_OF_STOCK: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

/** Stock, status and details of equipment, with every rule of spec §4 enforced. */
/** The operator's own store, beside the item's, in the operation history. */
const operatorStores = alias(stores, 'operator_stores');
/**
 * A list of gear free for some days is counted no further than this many items past its page:
 * the order's equipment search only asks whether there is more.
 */
export const AVAILABLE_COUNT_CAP = 1_000;

export class EquipmentService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    /** The business time zone, in which messages give times. */
    private readonly timeZone: string,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get en() {
    return isEnglish(this.request);
  }
  private msg(key: Parameters<typeof message>[1], params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  // ---- reading ------------------------------------------------------------------------------

  private async toDtos(rows: EquipmentRow[]): Promise<Equipment[]> {
    const details = await detailsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => this.toDto(r, details.get(r.id)!));
  }

  /**
   * Gear is the business's: staff read every store's items, with their status and when they are
   * free, so a counter can send a customer to a sister store. The orders that hold an item are
   * its store's business (the customer's name among them): as the related orders and the order
   * list, only the order's store (a SuperAdmin any) is told which order it is.
   */
  private knowsOrdersOf(storeId: string | null): boolean {
    const user = this.request.user;
    if (!user) return false;
    return seesAllStores(user) || (storeId !== null && storeId === user.primaryStoreId);
  }

  private toDto(r: EquipmentRow, details: EquipmentDetails): Equipment {
    const ownItem = this.knowsOrdersOf(r.storeId);
    const out = details.outOnOrder;
    return {
      id: r.id,
      name: r.name,
      nameEn: r.nameEn,
      nameShown: inLanguage(this.en, r.name, r.nameEn),
      brand: r.brand,
      model: r.model,
      barcodeNumber: r.barcodeNumber,
      status: r.status,
      statusDisplayName: statusName(r.status, this.en),
      storeId: r.storeId,
      storeName: inLanguage(this.en, r.storeName, r.storeNameEn),
      categoryId: r.categoryId,
      categoryName: inLanguage(this.en, r.categoryName, r.categoryNameEn),
      dailyRentPrice: yuan(r.dailyRentPriceFen),
      deposit: yuan(r.depositFen),
      usageCount: r.usageCount,
      remarks: r.remarks,
      transferToStoreId: r.transferToStoreId,
      attributes: details.attributes.map((a) => ({
        attributeId: a.attributeId,
        name: a.name,
        displayName: inLanguage(this.en, a.displayName, a.displayNameEn),
        kind: a.kind,
        value: a.value,
        valueLabel: valueInLanguage(this.en, a),
      })),
      imageFiles: details.images.map((file) => {
        const links = fileLinks(file);
        return {
          id: file.id,
          file: { id: file.id, accessUrl: links.accessUrl },
          thumbnails: links.thumbnails,
        };
      }),
      imageFileIds: details.images.map((file) => file.id),
      unavailableTimes: details.unavailableTimes.map((l) => ({
        id: l.id,
        startTime: l.startAt.toISOString(),
        endTime: l.endAt.toISOString(),
        source: l.source,
        orderId: ownItem ? l.orderId : null,
        reason: l.reason,
      })),
      outOnOrder:
        out &&
        (this.knowsOrdersOf(out.storeId)
          ? out
          : { orderId: null, orderNumber: null, customerName: null, storeId: out.storeId }),
      creationTime: r.createdAt.toISOString(),
      lastModificationTime: r.updatedAt.toISOString(),
    };
  }

  /**
   * Gear out on an active order comes back only through that order's return, which settles the
   * deposit and frees the item for the order; a plain check-in or status change would leave the
   * order believing the customer still has it.
   */
  private async assertNotOutOnOrder(tx: Transaction, row: EquipmentRow) {
    const [held] = await ordersHoldingOut(tx, [row.id]);
    if (!held) return;
    throw conflictError(
      ErrorCode.EquipmentOutOnOrder,
      this.msg('EquipmentOutOnOrder', { order: held.orderNumber }),
      { orderId: held.orderId, orderNumber: held.orderNumber },
    );
  }

  private async row(id: string): Promise<EquipmentRow> {
    const [row] = await findEquipmentRows(this.db, this.tenantId, eq(equipment.id, id));
    if (!row) throw notFound(ErrorCode.EquipmentNotFound, this.msg('EquipmentNotFound'));
    return row;
  }

  /** One item as its card shows it: one statement (a scan at the counter is the hot path). */
  private async one(by: 'id' | 'barcode', key: string): Promise<Equipment> {
    const found = await findEquipmentWithDetails(this.db, this.tenantId, by, key);
    if (!found) throw notFound(ErrorCode.EquipmentNotFound, this.msg('EquipmentNotFound'));
    return this.toDto(found, found.details);
  }

  async get(id: string): Promise<Equipment> {
    return this.one('id', id);
  }

  async byBarcode(barcode: string): Promise<Equipment> {
    return this.one('barcode', barcode.trim().toLowerCase());
  }

  /** The public look-up by serial number: what anyone may see, with true availability. */
  async inquire(serialNumber: string): Promise<EquipmentInquiry> {
    const item = await this.byBarcode(serialNumber);
    const holds = item.unavailableTimes.map((u) => ({
      startAt: new Date(u.startTime),
      endAt: new Date(u.endTime),
    }));
    const sizeAttributes = await this.db
      .select({ id: attributeDefinitions.id })
      .from(attributeDefinitions)
      .where(
        and(
          eq(attributeDefinitions.categoryId, item.categoryId),
          eq(attributeDefinitions.isSize, true),
        ),
      );
    const sizeIds = new Set(sizeAttributes.map((a) => a.id));
    return EquipmentInquirySchema.parse({
      ...item,
      // A customer reads it: the name in their language.
      name: item.nameShown,
      ...availabilityOf(item.status, holds, new Date()),
      size: Object.fromEntries(
        item.attributes
          .filter((a) => sizeIds.has(a.attributeId))
          .map((a) => [a.attributeId, a.value]),
      ),
    });
  }

  /**
   * A page of gear in the list's order (category, name, barcode), and the list's total.
   *
   * The order begins with the category's place, which no index of the gear holds: sorting every
   * matching item for each page grew with the store (46,000 items free for a week at 50,000).
   * Instead each category gives its first items in name order off `equipment_store_list_idx`
   * (as many as the page reaches), and only those few are sorted: the page costs the same at
   * any size. A list of gear free for some days (the order's equipment search) counts its total
   * no further than AVAILABLE_COUNT_CAP past the page, which is all its "more" needs.
   */
  async list(query: EquipmentListQuery): Promise<PagedResult<Equipment>> {
    const where = this.listWhere(query);
    const page = pageOf(query);
    const firstOfCategory = this.db
      .select()
      .from(equipment)
      .where(and(where, eq(equipment.categoryId, equipmentCategories.id)))
      .orderBy(asc(equipment.name), asc(equipment.barcodeNumber))
      .limit(page.offset + page.limit)
      .as('gear');
    const available = query.availableFrom && query.availableTo;
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(equipmentCategories)
        .innerJoinLateral(firstOfCategory, sql`true`)
        .innerJoin(stores, eq(stores.id, firstOfCategory.storeId))
        .where(eq(equipmentCategories.tenantId, this.tenantId))
        .orderBy(
          asc(equipmentCategories.sortOrder),
          asc(firstOfCategory.name),
          asc(firstOfCategory.barcodeNumber),
        )
        .limit(page.limit)
        .offset(page.offset),
      available
        ? countUpTo(
            this.db,
            equipment,
            where,
            page.offset + Math.max(AVAILABLE_COUNT_CAP, page.limit) + 1,
          )
        : this.db
            .select({ n: count() })
            .from(equipment)
            .where(where)
            .then(([row]) => row?.n ?? 0),
    ]);
    const items = await this.toDtos(
      rows.map((r) => ({
        ...r.gear,
        storeName: r.stores.name,
        storeNameEn: r.stores.nameEn,
        categoryName: r.equipment_categories.name,
        categoryNameEn: r.equipment_categories.nameEn,
      })),
    );
    return { items, totalCount: total };
  }

  /** How many items the list with this query holds (what the list's total says). */
  async count(query: EquipmentListQuery): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(equipment)
      .where(this.listWhere(query));
    return total?.n ?? 0;
  }

  private listWhere(query: EquipmentListQuery): SQL | undefined {
    const parts: SQL[] = [];
    if (query.storeId) parts.push(eq(equipment.storeId, query.storeId));
    if (query.categoryId) parts.push(eq(equipment.categoryId, query.categoryId));
    if (query.status !== undefined) parts.push(eq(equipment.status, query.status));
    if (query.keyword) parts.push(keywordMatch(query.keyword));
    for (const [key, value] of Object.entries(query)) {
      const m = /^attr\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(key);
      if (!m || typeof value !== 'string' || value === '') continue;
      parts.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(equipmentAttributeValues)
            .where(
              and(
                eq(equipmentAttributeValues.equipmentId, equipment.id),
                eq(equipmentAttributeValues.attributeId, m[1]!),
                or(
                  eq(equipmentAttributeValues.value, value),
                  ilike(equipmentAttributeValues.value, likePattern(value)),
                ),
              ),
            ),
        ),
      );
    }
    if (query.availableFrom && query.availableTo) {
      parts.push(eq(equipment.status, EquipmentStatus.Available));
      parts.push(
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(equipmentUnavailableTimes)
            .where(
              and(
                eq(equipmentUnavailableTimes.equipmentId, equipment.id),
                sql`tstzrange(${equipmentUnavailableTimes.startAt}, ${equipmentUnavailableTimes.endAt}, '[)') && tstzrange(${query.availableFrom}::timestamptz, ${query.availableTo}::timestamptz, '[)')`,
              ),
            ),
        ),
      );
    }
    return and(eq(equipment.tenantId, this.tenantId), ...parts);
  }

  // ---- who may change what --------------------------------------------------------------------

  /**
   * Staff change their own store's gear (a SuperAdmin any); a transfer is received by the target
   * store. Another store's gear only after the notice that it is not theirs (spec §2: "you may
   * continue viewing and operating but please verify"), and the history then names their store.
   */
  private assertMayOperate(
    row: EquipmentRow,
    options: { receiving?: boolean; otherStoreAcknowledged?: boolean } = {},
  ) {
    const user = this.request.user!;
    if (user.roles.includes(RoleName.SuperAdmin)) return;
    if (row.storeId === user.primaryStoreId) return;
    if (options.receiving && row.transferToStoreId === user.primaryStoreId) return;
    if (options.otherStoreAcknowledged && user.primaryStoreId) return;
    throw businessError(
      ErrorCode.EquipmentOtherStore,
      this.msg('EquipmentOtherStore', {
        store: inLanguage(this.en, row.storeName, row.storeNameEn),
      }),
      {
        storeId: row.storeId,
        storeName: inLanguage(this.en, row.storeName, row.storeNameEn),
      },
    );
  }

  private assertStoreAllowed(storeId: string) {
    const user = this.request.user!;
    if (user.roles.includes(RoleName.SuperAdmin) || storeId === user.primaryStoreId) return;
    throw businessError(ErrorCode.EquipmentOtherStore, this.msg('EquipmentStoreNotYours'));
  }

  private illegal(row: { status: number }, action: Action) {
    return conflictError(
      ErrorCode.IllegalTransition,
      this.msg('IllegalTransition', {
        from: statusName(row.status, this.en),
        action: actionName(action, this.en),
      }),
      { status: row.status, action },
    );
  }

  private async history(
    tx: Transaction,
    row: { id: string; storeId: string },
    entry: {
      operation: string;
      from?: number | null;
      to?: number | null;
      reason?: string;
      remarks?: string;
      orderId?: string | null;
      photoId?: string | null;
    },
  ) {
    const user = this.request.user!;
    const [who] = await tx
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, user.id));
    await tx.insert(equipmentOperationHistory).values({
      tenantId: this.tenantId,
      equipmentId: row.id,
      operation: entry.operation,
      fromStatus: entry.from ?? null,
      toStatus: entry.to ?? null,
      reason: entry.reason ?? '',
      remarks: entry.remarks ?? '',
      orderId: entry.orderId ?? null,
      photoId: entry.photoId ?? null,
      userId: user.id,
      operatorName: who?.name || who?.userName || user.userName,
      storeId: row.storeId,
      // A SuperAdmin acts for every store; staff are named with their own store.
      operatorStoreId: user.roles.includes(RoleName.SuperAdmin)
        ? null
        : (user.primaryStoreId ?? null),
    });
  }

  /** Moving orders' holds off an item takes other items' locks: a deadlock is run again. */
  private retriedTransaction(work: (tx: Transaction) => Promise<void>) {
    return retryOnDeadlock(() => this.db.transaction(work));
  }

  /**
   * Moves an item from one of `from` to `to` in one transaction: the update only happens if the
   * status is still one of `from` (a concurrent change makes it fail cleanly), then `extra` runs.
   */
  private async transition(
    row: EquipmentRow,
    action: Action,
    to: number,
    entry: { reason: string; remarks: string; orderId?: string | null; photoId?: string | null },
    extra?: (tx: Transaction) => Promise<void>,
    set: Partial<typeof equipment.$inferInsert> = {},
  ) {
    if (!ALLOWED_FROM[action].includes(row.status)) throw this.illegal(row, action);
    try {
      await this.retriedTransaction(async (tx) => {
        // Before the row lock, in the same order as every other writer of the item.
        await lockEquipment(tx, [row.id]);
        const [updated] = await tx
          .update(equipment)
          .set({ status: to, updatedAt: new Date(), ...set })
          .where(
            and(eq(equipment.id, row.id), inArray(equipment.status, [...ALLOWED_FROM[action]])),
          )
          .returning({ id: equipment.id });
        // Someone changed the status meanwhile; report it after the transaction has let go.
        if (!updated) throw new StatusChangedMeanwhile();
        if (OUT_OF_STOCK.includes(to)) await moveHoldsOff(tx, row, this.request.user!.id);
        if (extra) await extra(tx);
        await this.history(tx, row, { operation: action, from: row.status, to, ...entry });
      });
    } catch (err) {
      if (err instanceof StatusChangedMeanwhile) throw this.illegal(await this.row(row.id), action);
      throw err;
    }
  }

  private async result(
    id: string,
    key: Parameters<typeof message>[1],
    params?: Record<string, string>,
  ): Promise<StockResult> {
    return { success: true, message: this.msg(key, params), equipment: await this.get(id) };
  }

  private async conflict(equipmentId: string, start: Date, end: Date): Promise<AppError> {
    const [hit] = await overlapping(this.db, equipmentId, start, end);
    const window = hit ?? { startAt: start, endAt: end };
    const fmt = (d: Date) => localMinute(d, this.timeZone);
    return new AppError(
      409,
      ErrorCode.EquipmentUnavailable,
      this.msg('EquipmentUnavailable', { start: fmt(window.startAt), end: fmt(window.endAt) }),
      undefined,
      {
        conflictStartTime: window.startAt.toISOString(),
        conflictEndTime: window.endAt.toISOString(),
        orderId: hit?.orderId ?? null,
      },
    );
  }

  // ---- stock operations -------------------------------------------------------------------------

  /** Check-out: from 0 only, locking the item for [start, end). */
  async stockOut(id: string, input: StockOut): Promise<StockResult> {
    await this.checkOut(id, input);
    return this.result(id, 'StockOutDone');
  }

  private async checkOut(id: string, input: StockOut) {
    const row = await this.row(id);
    this.assertMayOperate(row, input);
    const start = new Date(input.unavailableStartTime);
    const end = new Date(input.unavailableEndTime);
    try {
      await this.transition(
        row,
        'stockOut',
        EquipmentStatus.InUse,
        input,
        async (tx) => {
          await tx.insert(equipmentUnavailableTimes).values({
            tenantId: this.tenantId,
            equipmentId: id,
            startAt: start,
            endAt: end,
            source: 'manual',
            reason: input.reason,
            createdBy: this.request.user!.id,
          });
        },
        { usageCount: sql`${equipment.usageCount} + 1` as unknown as number },
      );
    } catch (err) {
      if (pgCode(err) === EXCLUSION_VIOLATION) throw await this.conflict(id, start, end);
      throw err;
    }
    return row;
  }

  /** Check-in: from 1–5 back to 0; a transfer lands at its receiving store. */
  async stockIn(id: string, input: StockIn): Promise<StockResult> {
    await this.checkIn(id, input);
    return this.result(id, 'StockInDone');
  }

  private async checkIn(id: string, input: StockIn) {
    const row = await this.row(id);
    this.assertMayOperate(row, {
      receiving: row.status === EquipmentStatus.InTransfer,
      otherStoreAcknowledged: input.otherStoreAcknowledged,
    });
    const receiving = row.status === EquipmentStatus.InTransfer && row.transferToStoreId;
    await this.transition(
      row,
      'stockIn',
      EquipmentStatus.Available,
      input,
      async (tx) => {
        await this.assertNotOutOnOrder(tx, row);
        if (input.shouldClearManualUnavailableTime) {
          await tx
            .delete(equipmentUnavailableTimes)
            .where(
              and(
                eq(equipmentUnavailableTimes.equipmentId, id),
                eq(equipmentUnavailableTimes.source, 'manual'),
              ),
            );
        }
      },
      receiving ? { storeId: receiving, transferToStoreId: null } : {},
    );
    return row;
  }

  /**
   * Batch mode: the items scanned at the counter go out (or come in) with one reason, each in its
   * own transaction, so one refused item (on an order, booked in that window, another store's)
   * holds back nothing else; the answer says what became of each, in the order sent.
   */
  async batchStockOut({ equipmentIds, ...input }: BatchStockOut): Promise<BatchStockResult> {
    return this.batch(equipmentIds, 'StockOutDone', (id) => this.checkOut(id, input));
  }

  /**
   * A batch check-in where some items came back damaged: each is checked in, then marked damaged
   * (as marking damaged does), its history keeping the note and the photo.
   */
  async batchStockIn({ equipmentIds, damaged, ...input }: BatchStockIn): Promise<BatchStockResult> {
    await this.assertOwnDamagePhotos(
      damaged.flatMap((d) => (d.photoFileId ? [d.photoFileId] : [])),
    );
    const notes = new Map(damaged.map((d) => [d.equipmentId, d]));
    return this.batch(equipmentIds, 'StockInDone', async (id) => {
      const row = await this.checkIn(id, input);
      const note = notes.get(id);
      if (!note) return row;
      const photoId = note.photoFileId ?? null;
      await this.transition(
        { ...row, status: EquipmentStatus.Available },
        'markDamaged',
        EquipmentStatus.Damaged,
        { reason: this.msg('DamagedAtCheckIn'), remarks: note.remarks.trim(), photoId },
        async (tx) => {
          if (!photoId) return;
          await tx
            .update(files)
            .set({ businessEntityId: id, isTemporary: false, expiresAt: null })
            .where(eq(files.id, photoId));
        },
      );
      return row;
    });
  }

  /** Photos of damage are the signed-in user's own uploads of type DamagePhoto. */
  private async assertOwnDamagePhotos(ids: string[]) {
    if (ids.length === 0) return;
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.tenantId, this.tenantId),
          eq(files.ownerId, this.request.user!.id),
          eq(files.businessType, 'DamagePhoto'),
          inArray(files.id, ids),
        ),
      );
    if (rows.length !== new Set(ids).size) {
      throw new AppError(400, ErrorCode.Validation, this.msg('DamagePhotoInvalid'));
    }
  }

  private async batch(
    ids: string[],
    done: 'StockOutDone' | 'StockInDone',
    operate: (id: string) => Promise<EquipmentRow>,
  ): Promise<BatchStockResult> {
    const items: BatchStockResult['items'] = [];
    for (const equipmentId of ids) {
      try {
        const row = await operate(equipmentId);
        items.push({
          equipmentId,
          barcodeNumber: row.barcodeNumber,
          success: true,
          code: null,
          message: this.msg(done),
          orderId: null,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const [row] = await findEquipmentRows(
          this.db,
          this.tenantId,
          eq(equipment.id, equipmentId),
        );
        items.push({
          equipmentId,
          barcodeNumber: row?.barcodeNumber ?? null,
          success: false,
          code: err.code,
          message: err.message,
          orderId: typeof err.data?.orderId === 'string' ? err.data.orderId : null,
        });
      }
    }
    const succeeded = items.filter((i) => i.success).length;
    return { succeeded, failed: items.length - succeeded, items };
  }

  /** Damaged (2) or lost (3) from 0 or 1; scrapped (5) from 0, 2 or 3. */
  async changeStatus(id: string, input: ChangeStatus): Promise<StockResult> {
    const row = await this.row(id);
    this.assertMayOperate(row, input);
    const action: Action =
      input.newStatus === EquipmentStatus.Damaged
        ? 'markDamaged'
        : input.newStatus === EquipmentStatus.Lost
          ? 'markLost'
          : 'scrap';
    await this.transition(row, action, input.newStatus, input, (tx) =>
      this.assertNotOutOnOrder(tx, row),
    );
    return this.result(id, 'StatusChanged');
  }

  /** Transfer: from 0 to 4 until the receiving store checks it in. */
  async transfer(id: string, input: Transfer): Promise<StockResult> {
    const row = await this.row(id);
    this.assertMayOperate(row, input);
    const target = await findStore(this.db, this.tenantId, input.targetStoreId);
    if (!target) throw new AppError(400, ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    if (target.id === row.storeId) throw this.illegal(row, 'transfer');
    await this.transition(row, 'transfer', EquipmentStatus.InTransfer, input, undefined, {
      transferToStoreId: target.id,
    });
    return this.result(id, 'TransferStarted', { store: target.name });
  }

  /**
   * Early return: releases the item's lock for that order; an item out for it is back in stock.
   * The order (2 to 8 only) records it on its line and timeline, and settles when that was the
   * last item out.
   */
  async earlyReturn(id: string, input: EarlyReturn): Promise<StockResult> {
    const row = await this.row(id);
    this.assertMayOperate(row, input);
    if (!ALLOWED_FROM.earlyReturn.includes(row.status)) throw this.illegal(row, 'earlyReturn');
    const orderSide = earlyReturnOrders(this.db, this.request);
    const hasOrder = await orderSide.checkEarlyReturn(input.orderId);
    // The order's row before the item's (the lock order of every write to an order).
    await writeOrder(this.db, input.orderId, async (tx) => {
      const released = await tx
        .delete(equipmentUnavailableTimes)
        .where(
          and(
            eq(equipmentUnavailableTimes.equipmentId, id),
            eq(equipmentUnavailableTimes.orderId, input.orderId),
          ),
        )
        .returning({ id: equipmentUnavailableTimes.id });
      if (released.length === 0)
        throw conflictError(ErrorCode.NoOrderLock, this.msg('NoOrderLock'));
      if (row.status === EquipmentStatus.InUse) {
        await tx
          .update(equipment)
          .set({ status: EquipmentStatus.Available, updatedAt: new Date() })
          .where(eq(equipment.id, id));
      }
      await this.history(tx, row, {
        operation: 'earlyReturn',
        from: row.status,
        to: EquipmentStatus.Available,
        reason: input.reason,
        remarks: input.remarks,
        orderId: input.orderId,
      });
      if (hasOrder) await orderSide.recordEarlyReturn(tx, input.orderId, row, input.reason);
    });
    return this.result(id, 'EarlyReturnDone');
  }

  // ---- details ------------------------------------------------------------------------------------

  private async checkAttributes(
    tx: Transaction,
    categoryId: string,
    values: EquipmentInput['attributes'],
  ) {
    const defs = await tx
      .select()
      .from(attributeDefinitions)
      .where(
        and(
          eq(attributeDefinitions.tenantId, this.tenantId),
          eq(attributeDefinitions.isEnabled, true),
          or(
            eq(attributeDefinitions.categoryId, categoryId),
            isNull(attributeDefinitions.categoryId),
          ),
        ),
      );
    const given = new Map(values.map((v) => [v.attributeId, v.value.trim()]));
    for (const def of defs) {
      const value = given.get(def.id) ?? '';
      if (!value) {
        if (def.isRequired) {
          throw new AppError(
            400,
            ErrorCode.InvalidAttributeValue,
            this.msg('AttributeRequired', { name: def.displayName }),
          );
        }
        continue;
      }
      const ok =
        def.kind === 'number'
          ? /^-?\d+(\.\d+)?$/.test(value)
          : def.kind === 'boolean'
            ? value === 'true' || value === 'false'
            : def.kind === 'date'
              ? /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
              : def.kind === 'select'
                ? def.options.includes(value)
                : def.kind === 'multi-select'
                  ? value.split(',').every((v) => def.options.includes(v.trim()))
                  : value.length <= 200;
      if (!ok)
        throw new AppError(
          400,
          ErrorCode.InvalidAttributeValue,
          this.msg('InvalidAttributeValue', { name: def.displayName, value }),
        );
    }
    const known = new Set(defs.map((d) => d.id));
    return [...given].filter(([id, v]) => known.has(id) && v !== '');
  }

  /**
   * Sets an item's images (in order); uploads become permanent once attached. A picture of
   * another store's item (or uploaded there) is not taken: attaching it would make it this
   * store's too, to replace or delete.
   */
  private async attachImages(
    tx: Transaction,
    item: Pick<EquipmentRow, 'id' | 'storeId'>,
    fileIds: string[],
  ) {
    const equipmentId = item.id;
    if (fileIds.length > MAX_EQUIPMENT_IMAGES) {
      throw new AppError(
        400,
        ErrorCode.Validation,
        this.msg('TooManyImages', { max: MAX_EQUIPMENT_IMAGES }),
      );
    }
    const unique = [...new Set(fileIds)];
    const found = await imageFilesById(tx, this.tenantId, unique);
    if (found.length !== unique.length)
      throw notFound(ErrorCode.FileNotFound, this.msg('FileNotFound'));
    if (!seesAllStores(this.request.user!)) {
      const [foreign] = await picturesOfOtherStores(tx, unique, item.storeId);
      if (foreign) {
        throw new AppError(403, ErrorCode.FileOtherStore, this.msg('PictureOfAnotherStore'));
      }
    }
    await tx.delete(equipmentImages).where(eq(equipmentImages.equipmentId, equipmentId));
    if (unique.length === 0) return;
    await tx
      .insert(equipmentImages)
      .values(unique.map((fileId, sortOrder) => ({ equipmentId, fileId, sortOrder })));
    await tx
      .update(files)
      .set({
        isTemporary: false,
        expiresAt: null,
        businessType: 'EquipmentImage',
        businessEntityId: equipmentId,
      })
      .where(inArray(files.id, unique));
  }

  private async assertCategory(categoryId: string) {
    const [cat] = await this.db
      .select({ id: equipmentCategories.id })
      .from(equipmentCategories)
      .where(
        and(
          eq(equipmentCategories.tenantId, this.tenantId),
          eq(equipmentCategories.id, categoryId),
        ),
      );
    if (!cat) throw new AppError(400, ErrorCode.CategoryNotFound, this.msg('CategoryNotFound'));
  }

  private duplicateBarcode(barcode: string) {
    return new AppError(409, ErrorCode.DuplicateBarcode, this.msg('DuplicateBarcode', { barcode }));
  }

  async create(input: EquipmentInput): Promise<Equipment> {
    this.assertStoreAllowed(input.storeId);
    if (!(await findStore(this.db, this.tenantId, input.storeId))) {
      throw new AppError(400, ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    }
    await this.assertCategory(input.categoryId);
    try {
      const id = await this.db.transaction(async (tx) => {
        const attributes = await this.checkAttributes(tx, input.categoryId, input.attributes);
        const [created] = await tx
          .insert(equipment)
          .values({
            tenantId: this.tenantId,
            storeId: input.storeId,
            categoryId: input.categoryId,
            name: input.name,
            nameEn: input.nameEn,
            brand: input.brand,
            model: input.model,
            barcodeNumber: input.barcodeNumber,
            dailyRentPriceFen: fen(input.dailyRentPrice),
            depositFen: fen(input.deposit),
            remarks: input.remarks,
          })
          .returning();
        if (attributes.length > 0) {
          await tx.insert(equipmentAttributeValues).values(
            attributes.map(([attributeId, value]) => ({
              equipmentId: created!.id,
              attributeId,
              value,
            })),
          );
        }
        await this.attachImages(tx, created!, input.imageFileIds);
        await this.history(tx, created!, { operation: 'create', to: EquipmentStatus.Available });
        return created!.id;
      });
      return this.get(id);
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw this.duplicateBarcode(input.barcodeNumber);
      throw err;
    }
  }

  async update(id: string, input: EquipmentUpdate): Promise<Equipment> {
    const row = await this.row(id);
    this.assertMayOperate(row);
    await this.assertCategory(input.categoryId);
    const newBarcode =
      input.barcodeNumber && input.barcodeNumber !== row.barcodeNumber ? input.barcodeNumber : null;
    try {
      await this.db.transaction(async (tx) => {
        if (newBarcode) await this.writeBarcode(tx, row, newBarcode, '');
        await this.updateDetails(tx, row, input);
        await this.auditPrice(tx, row, input);
      });
    } catch (err) {
      if (newBarcode && pgCode(err) === UNIQUE_VIOLATION) throw this.duplicateBarcode(newBarcode);
      throw err;
    }
    return this.get(id);
  }

  private async updateDetails(
    tx: Transaction,
    row: EquipmentRow,
    input: EquipmentUpdate,
  ): Promise<void> {
    const id = row.id;
    const attributes = await this.checkAttributes(tx, input.categoryId, input.attributes);
    await tx
      .update(equipment)
      .set({
        categoryId: input.categoryId,
        name: input.name,
        nameEn: input.nameEn,
        brand: input.brand,
        model: input.model,
        dailyRentPriceFen: fen(input.dailyRentPrice),
        depositFen: fen(input.deposit),
        remarks: input.remarks,
        updatedAt: new Date(),
      })
      .where(eq(equipment.id, id));
    // The form shows enabled attributes only: values of disabled ones are kept as they are, so
    // enabling the attribute again brings them back (the catalogue promises it).
    await tx.delete(equipmentAttributeValues).where(
      and(
        eq(equipmentAttributeValues.equipmentId, id),
        notInArray(
          equipmentAttributeValues.attributeId,
          tx
            .select({ id: attributeDefinitions.id })
            .from(attributeDefinitions)
            .where(
              and(
                eq(attributeDefinitions.tenantId, this.tenantId),
                eq(attributeDefinitions.isEnabled, false),
              ),
            ),
        ),
      ),
    );
    if (attributes.length > 0) {
      await tx
        .insert(equipmentAttributeValues)
        .values(
          attributes.map(([attributeId, value]) => ({ equipmentId: id, attributeId, value })),
        );
    }
    await this.attachImages(tx, row, input.imageFileIds);
    await this.history(tx, row, { operation: 'update' });
  }

  /**
   * A change of an item's daily rent or deposit goes in the audit log with both values: prices
   * are money, and who changed one from what to what must be findable later.
   */
  private async auditPrice(tx: Transaction, row: EquipmentRow, input: EquipmentUpdate) {
    const before = { dailyRentPrice: yuan(row.dailyRentPriceFen), deposit: yuan(row.depositFen) };
    const after = {
      dailyRentPrice: yuan(fen(input.dailyRentPrice)),
      deposit: yuan(fen(input.deposit)),
    };
    const changes = changedFields(before, after, ['dailyRentPrice', 'deposit']);
    if (Object.keys(changes).length === 0) return;
    const words = {
      dailyRentPrice: ['日租金', 'daily rent'],
      deposit: ['押金', 'deposit'],
    } as const;
    const parts = (en: boolean) =>
      Object.entries(changes).map(([field, [was, now]]) => {
        const name = words[field as keyof typeof words][en ? 1 : 0];
        return `${name} ¥${Number(was).toFixed(2)} → ¥${Number(now).toFixed(2)}`;
      });
    const name = input.name || row.name;
    await recordAudit(tx, this.request, {
      category: AuditCategory.Settings,
      storeId: row.storeId,
      entityType: 'equipment',
      entityId: row.id,
      action: 'priceChanged',
      summary: {
        zh: `修改“${name}”（${row.barcodeNumber}）的价格：${parts(false).join('，')}`,
        en: `Changed the price of “${name}” (${row.barcodeNumber}): ${parts(true).join(', ')}`,
      },
      changes,
    });
  }

  private async writeBarcode(
    tx: Transaction,
    row: EquipmentRow,
    barcodeNumber: string,
    reason: string,
  ) {
    await tx
      .update(equipment)
      .set({ barcodeNumber, updatedAt: new Date() })
      .where(eq(equipment.id, row.id));
    await this.history(tx, row, {
      operation: 'barcode',
      reason,
      remarks: `${row.barcodeNumber} → ${barcodeNumber}`,
    });
  }

  async updateBarcode(id: string, barcodeNumber: string, reason = ''): Promise<Equipment> {
    const row = await this.row(id);
    this.assertMayOperate(row);
    try {
      await this.db.transaction((tx) => this.writeBarcode(tx, row, barcodeNumber, reason));
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw this.duplicateBarcode(barcodeNumber);
      throw err;
    }
    return this.get(id);
  }

  async unavailableTimes(id: string) {
    return (await this.get(id)).unavailableTimes;
  }

  /** Removes a manual lock (order locks go with their order). */
  async deleteUnavailableTime(lockId: string): Promise<void> {
    const [lock] = await this.db
      .select()
      .from(equipmentUnavailableTimes)
      .where(
        and(
          eq(equipmentUnavailableTimes.tenantId, this.tenantId),
          eq(equipmentUnavailableTimes.id, lockId),
        ),
      );
    if (!lock) throw notFound(ErrorCode.NotFound, this.msg('UnavailableTimeNotFound'));
    const row = await this.row(lock.equipmentId);
    this.assertMayOperate(row);
    if (lock.source !== 'manual')
      throw conflictError(ErrorCode.NoOrderLock, this.msg('NoOrderLock'));
    await this.db.transaction(async (tx) => {
      await tx.delete(equipmentUnavailableTimes).where(eq(equipmentUnavailableTimes.id, lockId));
      await this.history(tx, row, {
        operation: 'deleteUnavailable',
        remarks: `${lock.startAt.toISOString()} – ${lock.endAt.toISOString()}`,
      });
    });
  }

  async operationHistory(
    id: string,
    page: { skipCount: number; maxResultCount: number },
  ): Promise<PagedResult<OperationHistory>> {
    await this.row(id);
    const where = eq(equipmentOperationHistory.equipmentId, id);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          h: equipmentOperationHistory,
          storeName: columnInLanguage(this.en, stores.name, stores.nameEn),
          operatorStoreName: columnInLanguage(this.en, operatorStores.name, operatorStores.nameEn),
        })
        .from(equipmentOperationHistory)
        .leftJoin(stores, eq(stores.id, equipmentOperationHistory.storeId))
        .leftJoin(operatorStores, eq(operatorStores.id, equipmentOperationHistory.operatorStoreId))
        .where(where)
        .orderBy(desc(equipmentOperationHistory.createdAt))
        .limit(page.maxResultCount)
        .offset(page.skipCount),
      this.db.select({ n: count() }).from(equipmentOperationHistory).where(where),
    ]);
    return {
      items: rows.map(({ h, storeName, operatorStoreName }) => ({
        id: h.id,
        operation: h.operation,
        operationDisplayName: OPERATION_NAMES[h.operation]?.[this.en ? 1 : 0] ?? h.operation,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reason: h.reason,
        remarks: h.remarks,
        orderId: this.knowsOrdersOf(h.storeId) ? h.orderId : null,
        operatorName: h.operatorName,
        storeName: storeName ?? '',
        operatorStoreName:
          h.operatorStoreId && h.operatorStoreId !== h.storeId ? (operatorStoreName ?? '') : null,
        photoId: h.photoId,
        creationTime: h.createdAt.toISOString(),
      })),
      totalCount: total?.n ?? 0,
    };
  }

  async usageStatistics(id: string) {
    const row = await this.row(id);
    const rows = await this.db
      .select({
        operation: equipmentOperationHistory.operation,
        toStatus: equipmentOperationHistory.toStatus,
        at: equipmentOperationHistory.createdAt,
      })
      .from(equipmentOperationHistory)
      .where(eq(equipmentOperationHistory.equipmentId, id))
      .orderBy(asc(equipmentOperationHistory.createdAt));
    const outs = rows.filter((r) => r.operation === 'stockOut');
    const ins = rows.filter((r) => r.operation === 'stockIn');
    const [days] = await this.db
      .select({
        d: sql<number>`coalesce(sum(ceil(extract(epoch from (least(${equipmentUnavailableTimes.endAt}, now()) - ${equipmentUnavailableTimes.startAt})) / 86400)) filter (where ${equipmentUnavailableTimes.startAt} < now()), 0)::int`,
      })
      .from(equipmentUnavailableTimes)
      .where(eq(equipmentUnavailableTimes.equipmentId, id));
    return {
      usageCount: row.usageCount,
      checkOutCount: outs.length,
      checkInCount: ins.length,
      damagedCount: rows.filter((r) => r.operation === 'markDamaged').length,
      lostCount: rows.filter((r) => r.operation === 'markLost').length,
      daysOut: Number(days?.d ?? 0),
      lastCheckOutTime: outs.at(-1)?.at.toISOString() ?? null,
      lastCheckInTime: ins.at(-1)?.at.toISOString() ?? null,
    };
  }

  async storeSummary(storeId: string) {
    const store = await findStore(this.db, this.tenantId, storeId);
    if (!store) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    const scope = and(eq(equipment.tenantId, this.tenantId), eq(equipment.storeId, storeId));
    const [byStatus, byCategory] = await Promise.all([
      this.db
        .select({ status: equipment.status, count: count() })
        .from(equipment)
        .where(scope)
        .groupBy(equipment.status)
        .orderBy(asc(equipment.status)),
      this.db
        .select({
          categoryId: equipmentCategories.id,
          categoryName: equipmentCategories.name,
          total: count(),
          available: sql<number>`count(*) filter (where ${equipment.status} = 0)::int`,
        })
        .from(equipment)
        .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
        .where(scope)
        .groupBy(equipmentCategories.id, equipmentCategories.name, equipmentCategories.sortOrder)
        .orderBy(asc(equipmentCategories.sortOrder)),
    ]);
    return {
      storeId: store.id,
      storeName: store.name,
      total: byStatus.reduce((n, r) => n + r.count, 0),
      byStatus,
      byCategory: byCategory.map((c) => ({ ...c, available: Number(c.available) })),
    };
  }
}
