import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  PagedRequestSchema,
  pagedResultSchema,
  Permissions as P,
  RoleName,
  SmallEquipmentAdjustSchema,
  SmallEquipmentInputSchema,
  SmallEquipmentMovementSchema,
  SmallEquipmentNamesSchema,
  SmallEquipmentQuerySchema,
  SmallEquipmentSchema,
  type SmallEquipment,
} from '@snowgear/contracts';
import { smallEquipmentMovements, smallEquipmentStock, stores, users } from '@/db/schema.js';
import { AppError, businessError, conflictError, notFound } from '@/lib/errors.js';
import { inLanguage } from '@/lib/english.js';
import { isEnglish, message } from '@/lib/messages.js';
import { runningLow, smallEquipmentWhere } from './filters.js';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import { findStore } from '@/lib/stores.js';

const VIEW = {
  permissions: [
    P.BusinessOperations.InventoryManage,
    P.BusinessOperations.OrderCreate,
    P.StoreManagement.Orders,
  ],
} as const;
const STOCK = { permissions: [P.BusinessOperations.InventoryManage] } as const;
const CREATE = { permissions: [P.BusinessOperations.EquipmentCreate] } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['small-equipment'];

type Row = typeof smallEquipmentStock.$inferSelect & { storeName: string };
const toDto = (r: Row, english: boolean): SmallEquipment => ({
  id: r.id,
  storeId: r.storeId,
  storeName: r.storeName,
  name: r.name,
  nameEn: r.nameEn,
  nameShown: inLanguage(english, r.name, r.nameEn),
  unit: r.unit,
  quantity: r.quantity,
  lowStockThreshold: r.lowStockThreshold,
  isLow: r.quantity <= r.lowStockThreshold,
  lastModificationTime: r.updatedAt.toISOString(),
});

/** Small equipment counted by quantity per store: list, add, adjust with a reason, history. */
export async function smallEquipmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const mayChange = (request: FastifyRequest, storeId: string) => {
    const user = request.user!;
    if (user.roles.includes(RoleName.SuperAdmin) || user.primaryStoreId === storeId) return;
    throw businessError(ErrorCode.EquipmentOtherStore, message(request, 'EquipmentStoreNotYours'));
  };
  const find = async (request: FastifyRequest, id: string) => {
    const [row] = await app.db
      .select({ s: smallEquipmentStock, storeName: stores.name })
      .from(smallEquipmentStock)
      .innerJoin(stores, eq(stores.id, smallEquipmentStock.storeId))
      .where(
        and(eq(smallEquipmentStock.tenantId, request.tenantId), eq(smallEquipmentStock.id, id)),
      );
    if (!row)
      throw notFound(ErrorCode.SmallEquipmentNotFound, message(request, 'SmallEquipmentNotFound'));
    return { ...row.s, storeName: row.storeName };
  };

  r.get(
    '/api/app/small-equipment',
    {
      config: { access: VIEW },
      schema: {
        tags,
        querystring: SmallEquipmentQuerySchema,
        response: { 200: pagedResultSchema(SmallEquipmentSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = smallEquipmentWhere(request.tenantId, q);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ s: smallEquipmentStock, storeName: stores.name })
          .from(smallEquipmentStock)
          .innerJoin(stores, eq(stores.id, smallEquipmentStock.storeId))
          .where(where)
          // Running-low items first: they need attention.
          .orderBy(desc(runningLow), asc(smallEquipmentStock.name))
          .limit(q.maxResultCount)
          .offset(q.skipCount),
        app.db.select({ n: count() }).from(smallEquipmentStock).where(where),
      ]);
      return {
        items: rows.map((row) => toDto({ ...row.s, storeName: row.storeName }, isEnglish(request))),
        totalCount: total?.n ?? 0,
      };
    },
  );

  r.post(
    '/api/app/small-equipment',
    {
      config: { access: CREATE },
      schema: { tags, body: SmallEquipmentInputSchema, response: { 201: SmallEquipmentSchema } },
    },
    async (request, reply) => {
      mayChange(request, request.body.storeId);
      if (!(await findStore(app.db, request.tenantId, request.body.storeId))) {
        throw new AppError(400, ErrorCode.StoreNotFound, message(request, 'StoreNotFound'));
      }
      const id = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(smallEquipmentStock)
          .values({ tenantId: request.tenantId, ...request.body })
          .onConflictDoNothing()
          .returning();
        if (!created)
          throw new AppError(
            409,
            ErrorCode.Validation,
            message(request, 'DuplicateSmallEquipment'),
          );
        if (created.quantity > 0) {
          await tx.insert(smallEquipmentMovements).values({
            stockId: created.id,
            delta: created.quantity,
            quantityAfter: created.quantity,
            reason: '初始库存',
            userId: request.user!.id,
            operatorName: request.user!.userName,
          });
        }
        return created.id;
      });
      return reply.code(201).send(toDto(await find(request, id), isEnglish(request)));
    },
  );

  r.put(
    '/api/app/small-equipment/:id/names',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary:
          'Rename: the name in Chinese and in English (English readers see the Chinese while it is empty)',
        params: Id,
        body: SmallEquipmentNamesSchema,
        response: { 200: SmallEquipmentSchema },
      },
    },
    async (request) => {
      const row = await find(request, request.params.id);
      mayChange(request, row.storeId);
      try {
        await app.db
          .update(smallEquipmentStock)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(smallEquipmentStock.id, row.id));
      } catch (err) {
        // Another kind at the store already has the name.
        if (pgCode(err) === UNIQUE_VIOLATION)
          throw new AppError(
            409,
            ErrorCode.Validation,
            message(request, 'DuplicateSmallEquipment'),
          );
        throw err;
      }
      return toDto(await find(request, row.id), isEnglish(request));
    },
  );

  r.post(
    '/api/app/small-equipment/:id/adjust',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Add (delta > 0) or take (delta < 0) with a reason; never below zero',
        params: Id,
        body: SmallEquipmentAdjustSchema,
        response: { 200: SmallEquipmentSchema },
      },
    },
    async (request) => {
      const row = await find(request, request.params.id);
      mayChange(request, row.storeId);
      const { delta, reason, remarks } = request.body;
      const [who] = await app.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, request.user!.id));
      const updated = await app.db.transaction(async (tx) => {
        // Atomic: concurrent adjustments add up, and the count never goes below zero.
        const [after] = await tx
          .update(smallEquipmentStock)
          .set({ quantity: sql`${smallEquipmentStock.quantity} + ${delta}`, updatedAt: new Date() })
          .where(
            and(
              eq(smallEquipmentStock.id, row.id),
              sql`${smallEquipmentStock.quantity} + ${delta} >= 0`,
            ),
          )
          .returning();
        if (!after) return null;
        await tx.insert(smallEquipmentMovements).values({
          stockId: row.id,
          delta,
          quantityAfter: after.quantity,
          reason,
          remarks,
          userId: request.user!.id,
          operatorName: who?.name || request.user!.userName,
        });
        return after;
      });
      if (!updated) {
        const now = await find(request, row.id);
        throw conflictError(
          ErrorCode.NotEnoughStock,
          message(request, 'NotEnoughStock', {
            quantity: now.quantity,
            unit: now.unit,
            amount: -delta,
          }),
        );
      }
      return toDto({ ...updated, storeName: row.storeName }, isEnglish(request));
    },
  );

  r.get(
    '/api/app/small-equipment/:id/history',
    {
      config: { access: VIEW },
      schema: {
        tags,
        params: Id,
        querystring: PagedRequestSchema,
        response: { 200: pagedResultSchema(SmallEquipmentMovementSchema) },
      },
    },
    async (request) => {
      await find(request, request.params.id);
      const where = eq(smallEquipmentMovements.stockId, request.params.id);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(smallEquipmentMovements)
          .where(where)
          .orderBy(desc(smallEquipmentMovements.createdAt))
          .limit(request.query.maxResultCount)
          .offset(request.query.skipCount),
        app.db.select({ n: count() }).from(smallEquipmentMovements).where(where),
      ]);
      return {
        items: rows.map((m) => ({
          id: m.id,
          delta: m.delta,
          quantityAfter: m.quantityAfter,
          reason: m.reason,
          remarks: m.remarks,
          operatorName: m.operatorName,
          creationTime: m.createdAt.toISOString(),
        })),
        totalCount: total?.n ?? 0,
      };
    },
  );
}
