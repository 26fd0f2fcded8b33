import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { ErrorCode, IMAGE_BUSINESS_TYPES, textProblem, type FileInfo } from '@snowgear/contracts';
import type { Settings } from '@/config/env.js';
import type { Database, Transaction } from '@/db/client.js';
import {
  equipment,
  equipmentImages,
  equipmentOperationHistory,
  files,
  orders,
  rentalPacks,
  stores,
  systemSettings,
  users,
} from '@/db/schema.js';
import { SystemSettingKey } from '@/modules/config-distribution/system-setting-keys.js';
import { AppError, businessError, notFound } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import type { CurrentUser } from '@/plugins/authentication.js';
import { mayDelete, mayRead, ORDER_FILE_TYPES, type FileFacts } from './access-rules.js';
import { checkPixels, makeImageVariants, TooManyPixelsError, type ImageVariants } from './image.js';
import { QueueFullError, WorkQueue } from './limits.js';
import { StoredFileMissingError, type FileStore } from '@/file-store/store.js';
import { safeFileName, sniff } from './sniff.js';

export type FileRow = typeof files.$inferSelect;
/**
 * A file row, whether it is a public picture (of an item, or the logo: anyone may download it),
 * and the stores and customer of what it belongs to (access-rules.ts).
 */
export type FoundFile = FileRow & { isPublicPicture: boolean } & Pick<
    FileFacts,
    'storeIds' | 'customerId'
  >;

type Executor = Database | Transaction;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FileLimits {
  /** Largest accepted upload in bytes. */
  maxBytes: number;
  /** Most pixels an image may have; larger ones are refused before decoding. */
  maxPixels: number;
  /** Images decoded at the same time in this process. */
  imageConcurrency: number;
}

export const fileLimits = (settings: Settings): FileLimits => ({
  maxBytes: settings.FILE_MAX_BYTES,
  maxPixels: settings.FILE_MAX_PIXELS,
  imageConcurrency: settings.FILE_IMAGE_CONCURRENCY,
});

/** Uploads that may wait for image work; each holds its bytes in memory while it waits. */
const IMAGE_QUEUE_LENGTH = 20;
/** What a caller refused for a full queue or too many uploads is told to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

export const accessUrl = (id: string, thumbnail?: string) =>
  `/api/files/download/${id}${thumbnail ? `?thumbnail=${thumbnail}` : ''}`;

/** Where a file and each of its thumbnails are downloaded (all a picture's viewer needs). */
export function fileLinks(row: Pick<FileRow, 'id' | 'thumbnails'>) {
  return {
    accessUrl: accessUrl(row.id),
    thumbnails: row.thumbnails.map((t) => ({
      size: t.size,
      accessUrl: accessUrl(row.id, t.size),
      width: t.width,
      height: t.height,
    })),
  };
}

export function toFileInfo(row: FileRow): FileInfo {
  const links = fileLinks(row);
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    accessUrl: links.accessUrl,
    thumbnails: links.thumbnails,
    isTemporary: row.isTemporary,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    businessType: row.businessType,
    businessEntityId: row.businessEntityId,
  };
}

export interface UploadFields {
  fileName?: string;
  containerName?: string;
  businessType?: string;
  businessEntityId?: string;
  description?: string;
  tags?: string;
  isTemporary?: string;
  expirationHours?: string;
  overrideExisting?: string;
}

/**
 * The upload's text fields by the shared text rules (the multipart body skips the route schema):
 * the description may run to several lines, the others are single words or lines.
 */
export function uploadFieldProblems(fields: UploadFields): { path: string[]; message: string }[] {
  const entries = Object.entries(fields) as [string, string | undefined][];
  return entries.flatMap(([name, value]) => {
    const problem = textProblem(value ?? '', { multiLine: name === 'description' });
    return problem ? [{ path: [name], message: problem }] : [];
  });
}

/**
 * The fields an upload cannot do without: its business type, which decides who reads the file,
 * whether it must be an image and what may claim it (an order takes only a signature, a delivery
 * only its photo and signature); and, to replace files, the business entity whose files go.
 */
export function missingUploadFields(fields: UploadFields): (keyof UploadFields)[] {
  const blank = (value: string | undefined) => !value?.trim();
  return [
    ...(blank(fields.businessType) ? (['businessType'] as const) : []),
    ...(fields.overrideExisting === 'true' && blank(fields.businessEntityId)
      ? (['businessEntityId'] as const)
      : []),
  ];
}

export class FileService {
  /** Uploaded images decoded a few at a time (its length is in `/metrics`). */
  readonly images: WorkQueue;

  constructor(
    private readonly db: Database,
    private readonly store: FileStore,
    private readonly limits: FileLimits,
  ) {
    this.images = new WorkQueue(limits.imageConcurrency, IMAGE_QUEUE_LENGTH);
  }

  tooLarge(request: FastifyRequest) {
    return new AppError(
      413,
      ErrorCode.FileTooLarge,
      message(request, 'FileTooLarge', { size: Math.floor(this.limits.maxBytes / 1048576) }),
    );
  }

  /** Stores an upload after checking what it really is; images get rotated, stripped and thumbnailed. */
  async upload(
    request: FastifyRequest,
    originalName: string,
    bytes: Buffer,
    fields: UploadFields,
  ): Promise<FileInfo> {
    if (bytes.length === 0)
      throw new AppError(400, ErrorCode.FileMissing, message(request, 'FileMissing'));
    if (bytes.length > this.limits.maxBytes) throw this.tooLarge(request);
    const kind = sniff(bytes);
    const businessType = (fields.businessType ?? '').trim().slice(0, 64);
    const imageOnly =
      (IMAGE_BUSINESS_TYPES as readonly string[]).includes(businessType) ||
      fields.containerName === 'images';
    if (!kind)
      throw new AppError(415, ErrorCode.FileTypeNotAllowed, message(request, 'FileTypeNotAllowed'));
    if (imageOnly && !kind.isImage)
      throw new AppError(415, ErrorCode.FileTypeNotAllowed, message(request, 'ImageRequired'));

    const id = randomUUID();
    const prefix = `${request.tenantId}/${id}`;
    const image = kind.isImage ? await this.processImage(request, bytes, kind.contentType) : null;
    const stored = image?.original ?? bytes;
    const key = `${prefix}/original.${kind.extension}`;
    const thumbnails = image ? this.thumbnailRows(prefix, image) : [];

    const user = request.user!;
    const isTemporary = fields.isTemporary === 'true';
    const hours = Math.min(Math.max(Number(fields.expirationHours) || 24, 1), 24 * 30);
    const fileName = safeFileName(fields.fileName || originalName, `${id}.${kind.extension}`);
    const entityId = fields.businessEntityId?.trim().slice(0, 64) || null;
    let replaced: FileRow[] = [];
    let row: FileRow;
    try {
      if (image) await this.putThumbnails(image, thumbnails);
      await this.store.put(key, stored, kind.contentType);
      row = await this.db.transaction(async (tx) => {
        if (fields.overrideExisting === 'true' && businessType && entityId) {
          replaced = await this.deleteReplaceable(tx, request, user, {
            tenantId: request.tenantId,
            businessType,
            businessEntityId: entityId,
            fileName,
          });
        }
        const [created] = await tx
          .insert(files)
          .values({
            id,
            tenantId: request.tenantId,
            ownerId: user.id,
            fileName,
            contentType: kind.contentType,
            size: stored.length,
            storageKey: key,
            width: image?.width ?? null,
            height: image?.height ?? null,
            thumbnails,
            containerName: (fields.containerName ?? '').slice(0, 64),
            businessType,
            businessEntityId: entityId,
            description: (fields.description ?? '').slice(0, 500),
            tags: (fields.tags ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .slice(0, 10),
            isTemporary,
            expiresAt: isTemporary ? new Date(Date.now() + hours * 3600_000) : null,
          })
          .returning();
        return created!;
      });
    } catch (err) {
      // No row points at the new bytes (or some of them): take them away again.
      await this.removeBytes({ storageKey: key, thumbnails });
      throw err;
    }
    // The replaced files' bytes go only once their rows are gone for good.
    for (const f of replaced) await this.removeBytes(f);
    return toFileInfo(row);
  }

  /**
   * `overrideExisting`: deletes the files of the same business entity and name that the caller
   * could delete one by one; others' files of their store stay, and a file of another store's
   * item refuses the upload (403). Returns the deleted rows.
   */
  private async deleteReplaceable(
    tx: Transaction,
    request: FastifyRequest,
    user: CurrentUser,
    same: Pick<FileRow, 'tenantId' | 'businessType' | 'businessEntityId' | 'fileName'>,
  ): Promise<FileRow[]> {
    const candidates = await tx
      .select()
      .from(files)
      .where(
        and(
          eq(files.tenantId, same.tenantId),
          eq(files.businessType, same.businessType),
          eq(files.businessEntityId, same.businessEntityId!),
          eq(files.fileName, same.fileName),
        ),
      );
    const replaceable: FileRow[] = [];
    for (const f of candidates) {
      const facts = { ...f, ...(await this.belonging(tx, f)) };
      const verdict = mayDelete(user, facts);
      // Another store's file is refused outright, as its item or order would be.
      if (verdict === 'otherStore') throw await this.otherStore(tx, request, facts);
      if (verdict === 'yes') replaceable.push(f);
    }
    if (replaceable.length === 0) return [];
    return tx
      .delete(files)
      .where(
        inArray(
          files.id,
          replaceable.map((f) => f.id),
        ),
      )
      .returning();
  }

  /**
   * Checks an upload's announced size before decoding anything, then decodes it once (a few
   * images at a time per process) into the stored original and its thumbnails.
   */
  private async processImage(
    request: FastifyRequest,
    bytes: Buffer,
    contentType: string,
  ): Promise<ImageVariants> {
    const { maxPixels } = this.limits;
    try {
      await checkPixels(bytes, maxPixels);
      return await this.images.run(() => makeImageVariants(bytes, contentType, maxPixels));
    } catch (err) {
      if (err instanceof TooManyPixelsError) {
        throw new AppError(
          413,
          ErrorCode.FileTooManyPixels,
          message(request, 'ImageTooManyPixels', {
            width: err.width,
            height: err.height,
            pixels: maxPixels.toLocaleString('en-US'),
          }),
        );
      }
      if (err instanceof QueueFullError) {
        throw new AppError(
          429,
          ErrorCode.TooManyRequests,
          message(request, 'ImagesBusy', { seconds: RETRY_AFTER_SECONDS }),
          undefined,
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      throw new AppError(400, ErrorCode.FileTypeNotAllowed, message(request, 'ImageUnreadable'));
    }
  }

  /** Where the thumbnails of a file go, as its row records them. */
  private thumbnailRows(prefix: string, image: ImageVariants): FileRow['thumbnails'] {
    return image.thumbnails.map((t) => ({
      size: t.size,
      key: `${prefix}/${t.size}.webp`,
      width: t.width,
      height: t.height,
    }));
  }

  private async putThumbnails(image: ImageVariants, rows: FileRow['thumbnails']) {
    for (const [i, t] of image.thumbnails.entries()) {
      await this.store.put(rows[i]!.key, t.data, 'image/webp');
    }
  }

  /** Stores a server-made PNG (demo pictures) as a permanent image file of the tenant. */
  async storeGeneratedImage(
    tenantId: string,
    fileName: string,
    png: Buffer,
    businessType: string,
  ): Promise<FileRow> {
    const id = randomUUID();
    const prefix = `${tenantId}/${id}`;
    const image = await this.images.run(() =>
      makeImageVariants(png, 'image/png', this.limits.maxPixels),
    );
    const thumbnails = this.thumbnailRows(prefix, image);
    await this.putThumbnails(image, thumbnails);
    const key = `${prefix}/original.png`;
    await this.store.put(key, image.original, 'image/png');
    const [row] = await this.db
      .insert(files)
      .values({
        id,
        tenantId,
        fileName,
        contentType: 'image/png',
        size: image.original.length,
        storageKey: key,
        width: image.width,
        height: image.height,
        thumbnails,
        businessType,
      })
      .returning();
    return row!;
  }

  async find(request: FastifyRequest, id: string): Promise<FoundFile> {
    const [row] = await this.db
      .select({
        ...getTableColumns(files),
        // Public: pictures of items and packs, and the business's logo (every client's header
        // shows it). Columns here are written without their table: a pack has an id of its own,
        // so the file's is named with its table.
        isPublicPicture: sql<boolean>`(exists (select 1 from ${equipmentImages} where ${equipmentImages.fileId} = ${files.id}) or exists (select 1 from ${rentalPacks} where ${rentalPacks.pictureFileId} = ${files}.id) or exists (select 1 from ${systemSettings} where ${systemSettings.tenantId} = ${files.tenantId} and ${systemSettings.key} = ${SystemSettingKey.SystemLogoFileId} and ${systemSettings.value} = ${files.id}::text))`,
      })
      .from(files)
      .where(and(eq(files.tenantId, request.tenantId), eq(files.id, id)));
    if (!row || (row.expiresAt && row.expiresAt < new Date())) {
      throw notFound(ErrorCode.FileNotFound, message(request, 'FileNotFound'));
    }
    return { ...row, ...(await this.belonging(this.db, row)) };
  }

  /**
   * The stores (and customer) of what a file belongs to: the items whose picture it is, else the
   * order it was kept with (delivery proof, self-return photo, damage at a hand-over), else the
   * item whose history keeps it (damage at a batch check-in), else, attached to nothing yet,
   * its uploader's store. Links the server made count, not a name a client gave: an order is
   * looked up only for the types the server keeps with orders.
   */
  private async belonging(
    db: Executor,
    row: Pick<FileRow, 'id' | 'tenantId' | 'ownerId' | 'businessType' | 'businessEntityId'>,
  ): Promise<Pick<FileFacts, 'storeIds' | 'customerId'>> {
    const items = await db
      .selectDistinct({ storeId: equipment.storeId })
      .from(equipmentImages)
      .innerJoin(equipment, eq(equipment.id, equipmentImages.equipmentId))
      .where(eq(equipmentImages.fileId, row.id));
    if (items.length > 0) return { storeIds: items.map((i) => i.storeId), customerId: null };
    // Kept with an order (damage at the counter's return as well): its store and its customer.
    const entity = row.businessEntityId;
    if (ORDER_FILE_TYPES.includes(row.businessType) && entity && UUID.test(entity)) {
      const [order] = await db
        .select({ storeId: orders.storeId, customerId: orders.customerId })
        .from(orders)
        .where(and(eq(orders.tenantId, row.tenantId), eq(orders.id, entity)));
      if (order) return { storeIds: [order.storeId], customerId: order.customerId };
    }
    // A photo of damage kept only in an item's history (a batch check-in): that item's store.
    if (row.businessType === 'DamagePhoto') {
      const histories = await db
        .selectDistinct({ storeId: equipmentOperationHistory.storeId })
        .from(equipmentOperationHistory)
        .where(eq(equipmentOperationHistory.photoId, row.id));
      const stores = histories.flatMap((h) => (h.storeId ? [h.storeId] : []));
      if (stores.length > 0) return { storeIds: stores, customerId: null };
    }
    if (row.ownerId) {
      const [owner] = await db
        .select({ storeId: users.primaryStoreId })
        .from(users)
        .where(eq(users.id, row.ownerId));
      if (owner?.storeId) return { storeIds: [owner.storeId], customerId: null };
    }
    return { storeIds: [], customerId: null };
  }

  /** 403 for staff of one store reaching for another store's file, naming that store. */
  private async otherStore(
    db: Executor,
    request: FastifyRequest,
    file: Pick<FileFacts, 'storeIds'>,
  ): Promise<AppError> {
    const theirs = file.storeIds.find((id) => id !== request.user?.primaryStoreId);
    const [store] = theirs
      ? await db.select({ name: stores.name }).from(stores).where(eq(stores.id, theirs))
      : [];
    return businessError(
      ErrorCode.FileOtherStore,
      message(request, 'FileOtherStore', { store: store?.name ?? '' }),
    );
  }

  /**
   * A file for download: pictures of items are public; any other file needs a signed-in caller
   * who may read it (401 when anonymous; 403 for staff when it is another store's, as that
   * store's orders are; 404 as for a missing file otherwise).
   */
  async findReadable(request: FastifyRequest, id: string): Promise<FoundFile> {
    const file = await this.find(request, id);
    if (file.isPublicPicture) return file;
    if (!request.user) {
      throw new AppError(401, ErrorCode.Unauthorized, message(request, 'FileSignInRequired'));
    }
    const verdict = mayRead(request.user, file);
    if (verdict === 'otherStore') throw await this.otherStore(this.db, request, file);
    if (verdict === 'no') throw notFound(ErrorCode.FileNotFound, message(request, 'FileNotFound'));
    return file;
  }

  /** The stored bytes of a file or one of its thumbnails; 404 when the store has lost them. */
  async open(request: FastifyRequest, row: FileRow, thumbnail?: string) {
    const thumb = thumbnail ? row.thumbnails.find((t) => t.size === thumbnail) : undefined;
    const key = thumb ? thumb.key : row.storageKey;
    try {
      const stream = await this.store.read(key);
      return { stream, contentType: thumb ? 'image/webp' : row.contentType };
    } catch (err) {
      if (!(err instanceof StoredFileMissingError)) throw err;
      request.log.warn({ fileId: row.id, key }, 'file row without stored bytes');
      throw notFound(ErrorCode.FileNotFound, message(request, 'FileNotFound'));
    }
  }

  private async removeBytes(row: Pick<FileRow, 'storageKey' | 'thumbnails'>) {
    await Promise.all([
      this.store.remove(row.storageKey),
      ...row.thumbnails.map((t) => this.store.remove(t.key)),
    ]);
  }

  /**
   * Deletes a file: its owner may, and so may staff who manage the equipment of its store its
   * pictures (403 for another store's, as for its items).
   */
  async remove(request: FastifyRequest, id: string, ownOnly: boolean) {
    const row = await this.find(request, id);
    const verdict = mayDelete(request.user!, row, ownOnly);
    if (verdict === 'otherStore') throw await this.otherStore(this.db, request, row);
    if (verdict === 'no') {
      throw businessError(ErrorCode.FileNotYours, message(request, 'FileNotYours'));
    }
    await this.db.delete(files).where(eq(files.id, id));
    await this.removeBytes(row);
  }

  /** Removes temporary files past their time; safe with several server processes (each row once). */
  async sweepExpired(): Promise<number> {
    const gone = await this.db
      .delete(files)
      .where(and(eq(files.isTemporary, true), lt(files.expiresAt, sql`now()`)))
      .returning();
    for (const f of gone) await this.removeBytes(f);
    return gone.length;
  }
}
