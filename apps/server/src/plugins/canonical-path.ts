import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';

/** A percent-encoded letter, digit or `-._~`: RFC 3986 §6.2.2.2 says these are written as they are. */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])/;
const API_PREFIX = /^\/api(?:\/|$)/i;

/**
 * The canonical spelling of a request's path (the query left as it is), or null when it is
 * already canonical: unreserved characters written as they are, no empty or dot segments, no
 * backslashes, and `/api` in lower case. The router decodes `%61` into `a`, so `/%61pi/…` would
 * reach an API route while anything reading the raw URL thinks it is not one.
 */
export function canonicalUrl(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const suspicious =
    ENCODED_UNRESERVED.test(path) ||
    path.includes('\\') ||
    path.includes('//') ||
    /\/\.\.?(?:\/|$)/.test(path) ||
    (API_PREFIX.test(path) && !path.startsWith('/api'));
  if (!suspicious) return null;
  const decoded = path
    .replace(/%[0-9A-Fa-f]{2}/g, (escape) =>
      ENCODED_UNRESERVED.test(escape) ? String.fromCharCode(parseInt(escape.slice(1), 16)) : escape,
    )
    .replaceAll('\\', '/');
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  let canonical = `/${segments.join('/')}`;
  if (decoded.endsWith('/') && canonical !== '/') canonical += '/';
  if (API_PREFIX.test(canonical)) canonical = `/api${canonical.slice(4)}`;
  return canonical + query;
}

/**
 * Every request's path must be in its canonical form before anything looks at it: a page or a
 * download asked for under another spelling is redirected (308) to the canonical one, any other
 * request is refused (400) naming it. The guards (rate limits, verification token, access) read
 * the matched route's config as well, so no spelling reaches a route past them.
 */
export const canonicalPathPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const canonical = canonicalUrl(request.url);
      if (canonical === null) return;
      if (request.method === 'GET' || request.method === 'HEAD') {
        return reply.code(308).header('Location', canonical).send();
      }
      throw new AppError(
        400,
        ErrorCode.NonCanonicalPath,
        `The address is not written in its canonical form; use ${canonical.split('?')[0]}`,
      );
    });
  },
  { name: 'canonical-path' },
);
