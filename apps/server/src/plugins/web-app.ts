import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@snowgear/contracts';
import { sendError } from './error-handler.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any unknown GET outside /api answered with index.html so the client router can take it.
 * Unknown /api paths get the 404 error envelope.
 */
export const webAppPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    const root = distDir ? resolve(distDir) : '';
    const hasApp = root !== '' && existsSync(join(root, 'index.html'));
    if (distDir && !hasApp)
      app.log.warn({ distDir: root }, 'web app not built: only the API is served');

    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(reply, path) {
          reply.header(
            'Cache-Control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasApp && !isApi && wantsPage && !/\.[a-z0-9]+(\?|$)/i.test(request.url)) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return sendError(reply, 404, {
        code: ErrorCode.NotFound,
        message: `Not found: ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'web-app' },
);
