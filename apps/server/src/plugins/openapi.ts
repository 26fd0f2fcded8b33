import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the routes' zod schemas: JSON and UI at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Snow-gear rental API',
          description:
            'ABP-style wire conventions: errors as { error: { code, message, details, validationErrors } }; ' +
            'lists as { items, totalCount } with skipCount/maxResultCount; non-GET calls need the ' +
            'RequestVerificationToken header echoing the XSRF-TOKEN cookie set by ' +
            'GET /api/abp/application-configuration.',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    });
  },
  { name: 'openapi' },
);
