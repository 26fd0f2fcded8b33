import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HelpAdminArticleSchema,
  HelpAdminArticleSummarySchema,
  HelpAdminListQuerySchema,
  HelpArticleInputSchema,
  pagedResultSchema,
  Permissions,
} from '@snowgear/contracts';
import { HelpAdminService } from './admin-service.js';

const ADMIN = { permissions: [Permissions.SystemManagement.Default] } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['help'];

/** Writing, publishing and withdrawing help articles (docs/catalogue-and-help.md). */
export async function helpAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new HelpAdminService(app.db, request);
  const config = { access: ADMIN };

  r.get(
    '/api/app/help/admin/articles',
    {
      config,
      schema: {
        tags,
        summary:
          'Every help article, drafts included, filtered by audience, language, published or not and keyword',
        querystring: HelpAdminListQuerySchema,
        response: { 200: pagedResultSchema(HelpAdminArticleSummarySchema) },
      },
    },
    async (request) => service(request).list(request.query),
  );
  r.post(
    '/api/app/help/admin/articles',
    {
      config,
      schema: {
        tags,
        summary:
          'A new help article, as a draft; 409 Help:SlugTaken when its language has the slug already',
        body: HelpArticleInputSchema,
        response: { 201: HelpAdminArticleSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).create(request.body)),
  );
  r.get(
    '/api/app/help/admin/articles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One article, draft or published, with its version in the other language',
        params: Id,
        response: { 200: HelpAdminArticleSchema },
      },
    },
    async (request) => service(request).get(request.params.id),
  );
  r.put(
    '/api/app/help/admin/articles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Changes an article (a published one changes for readers at once)',
        params: Id,
        body: HelpArticleInputSchema,
        response: { 200: HelpAdminArticleSchema },
      },
    },
    async (request) => service(request).update(request.params.id, request.body),
  );
  r.post(
    '/api/app/help/admin/articles/:id/publish',
    {
      config,
      schema: {
        tags,
        summary: 'Shows the article in the public help centre',
        params: Id,
        response: { 200: HelpAdminArticleSchema },
      },
    },
    async (request) => service(request).setPublished(request.params.id, true),
  );
  r.post(
    '/api/app/help/admin/articles/:id/unpublish',
    {
      config,
      schema: {
        tags,
        summary: 'Takes the article out of the public help centre; it stays as a draft',
        params: Id,
        response: { 200: HelpAdminArticleSchema },
      },
    },
    async (request) => service(request).setPublished(request.params.id, false),
  );
  r.delete(
    '/api/app/help/admin/articles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes an article for good',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service(request).delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
