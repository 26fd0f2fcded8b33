import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ErrorCode,
  VERIFICATION_TOKEN_COOKIE,
  VERIFICATION_TOKEN_HEADER,
} from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';
import { frameworkMessage } from '@/lib/messages.js';
import { isApiRoute } from './access.js';

/**
 * Anti-forgery token as ABP clients expect it (WIRE-FACTS.md §2): the cookie `XSRF-TOKEN` is
 * issued by `GET /api/abp/application-configuration`; every state-changing call echoes it in the
 * `RequestVerificationToken` header. The token is signed, so a cookie planted by a sibling
 * sub-domain is not accepted.
 */
export interface VerificationTokenOptions {
  secret: string;
  secureCookie: boolean;
  cookieDomain?: string | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The nonce of the browser's signed verification cookie, or null without a valid one: an
     * anonymous caller's own name (its idempotency keys are its own), which no other browser can
     * claim without the server's secret.
     */
    browserId: string | null;
  }
  interface FastifyReply {
    /** Sets the verification cookie, keeping a still-valid one so open tabs stay in step. */
    issueVerificationToken(): string;
  }
}

const signNonce = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(nonce).digest('base64url');

/**
 * The nonce of a verification token this server signed, or null. Each browser keeps its token
 * for years, so the nonce names the browser (the rate limit counts anonymous calls by it); it
 * proves nothing about who uses the browser.
 */
export function verificationTokenNonce(secret: string, token: string | undefined): string | null {
  if (!token) return null;
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return null;
  const expected = Buffer.from(signNonce(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

export const verificationTokenPlugin = fp<VerificationTokenOptions>(
  async (app: FastifyInstance, options) => {
    const sign = (nonce: string) => signNonce(options.secret, nonce);

    const isValid = (token: string | undefined): token is string =>
      verificationTokenNonce(options.secret, token) !== null;

    app.decorateRequest('browserId', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.browserId = verificationTokenNonce(
        options.secret,
        request.cookies[VERIFICATION_TOKEN_COOKIE],
      );
    });

    app.decorateReply('issueVerificationToken', function (this: FastifyReply) {
      const existing = this.request.cookies[VERIFICATION_TOKEN_COOKIE];
      const token = isValid(existing)
        ? existing
        : (() => {
            const nonce = randomBytes(24).toString('base64url');
            return `${nonce}.${sign(nonce)}`;
          })();
      this.setCookie(VERIFICATION_TOKEN_COOKIE, token, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secureCookie,
        maxAge: TEN_YEARS_SECONDS,
        ...(options.cookieDomain ? { domain: options.cookieDomain } : {}),
      });
      return token;
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return;
      // The matched route decides, never the raw URL (`/%61pi/…` is an API route too).
      if (request.is404 || !isApiRoute(request)) return;
      if (request.routeOptions.config.verificationToken === false) return;
      const header = request.headers[VERIFICATION_TOKEN_HEADER.toLowerCase()];
      const headerToken = Array.isArray(header) ? header[0] : header;
      const cookieToken = request.cookies[VERIFICATION_TOKEN_COOKIE];
      if (!isValid(headerToken) || headerToken !== cookieToken) {
        throw new AppError(
          400,
          ErrorCode.VerificationToken,
          frameworkMessage(request, 'VerificationTokenInvalid'),
        );
      }
    });
  },
  { name: 'verification-token', dependencies: ['@fastify/cookie'] },
);
