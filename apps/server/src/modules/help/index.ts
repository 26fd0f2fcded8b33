import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HelpArticleFeedbackResultSchema,
  HelpArticleFeedbackSchema,
  HelpArticleListQuerySchema,
  HelpArticleSchema,
  HelpArticleSearchQuerySchema,
  HelpArticleSummarySchema,
  pagedResultSchema,
} from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { helpAdminRoutes } from './admin-routes.js';
import {
  getHelpArticle,
  listHelpArticles,
  recordHelpFeedback,
  searchHelpArticles,
} from './service.js';

/**
 * The public help centre: published articles for customers, store staff and drivers. Drafts are
 * seen only in the editor (admin-routes.ts).
 */
export async function helpRoutes(app: FastifyInstance) {
  await helpAdminRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const PagedSummaries = pagedResultSchema(HelpArticleSummarySchema);

  r.get(
    '/api/app/help/articles',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['help'],
        summary: 'Help articles, optionally for one audience, in reading order',
        querystring: HelpArticleListQuerySchema,
        response: { 200: PagedSummaries },
      },
    },
    async (request) => listHelpArticles(app.db, request.tenantId, request.query),
  );

  // Registered before `/:id` so that "search" is never taken for an id.
  r.get(
    '/api/app/help/articles/search',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['help'],
        summary: 'Help articles whose title, summary, body or tags contain the keyword',
        querystring: HelpArticleSearchQuerySchema,
        response: { 200: PagedSummaries },
      },
    },
    async (request) => searchHelpArticles(app.db, request.tenantId, request.query),
  );

  r.get(
    '/api/app/help/articles/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['help'],
        summary: 'One help article with its Markdown body',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: HelpArticleSchema },
      },
    },
    async (request) => getHelpArticle(app.db, request.tenantId, request.params.id),
  );

  r.post(
    '/api/app/help/articles/:id/feedback',
    {
      config: { access: PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['help'],
        summary: "A reader's answer to 'was this article helpful?'",
        params: z.object({ id: z.string().max(64) }),
        body: HelpArticleFeedbackSchema,
        response: { 200: HelpArticleFeedbackResultSchema },
      },
    },
    async (request) =>
      recordHelpFeedback(app.db, request.tenantId, request.params.id, request.body.helpful),
  );
}
