import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@snowgear/contracts';
import { frameworkMessage } from '@/lib/messages.js';
import { sendError } from './error-handler.js';
import { DOCUMENT_ONLY_HEADERS } from './security.js';

/**
 * The CSP sources of the inline scripts in the built index.html (the build writes one that asks
 * for the page's texts early): `'sha256-…'` of each, so the policy allows exactly those and no
 * other inline script. None when the app is not built.
 */
export function inlineScriptSources(distDir: string): string[] {
  const page = distDir ? join(resolve(distDir), 'index.html') : '';
  if (!page || !existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/**
 * Serves the built web app: hashed assets cached for a year with lean headers, everything else
 * revalidated, each file in the brotli or gzip copy the build wrote beside it when the browser
 * takes one; any unknown GET outside /api is answered with index.html so the client router can
 * take it. Unknown /api paths get the 404 error envelope. Dot-files (the build's manifest) are
 * not served.
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
        preCompressed: true,
        dotfiles: 'ignore',
        setHeaders(reply, path) {
          const hashed = path.includes('/assets/');
          reply.header(
            'Cache-Control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          if (hashed) {
            for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
            reply.removeHeader('strict-transport-security');
          }
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
        message: frameworkMessage(request, 'RouteNotFound', {
          method: request.method,
          path: request.url.split('?')[0] ?? '',
        }),
      });
    });
  },
  { name: 'web-app' },
);
