import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { AppError } from '@/lib/errors.js';
import { ServerMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the scraper's token (`Authorization: Bearer …`), in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format for the scraper that holds `METRICS_TOKEN`; without
 * a token configured the figures are not served at all (404). Every answered request is counted
 * by its route's pattern; the business counts come from the routes and services that do the
 * work (`app.metrics.count`).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined }) => {
    const metrics = new ServerMetrics(app.database, { processFigures: !!options.token });
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(
      '/metrics',
      {
        // The scraper proves itself with its token, checked here; it has no user to sign in.
        config: { access: PUBLIC },
        schema: { tags: ['health'], hide: true },
        logLevel: 'warn',
      },
      async (request, reply) => {
        if (!options.token) throw new AppError(404, ErrorCode.NotFound, 'Metrics are not served');
        if (!hasToken(request, options.token)) {
          reply.header('WWW-Authenticate', 'Bearer');
          throw new AppError(401, ErrorCode.Unauthorized, 'The metrics token is missing or wrong');
        }
        reply.header('Cache-Control', 'no-store');
        reply.type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['database'] },
);
