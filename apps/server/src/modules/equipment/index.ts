import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeDefinitionQuerySchema,
  AttributeDefinitionSchema,
  BarcodeUpdateSchema,
  BatchStockInSchema,
  BatchStockOutSchema,
  BatchStockResultSchema,
  CatalogItemQuerySchema,
  CatalogItemSchema,
  CategorySchema,
  ChangeStatusSchema,
  EarlyReturnSchema,
  EquipmentInputSchema,
  EquipmentInquirySchema,
  EquipmentListQuerySchema,
  EquipmentSchema,
  EquipmentUpdateSchema,
  ErrorCode,
  InventorySummarySchema,
  OperationHistorySchema,
  PagedRequestSchema,
  pagedResultSchema,
  Permissions as P,
  StockInSchema,
  StockOutSchema,
  StockResultSchema,
  TransferSchema,
  UnavailableTimeSchema,
  UsageStatisticsSchema,
} from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { notFound } from '@/lib/errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import { listAttributeDefinitions, listAttributeValues, listCategories } from './catalog.js';
import { listCatalogCategories, listCatalogItems } from './catalog-items.js';
import { relatedOrderRoutes } from './related-orders.js';
import { EquipmentService } from './service.js';

/** Anyone who works with gear may look it up (staff, drivers binding it to orders). */
const VIEW = {
  permissions: [
    P.BusinessOperations.InventoryManage,
    P.BusinessOperations.EquipmentCreate,
    P.BusinessOperations.EquipmentUpdate,
    P.BusinessOperations.OrderCreate,
    P.BusinessOperations.OrderProcess,
    P.StoreManagement.Orders,
    P.DeliveryManagement.DeliveryOrders,
    P.DeliveryManagement.PickupOrders,
  ],
} as const;
const STOCK = { permissions: [P.BusinessOperations.InventoryManage] } as const;
const CREATE = { permissions: [P.BusinessOperations.EquipmentCreate] } as const;
const UPDATE = { permissions: [P.BusinessOperations.EquipmentUpdate] } as const;
const Id = z.object({ id: z.uuid() });
const EquipmentId = z.object({ equipmentId: z.uuid() });
const tags = ['equipment'];

/** The equipment calls of spec §7. */
export async function equipmentRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) =>
    new EquipmentService(app.db, request, options.timeZone);

  r.get(
    '/api/app/equipment/by-barcode',
    {
      config: { access: VIEW },
      schema: {
        tags,
        querystring: z.object({ barcodeNumber: z.string().trim().min(1).max(64) }),
        response: { 200: EquipmentSchema },
      },
    },
    async (request) => {
      // A scan at the counter, whether the code is known or not.
      app.metrics.count('scan');
      return service(request).byBarcode(request.query.barcodeNumber);
    },
  );

  r.get(
    '/api/app/equipment/inquiry',
    {
      config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Public look-up by serial number (the label's QR code): name, store, prices, whether it is free now, its holds and when it is free again",
        querystring: z.object({ sn: z.string().trim().min(1).max(64) }),
        response: { 200: EquipmentInquirySchema },
      },
    },
    async (request) => service(request).inquire(request.query.sn),
  );

  r.get(
    '/api/app/equipment/catalog-items',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "Public browse of a store's gear (name, brand, model or barcode; category), with each item's true availability",
        querystring: CatalogItemQuerySchema,
        response: { 200: pagedResultSchema(CatalogItemSchema) },
      },
    },
    async (request) =>
      listCatalogItems(
        app.db,
        request.tenantId,
        request.query,
        message(request, 'StoreNotFound'),
        isEnglish(request),
      ),
  );

  r.get(
    '/api/app/equipment/catalog-categories',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'The categories of gear, for the public browse filter',
        response: {
          200: z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
        },
      },
    },
    async (request) => ({
      items: await listCatalogCategories(app.db, request.tenantId, isEnglish(request)),
    }),
  );

  r.get(
    '/api/app/equipment',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'Filters: storeId, categoryId, status, keyword, attr.<attributeId>=value, availableFrom+availableTo',
        querystring: EquipmentListQuerySchema,
        response: { 200: pagedResultSchema(EquipmentSchema) },
      },
    },
    async (request) => service(request).list(request.query),
  );

  r.get(
    '/api/app/equipment/categories',
    {
      config: { access: VIEW },
      schema: { tags, response: { 200: z.object({ items: z.array(CategorySchema) }) } },
    },
    async (request) => ({
      items: await listCategories(app.db, request.tenantId, isEnglish(request)),
    }),
  );

  r.get(
    '/api/app/equipment-attribute/attribute-definitions',
    {
      config: { access: VIEW },
      schema: {
        tags,
        querystring: AttributeDefinitionQuerySchema,
        response: { 200: pagedResultSchema(AttributeDefinitionSchema) },
      },
    },
    async (request) =>
      listAttributeDefinitions(app.db, request.tenantId, request.query, isEnglish(request)),
  );

  r.get(
    '/api/app/equipment-attribute/attribute-values/:id',
    {
      config: { access: VIEW },
      schema: {
        tags,
        params: Id,
        querystring: z.object({ searchKeyword: z.string().trim().max(64).optional() }),
        response: { 200: z.object({ items: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const values = await listAttributeValues(
        app.db,
        request.tenantId,
        request.params.id,
        request.query.searchKeyword,
      );
      if (!values) throw notFound(ErrorCode.NotFound, message(request, 'EquipmentNotFound'));
      return values;
    },
  );

  r.post(
    '/api/app/equipment',
    {
      config: { access: CREATE },
      schema: { tags, body: EquipmentInputSchema, response: { 201: EquipmentSchema } },
    },
    async (request, reply) => reply.code(201).send(await service(request).create(request.body)),
  );

  r.get(
    '/api/app/equipment/:id',
    {
      config: { access: VIEW },
      schema: { tags, params: Id, response: { 200: EquipmentSchema } },
    },
    async (request) => service(request).get(request.params.id),
  );

  r.put(
    '/api/app/equipment/:id',
    {
      config: { access: UPDATE },
      schema: { tags, params: Id, body: EquipmentUpdateSchema, response: { 200: EquipmentSchema } },
    },
    async (request) => service(request).update(request.params.id, request.body),
  );

  r.put(
    '/api/app/equipment/:id/barcode',
    {
      config: { access: UPDATE },
      schema: { tags, params: Id, body: BarcodeUpdateSchema, response: { 200: EquipmentSchema } },
    },
    async (request) =>
      service(request).updateBarcode(
        request.params.id,
        request.body.barcodeNumber,
        request.body.reason,
      ),
  );

  r.post(
    '/api/app/equipment/change-status/:id',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Damaged (2) or lost (3) from 0/1; scrapped (5) from 0/2/3',
        params: Id,
        body: ChangeStatusSchema,
        response: { 200: StockResultSchema },
      },
    },
    async (request) => service(request).changeStatus(request.params.id, request.body),
  );

  r.post(
    '/api/app/equipment/:id/transfer',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'From 0 to 4 (in transfer) until the receiving store checks it in',
        params: Id,
        body: TransferSchema,
        response: { 200: StockResultSchema },
      },
    },
    async (request) => service(request).transfer(request.params.id, request.body),
  );

  r.get(
    '/api/app/equipment/unavailable-times/:id',
    {
      config: { access: VIEW },
      schema: { tags, params: Id, response: { 200: z.array(UnavailableTimeSchema) } },
    },
    async (request) => service(request).unavailableTimes(request.params.id),
  );

  r.delete(
    '/api/app/equipment/unavailable-time/:id',
    {
      config: { access: STOCK },
      schema: { tags, summary: 'Remove a manual lock', params: Id, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service(request).deleteUnavailableTime(request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/app/equipment/equipment-operation-history/:id',
    {
      config: { access: VIEW },
      schema: {
        tags,
        params: Id,
        querystring: PagedRequestSchema,
        response: { 200: pagedResultSchema(OperationHistorySchema) },
      },
    },
    async (request) => service(request).operationHistory(request.params.id, request.query),
  );

  r.get(
    '/api/app/equipment/equipment-usage-statistics/:id',
    {
      config: { access: VIEW },
      schema: { tags, params: Id, response: { 200: UsageStatisticsSchema } },
    },
    async (request) => service(request).usageStatistics(request.params.id),
  );

  r.get(
    '/api/app/equipment/store-inventory-summary/:id',
    {
      config: { access: VIEW },
      schema: { tags, params: Id, response: { 200: InventorySummarySchema } },
    },
    async (request) => service(request).storeSummary(request.params.id),
  );

  r.post(
    '/api/app/equipment/stock-in/:equipmentId',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Check in from 1–5 (clears manual locks unless told not to)',
        params: EquipmentId,
        body: StockInSchema,
        response: { 200: StockResultSchema },
      },
    },
    async (request) => service(request).stockIn(request.params.equipmentId, request.body),
  );

  r.post(
    '/api/app/equipment/stock-out/:equipmentId',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Check out from 0 with an unavailable range; 409 with the conflicting window',
        params: EquipmentId,
        body: StockOutSchema,
        response: { 200: StockResultSchema },
      },
    },
    async (request) => service(request).stockOut(request.params.equipmentId, request.body),
  );

  r.post(
    '/api/app/equipment/batch-stock-out',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Batch mode: check out the scanned items for one window; the outcome per item',
        body: BatchStockOutSchema,
        response: { 200: BatchStockResultSchema },
      },
    },
    async (request) => service(request).batchStockOut(request.body),
  );

  r.post(
    '/api/app/equipment/batch-stock-in',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: 'Batch mode: check in the scanned items with one reason; the outcome per item',
        body: BatchStockInSchema,
        response: { 200: BatchStockResultSchema },
      },
    },
    async (request) => service(request).batchStockIn(request.body),
  );

  r.post(
    '/api/app/equipment/early-return/:equipmentId',
    {
      config: { access: STOCK },
      schema: {
        tags,
        summary: "Release the item's lock for an order",
        params: EquipmentId,
        body: EarlyReturnSchema,
        response: { 200: StockResultSchema },
      },
    },
    async (request) => service(request).earlyReturn(request.params.equipmentId, request.body),
  );

  await relatedOrderRoutes(app, VIEW);
}
