import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeCreateSchema,
  AttributeUpdateSchema,
  CatalogueAttributeQuerySchema,
  CatalogueAttributeSchema,
  CatalogueCategorySchema,
  CategoryInputSchema,
  CategoryOrderSchema,
  Permissions,
} from '@snowgear/contracts';
import { CatalogueService } from './service.js';

const ADMIN = { permissions: [Permissions.SystemManagement.Default] } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['catalogue'];
const Categories = z.object({ items: z.array(CatalogueCategorySchema) });
const Attributes = z.object({ items: z.array(CatalogueAttributeSchema) });

/**
 * Administration of the catalogue: equipment categories and their attribute definitions
 * (docs/catalogue-and-help.md). The store's forms and filters read them through the equipment
 * routes; these change them.
 */
export async function catalogueRoutes(app: FastifyInstance, _options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new CatalogueService(app.db, request);
  const config = { access: ADMIN };

  r.get(
    '/api/app/catalogue/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Every category, in display order, with how many items and attributes each has',
        response: { 200: Categories },
      },
    },
    async (request) => service(request).listCategories(),
  );
  r.post(
    '/api/app/catalogue/categories',
    {
      config,
      schema: {
        tags,
        summary: 'A new category, listed last; 409 Catalogue:NameTaken when the name is in use',
        body: CategoryInputSchema,
        response: { 201: CatalogueCategorySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service(request).createCategory(request.body)),
  );
  // Registered before `/:id` routes; a fixed segment wins over a parameter anyway.
  r.post(
    '/api/app/catalogue/categories/reorder',
    {
      config,
      schema: {
        tags,
        summary:
          'Puts the categories in this order (every id once); 409 Catalogue:OrderOutdated when they changed meanwhile',
        body: CategoryOrderSchema,
        response: { 200: Categories },
      },
    },
    async (request) => service(request).reorderCategories(request.body),
  );
  r.get(
    '/api/app/catalogue/categories/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One category with its counts',
        params: Id,
        response: { 200: CatalogueCategorySchema },
      },
    },
    async (request) => service(request).getCategory(request.params.id),
  );
  r.put(
    '/api/app/catalogue/categories/:id',
    {
      config,
      schema: {
        tags,
        summary: "A category's name, size kind and DIN setting",
        params: Id,
        body: CategoryInputSchema,
        response: { 200: CatalogueCategorySchema },
      },
    },
    async (request) => service(request).updateCategory(request.params.id, request.body),
  );
  r.delete(
    '/api/app/catalogue/categories/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Deletes a category no item, order line or rental pack uses (409 Catalogue:CategoryInUse with the counts otherwise), with its own attributes',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service(request).deleteCategory(request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/app/catalogue/attributes',
    {
      config,
      schema: {
        tags,
        summary:
          "A category's attribute definitions and those of every category (only the latter without categoryId), each with how many items have a value",
        querystring: CatalogueAttributeQuerySchema,
        response: { 200: Attributes },
      },
    },
    async (request) => service(request).listAttributes(request.query.categoryId),
  );
  r.post(
    '/api/app/catalogue/attributes',
    {
      config,
      schema: {
        tags,
        summary:
          'A new attribute definition of a category (categoryId null: of every category); 409 Catalogue:NameTaken with the field',
        body: AttributeCreateSchema,
        response: { 201: CatalogueAttributeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service(request).createAttribute(request.body)),
  );
  r.put(
    '/api/app/catalogue/attributes/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Changes an attribute definition; 409 Catalogue:KindLocked or Catalogue:OptionInUse when items use what would change',
        params: Id,
        body: AttributeUpdateSchema,
        response: { 200: CatalogueAttributeSchema },
      },
    },
    async (request) => service(request).updateAttribute(request.params.id, request.body),
  );
  r.post(
    '/api/app/catalogue/attributes/:id/enable',
    {
      config,
      schema: {
        tags,
        summary: 'Shows the attribute in the item forms and filters again',
        params: Id,
        response: { 200: CatalogueAttributeSchema },
      },
    },
    async (request) => service(request).setAttributeEnabled(request.params.id, true),
  );
  r.post(
    '/api/app/catalogue/attributes/:id/disable',
    {
      config,
      schema: {
        tags,
        summary:
          'Takes the attribute out of the item forms and filters; the values items have stay',
        params: Id,
        response: { 200: CatalogueAttributeSchema },
      },
    },
    async (request) => service(request).setAttributeEnabled(request.params.id, false),
  );
  r.delete(
    '/api/app/catalogue/attributes/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Deletes an attribute no item has a value for (409 Catalogue:AttributeInUse otherwise: disable it instead)',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service(request).deleteAttribute(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
