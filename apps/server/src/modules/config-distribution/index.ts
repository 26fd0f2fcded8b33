import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { H5ConfigSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import type { H5ConfigCache } from './config-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The client configuration per tenant, kept until an administrator changes it. */
    h5Config: H5ConfigCache;
  }
}

export async function configDistributionRoutes(app: FastifyInstance) {
  // Without the zod type provider: the answer goes out as the string serialised once.
  app.get(
    '/api/app/config-distribution/h5',
    {
      // Read beside the cookie's own call on a first visit (security.ts `firstVisit`).
      config: { access: PUBLIC, firstVisit: true },
      schema: {
        tags: ['configuration'],
        summary:
          'Client configuration: system info, stores, business parameters, filing numbers (ETag: 304 when unchanged)',
        response: { 200: H5ConfigSchema, 304: z.null().describe('Unchanged since the ETag sent') },
      },
    },
    async (request, reply) => {
      const { json, etag } = await app.h5Config.get(app.db, request.tenantId);
      // Kept by the browser and asked again each time: unchanged costs a 304 and no body.
      reply.header('Cache-Control', 'no-cache').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
