import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';

export interface SecurityOptions {
  corsOrigins: string[];
  /** `'sha256-…'` sources of the web app's own inline scripts (web-app.ts). */
  inlineScripts?: string[];
  /** API requests a minute per signed-in user, and per address for everyone else. */
  rateLimit: { perUser: number; perAnonymousAddress: number };
}

/**
 * Security headers (a CSP that still lets the scanner run WebAssembly in blob workers,
 * STACK.md trap 5), CORS for the api.<host> deployment, and the API rate limit.
 *
 * The rate limit counts API calls only (one cold page load is some ninety static files) and per
 * signed-in user where there is one: a store's counter phones, a resort's Wi-Fi and a carrier's
 * NAT share one address, and must not shut each other out. Anonymous calls count per address.
 * Its hook runs per route, after authentication's own hook has named the user.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", "'wasm-unsafe-eval'", ...(options.inlineScripts ?? [])],
          'worker-src': ["'self'", 'blob:'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'blob:', 'data:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", ...options.corsOrigins],
          'font-src': ["'self'", 'data:'],
          'upgrade-insecure-requests': null,
        },
      },
      // The app embeds its own images and wasm; keep cross-origin isolation off.
      crossOriginEmbedderPolicy: false,
    });

    if (options.corsOrigins.length > 0) {
      const allowed = new Set(options.corsOrigins);
      app.addHook('onRequest', async (request, reply) => {
        const origin = request.headers.origin;
        if (!origin || !allowed.has(origin)) return;
        reply.header('Access-Control-Allow-Origin', origin);
        reply.header('Access-Control-Allow-Credentials', 'true');
        reply.header(
          'Access-Control-Expose-Headers',
          '_AbpErrorFormat, X-Request-Id, Idempotent-Replayed, Retry-After',
        );
        reply.header('Vary', 'Origin');
        if (request.method === 'OPTIONS') {
          reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
          reply.header(
            'Access-Control-Allow-Headers',
            'Authorization, Content-Type, RequestVerificationToken, __tenant, Accept-Language, Idempotency-Key',
          );
          reply.header('Access-Control-Max-Age', '600');
          return reply.code(204).send();
        }
      });
    }

    await app.register(rateLimit, {
      keyGenerator: (request) =>
        request.user ? `user:${request.user.id}` : `address:${request.ip}`,
      max: (_request, key) =>
        key.startsWith('user:') ? options.rateLimit.perUser : options.rateLimit.perAnonymousAddress,
      allowList: (request) => !request.url.startsWith('/api/'),
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          ErrorCode.TooManyRequests,
          `Too many requests. Please retry in ${Math.ceil(context.ttl / 1000)} s.`,
        ),
    });
  },
  { name: 'security' },
);
