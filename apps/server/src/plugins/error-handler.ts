import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorInfo } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';
import { frameworkMessage, message, type FrameworkMessageKey } from '@/lib/messages.js';
import { databaseRefusal, isDatabaseUnavailable } from '@/lib/pg-errors.js';
import {
  codeWords,
  issueText,
  isValidationCode,
  type ValidationIssue,
} from '@/lib/validation-texts.js';

/**
 * One error shape for every failure (ABP's `{ error: {...} }`, WIRE-FACTS.md §1) with the
 * `_AbpErrorFormat` header clients key on. 5xx bodies never carry internals, only the request id
 * that is also in the log.
 */

export function sendError(reply: FastifyReply, statusCode: number, info: ErrorInfo) {
  // An error goes out uncompressed, however long (a refused order naming every item): clients
  // that decode compressed bodies only for successes (undici's decompress interceptor, jsdom)
  // still read it. @fastify/compress skips a request carrying this header.
  reply.request.headers['x-no-compression'] = '1';
  return reply
    .code(statusCode)
    .header('_AbpErrorFormat', 'true')
    .type('application/json; charset=utf-8')
    .send({ error: { ...info, requestId: String(reply.request.id) } });
}

/** Seconds a client is asked to wait before it tries again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 with `Retry-After`: the service cannot answer now, the same request may succeed later. */
export function sendUnavailable(reply: FastifyReply, info: ErrorInfo) {
  return sendError(reply.header('Retry-After', String(RETRY_AFTER_SECONDS)), 503, info);
}

/**
 * A database that is away (cut connection, refused, timed out: lib/pg-errors.ts) fails only the
 * request at hand, with the 503 clients show as 'service temporarily unavailable'. Null when the
 * error is something else.
 */
function answerDatabaseUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (!isDatabaseUnavailable(error)) return null;
  request.log.warn({ err: error }, 'database unavailable');
  return sendUnavailable(reply, {
    code: ErrorCode.ServiceUnavailable,
    message: message(request, 'ServiceUnavailable'),
  });
}

function toValidationInfo(
  request: FastifyRequest,
  error: FastifyError & { validation: (ValidationIssue & { instancePath: string })[] },
): ErrorInfo {
  const context = error.validationContext ?? 'request';
  const seen = new Set<string>();
  const validationErrors = error.validation
    .map((issue) => {
      const members = issue.instancePath.split('/').filter(Boolean);
      return {
        message: issueText(request, issue),
        members: members.length > 0 ? [members.join('.')] : [context],
      };
    })
    // One field broken two ways that read the same (0.2: below the range and off its steps) says it once.
    .filter((v) => {
      const key = `${v.members.join()}\u0000${v.message}`;
      return !seen.has(key) && !!seen.add(key);
    });
  const words = (text: string) => (isValidationCode(text) ? codeWords(request, text) : text);
  return {
    code: ErrorCode.Validation,
    message: frameworkMessage(request, 'ValidationFailed'),
    details:
      `${frameworkMessage(request, 'ValidationDetails')}\n` +
      validationErrors.map((v) => ` - ${v.members.join(', ')}: ${words(v.message)}`).join('\n'),
    validationErrors,
  };
}

/** Fastify's own refusals of a request (before any route ran), in the caller's words. */
function clientErrorMessage(request: FastifyRequest, status: number, code: string | undefined) {
  const key: FrameworkMessageKey =
    status === 404
      ? 'RouteNotFound'
      : status === 405
        ? 'MethodNotAllowed'
        : status === 413
          ? 'PayloadTooLarge'
          : status === 415
            ? 'UnsupportedMediaType'
            : status === 429
              ? 'RequestsTooFrequent'
              : code?.startsWith('FST_ERR_CTP_')
                ? 'MalformedBody'
                : 'BadRequest';
  return frameworkMessage(request, key, {
    method: request.method,
    path: request.url.split('?')[0] ?? '',
  });
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        const retryAfter = error.data?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
        return sendError(reply, error.statusCode, {
          code: error.code,
          message: error.message,
          details: error.details ?? null,
          data: error.data ?? null,
          ...(error.validationErrors ? { validationErrors: error.validationErrors } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(reply, 400, toValidationInfo(request, error));
      }
      if (error.validation) {
        return sendError(
          reply,
          400,
          toValidationInfo(
            request,
            error as FastifyError & { validation: (ValidationIssue & { instancePath: string })[] },
          ),
        );
      }
      // The safety net under the services' own checks: the database refusing the caller's data
      // (a lost race for a unique name, a missing reference, a value the column cannot hold).
      const refusal = databaseRefusal(error);
      if (refusal) {
        request.log.warn({ err: error }, 'database refused the request data');
        return sendError(reply, refusal.statusCode, {
          code: refusal.code,
          message: message(request, refusal.message),
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: bad JSON, wrong content type, body too large, 429 ...
        return sendError(reply, status, {
          code: status === 429 ? ErrorCode.TooManyRequests : (error.code ?? null),
          message: clientErrorMessage(request, status, error.code),
        });
      }
      const unavailable = answerDatabaseUnavailable(error, request, reply);
      if (unavailable) return unavailable;
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, {
        code: ErrorCode.Internal,
        message: frameworkMessage(request, 'InternalError'),
      });
    });
  },
  { name: 'error-handler' },
);
