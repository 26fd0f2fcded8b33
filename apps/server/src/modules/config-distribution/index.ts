import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { H5ConfigSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { getH5Config } from './service.js';

export async function configDistributionRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/app/config-distribution/h5',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['configuration'],
        summary: 'Client configuration: system info, stores, business parameters, filing numbers',
        response: { 200: H5ConfigSchema },
      },
    },
    async (request) => getH5Config(app.db, request.tenantId),
  );
}
