import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ErrorCode, IMAGE_BUSINESS_TYPES, Permissions, type FileInfo } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { files } from '@/db/schema.js';
import { AppError, businessError, notFound } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { StoredFileMissingError, type FileStore } from './store.js';
import { safeFileName, sniff } from './sniff.js';

export type FileRow = typeof files.$inferSelect;

/** Thumbnails made on upload: small for lists, medium for the dialog. */
const THUMBNAILS = [
  { size: 'small', width: 240 },
  { size: 'medium', width: 800 },
] as const;

export const accessUrl = (id: string, thumbnail?: string) =>
  `/api/files/download/${id}${thumbnail ? `?thumbnail=${thumbnail}` : ''}`;

export function toFileInfo(row: FileRow): FileInfo {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    accessUrl: accessUrl(row.id),
    thumbnails: row.thumbnails.map((t) => ({
      size: t.size,
      accessUrl: accessUrl(row.id, t.size),
      width: t.width,
      height: t.height,
    })),
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

export class FileService {
  constructor(
    private readonly db: Database,
    private readonly store: FileStore,
    private readonly maxBytes: number,
  ) {}

  tooLarge(request: FastifyRequest) {
    return new AppError(
      413,
      ErrorCode.FileTooLarge,
      message(request, 'FileTooLarge', { size: Math.floor(this.maxBytes / 1048576) }),
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
    if (bytes.length > this.maxBytes) throw this.tooLarge(request);
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
    let stored = bytes;
    let width: number | null = null;
    let height: number | null = null;
    const thumbnails: FileRow['thumbnails'] = [];
    if (kind.isImage) {
      try {
        ({ stored, width, height } = await this.storeImageVariants(
          bytes,
          prefix,
          thumbnails,
          kind.contentType,
        ));
      } catch {
        throw new AppError(400, ErrorCode.FileTypeNotAllowed, message(request, 'ImageUnreadable'));
      }
    }
    const key = `${prefix}/original.${kind.extension}`;
    await this.store.put(key, stored, kind.contentType);

    const isTemporary = fields.isTemporary === 'true';
    const hours = Math.min(Math.max(Number(fields.expirationHours) || 24, 1), 24 * 30);
    const fileName = safeFileName(fields.fileName || originalName, `${id}.${kind.extension}`);
    const entityId = fields.businessEntityId?.trim().slice(0, 64) || null;
    const row = await this.db.transaction(async (tx) => {
      if (fields.overrideExisting === 'true' && businessType && entityId) {
        const old = await tx
          .delete(files)
          .where(
            and(
              eq(files.tenantId, request.tenantId),
              eq(files.businessType, businessType),
              eq(files.businessEntityId, entityId),
              eq(files.fileName, fileName),
            ),
          )
          .returning();
        for (const f of old) await this.removeBytes(f);
      }
      const [created] = await tx
        .insert(files)
        .values({
          id,
          tenantId: request.tenantId,
          ownerId: request.user?.id ?? null,
          fileName,
          contentType: kind.contentType,
          size: stored.length,
          storageKey: key,
          width,
          height,
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
    return toFileInfo(row);
  }

  /**
   * Rotates an image by its EXIF orientation and drops the metadata (a phone photo's GPS position
   * stays on the phone), then stores the thumbnails; returns the bytes to keep as the original.
   */
  private async storeImageVariants(
    bytes: Buffer,
    prefix: string,
    thumbnails: FileRow['thumbnails'],
    contentType: string,
  ): Promise<{ stored: Buffer; width: number | null; height: number | null }> {
    const image = sharp(bytes, { failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const reencode = ['image/jpeg', 'image/png', 'image/webp'].includes(contentType);
    const stored = reencode ? await image.toBuffer() : bytes;
    for (const t of THUMBNAILS) {
      const { data, info } = await sharp(bytes)
        .rotate()
        .resize({ width: t.width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      const key = `${prefix}/${t.size}.webp`;
      await this.store.put(key, data, 'image/webp');
      thumbnails.push({ size: t.size, key, width: info.width, height: info.height });
    }
    return {
      stored,
      width: meta.autoOrient?.width ?? meta.width ?? null,
      height: meta.autoOrient?.height ?? meta.height ?? null,
    };
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
    const thumbnails: FileRow['thumbnails'] = [];
    const { stored, width, height } = await this.storeImageVariants(
      png,
      prefix,
      thumbnails,
      'image/png',
    );
    const key = `${prefix}/original.png`;
    await this.store.put(key, stored, 'image/png');
    const [row] = await this.db
      .insert(files)
      .values({
        id,
        tenantId,
        fileName,
        contentType: 'image/png',
        size: stored.length,
        storageKey: key,
        width,
        height,
        thumbnails,
        businessType,
      })
      .returning();
    return row!;
  }

  async find(request: FastifyRequest, id: string): Promise<FileRow> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.tenantId, request.tenantId), eq(files.id, id)));
    if (!row || (row.expiresAt && row.expiresAt < new Date())) {
      throw notFound(ErrorCode.FileNotFound, message(request, 'FileNotFound'));
    }
    return row;
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

  private async removeBytes(row: FileRow) {
    await Promise.all([
      this.store.remove(row.storageKey),
      ...row.thumbnails.map((t) => this.store.remove(t.key)),
    ]);
  }

  /** Deletes a file: its owner may, and so may staff who manage equipment. */
  async remove(request: FastifyRequest, id: string, ownOnly: boolean) {
    const row = await this.find(request, id);
    const user = request.user!;
    const manager = [
      Permissions.BusinessOperations.EquipmentUpdate,
      Permissions.BusinessOperations.InventoryManage,
    ].some((p) => user.permissions.includes(p));
    if (row.ownerId !== user.id && (ownOnly || !manager)) {
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
