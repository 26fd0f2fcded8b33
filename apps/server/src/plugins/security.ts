import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import {
  PROOF_OF_WORK_HEADER,
  proofOfWorkRequired,
  type ProofOfWork,
} from '@/lib/proof-of-work.js';
import { isApiRoute } from './access.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A call every browser's first visit makes before it has a verification cookie: the one
     * that hands it out (the application configuration) and the client configuration the app
     * reads beside it. They are not counted under the low limit of calls without a cookie; only
     * under the ceiling of the address's anonymous calls.
     */
    firstVisit?: boolean;
  }
}

export interface SecurityOptions {
  corsOrigins: string[];
  /** `'sha256-…'` sources of the web app's own inline scripts (web-app.ts). */
  inlineScripts?: string[];
  /** API requests a minute: see the plugin's comment. */
  rateLimit: {
    perUser: number;
    perAnonymousBrowser: number;
    perAddressWithoutBrowser: number;
    perAnonymousAddress: number;
  };
  /** The browser a call comes from (its signed verification cookie), when it names one. */
  browserOf: (request: FastifyRequest) => string | null;
  /** Checks the proof of work a call brings, which lets an anonymous call past the limits. */
  proofOfWork: ProofOfWork;
  /**
   * Where the limits are counted, so that every server process sees the same counts: Redis when
   * there is one, else the PostgreSQL database (`background`: its connection for the shared
   * counts no request waits on); without either (the embedded database, one process), in this
   * process's memory.
   */
  shared?: { redis: Redis } | { db: Database; background: Database };
}

/**
 * Security headers (a CSP that still lets the scanner run WebAssembly in blob workers,
 * STACK.md trap 5), the same on every answer, CORS for the api.<host> deployment, and the API rate limit.
 *
 * The rate limit counts API calls only (one cold page load is some ninety static files), and
 * never per address alone: a store's counter phones, a resort's Wi-Fi and a carrier's NAT put
 * hundreds of people behind one address, and must not shut each other out. So a call counts
 * - per signed-in user where there is one (past the limit: 429 and a wait);
 * - else per browser, named by its signed verification cookie;
 * - else (no valid cookie: a script) per address, with a low limit; but the calls every first
 *   visit makes before it has its cookie (the one that hands it out, the client configuration)
 *   count apart (route config `firstVisit`), under the address's ceiling only;
 * and every anonymous call also counts per address under a ceiling far above what a crowd makes,
 * which a script minting cookies meets. Past an anonymous limit the caller is not refused but
 * asked for a proof of work (428, lib/proof-of-work.ts): a call that brings a solved one passes.
 * Its hooks run per route, after authentication's own hook has named the user.
 */
/**
 * Headers that concern documents (what a page may load, frame, refer to or use): a JSON answer,
 * a script, a style or a picture does without them. nosniff, HSTS and the cross-origin resource
 * policy stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The policy of a JSON answer: should it ever be opened as a page, it may load and run nothing. */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * What the app's pages may use, on our own origin only (no frame of another site gets them): the
 * camera (the scanner, the store's way-finding), the position (the way-finding, a store's place on
 * the map), the motion sensors (the compass), sharing and copying a link, full screen and muted
 * video. What it never uses is denied outright, so an injected script cannot ask for it either.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'accelerometer=(self)',
  'gyroscope=(self)',
  'magnetometer=(self)',
  'web-share=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'autoplay=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'xr-spatial-tracking=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

/**
 * HSTS tells a browser to use HTTPS only: sent over plain HTTP it means nothing (browsers ignore
 * it) and says the wrong thing about a server on a store's LAN without a certificate.
 */
const HSTS = 'strict-transport-security';

/**
 * The headers helmet sets with these options. They never change, but @fastify/helmet builds
 * helmet's whole middleware again on every request (its policy parsed anew each time, a tenth of
 * a signed-in call's time): so they are taken once from a throwaway instance, right after
 * helmet's hooks ran, and every request gets them as they are.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: Record<string, string> = {};
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  return headers;
}

/** 429 with the wait, in the caller's language (and in Retry-After, which the plugin sets). */
const tooManyRequests = (request: FastifyRequest, context: { ttl: number }) =>
  new AppError(
    429,
    ErrorCode.TooManyRequests,
    message(request, 'TooManyRequests', { seconds: Math.ceil(context.ttl / 1000) }),
  );

/**
 * A route's limit for callers that cannot be asked for a proof of work (a payment provider's
 * servers) or must not be (the challenge itself): per address, past it 429 and the wait. Counted
 * its own way, it is outside the anonymous ceiling too.
 */
export function perAddressLimit(name: string, max: number) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
    errorResponseBuilder: tooManyRequests,
  };
}

/** The limit of a call that brought a solved proof of work: it paid for itself. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    const headers = await helmetHeaders({
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
    const { [HSTS]: hsts, ...everyAnswer } = headers;
    everyAnswer['permissions-policy'] = PERMISSIONS_POLICY;
    // Only on HTTPS answers: the server's own TLS, or a trusted proxy's X-Forwarded-Proto. (No
    // link is built from it, which is what the lint rule guards against.)
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(everyAnswer);
      // eslint-disable-next-line no-restricted-properties
      if (hsts && request.protocol === 'https') reply.header(HSTS, hsts);
      done();
    });
    // A JSON answer is never a document: what a page may load, frame or refer to does not apply,
    // and on a resort's mobile network every answer would carry a kilobyte of them. (A route that
    // set a policy of its own, such as a file download's sandbox, keeps its headers.)
    const pagePolicy = everyAnswer['content-security-policy'];
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (
        typeof type === 'string' &&
        type.startsWith('application/json') &&
        reply.getHeader('content-security-policy') === pagePolicy
      ) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        reply.header('content-security-policy', DATA_POLICY);
      }
      done(null, payload);
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
            `Authorization, Content-Type, RequestVerificationToken, __tenant, Accept-Language, Idempotency-Key, ${PROOF_OF_WORK_HEADER}`,
          );
          reply.header('Access-Control-Max-Age', '600');
          return reply.code(204).send();
        }
      });
    }

    const shared = options.shared;
    const store =
      shared && 'db' in shared
        ? databaseRateLimitStore(shared, (line) => app.log.warn(line))
        : undefined;
    if (store) app.addHook('onClose', async () => store.windows.close());

    // Before any limit counts a call: what its proof of work came to (each solution once).
    app.decorateRequest('proofOfWork', 'none');
    const proofHeader = PROOF_OF_WORK_HEADER.toLowerCase();
    app.addHook('onRequest', async (request) => {
      const header = request.headers[proofHeader];
      if (typeof header === 'string' && isApiRoute(request)) {
        request.proofOfWork = await options.proofOfWork.redeem(app.db, header);
      }
    });
    const proved = (request: FastifyRequest) => !request.user && request.proofOfWork === 'proved';
    // A route's own limit (sign-in, SMS, label scans…) is counted under the same keys, and a
    // call that proved its work passes it too.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (!limit || limit.keyGenerator || typeof limit.max !== 'number') return;
      const max = limit.max;
      route.config = {
        ...route.config,
        rateLimit: { ...limit, max: (request) => (proved(request) ? UNLIMITED : max) },
      };
    });

    await app.register(rateLimit, {
      ...(shared && 'redis' in shared ? { redis: shared.redis, nameSpace: 'snowgear-rate-' } : {}),
      ...(store ? { store: store.Store } : {}),
      // Redis or the database away: requests go through rather than fail on their count.
      skipOnError: true,
      keyGenerator: (request) => {
        if (request.user) return `user:${request.user.id}`;
        const browser = options.browserOf(request);
        if (browser) return `browser:${browser}`;
        // A crowd behind one address (a resort's Wi-Fi) all open the app at once: the calls of
        // a first visit count apart from the calls without a cookie, up to the address's ceiling.
        return request.routeOptions.config.firstVisit
          ? `first-visit:${request.ip}`
          : `address:${request.ip}`;
      },
      max: (request, key) =>
        proved(request)
          ? UNLIMITED
          : key.startsWith('user:')
            ? options.rateLimit.perUser
            : key.startsWith('browser:')
              ? options.rateLimit.perAnonymousBrowser
              : key.startsWith('first-visit:')
                ? options.rateLimit.perAnonymousAddress
                : options.rateLimit.perAddressWithoutBrowser,
      // Decided on the matched route, never the raw URL: `/%61pi/…` reaches an API route too.
      allowList: (request) => !isApiRoute(request),
      timeWindow: '1 minute',
      errorResponseBuilder: (request, context) =>
        request.user ? tooManyRequests(request, context) : proofOfWorkRequired(request),
    });

    // The ceiling of all anonymous calls from one address, counted after the caller's own limit.
    const addressCeiling = app.createRateLimit({
      keyGenerator: (request) => `anonymous-address:${request.ip}`,
      max: options.rateLimit.perAnonymousAddress,
      timeWindow: '1 minute',
    });
    const checkAddressCeiling = async (request: FastifyRequest) => {
      if (request.user || proved(request)) return;
      const count = await addressCeiling(request);
      if (!count.isAllowed && count.isExceeded) throw proofOfWorkRequired(request);
    };
    app.addHook('onRoute', (route) => {
      // Not for what is never limited, nor a route counted its own way (the challenge itself).
      const limit = route.config?.rateLimit;
      if (limit === false || limit?.keyGenerator) return;
      route.onRequest = [...[route.onRequest ?? []].flat(), checkAddressCeiling];
    });
  },
  { name: 'security' },
);
