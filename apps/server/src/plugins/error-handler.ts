import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorInfo } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { databaseRefusal, isDatabaseUnavailable } from '@/lib/pg-errors.js';

/**
 * One error shape for every failure (ABP's `{ error: {...} }`, WIRE-FACTS.md §1) with the
 * `_AbpErrorFormat` header clients key on. 5xx bodies never carry internals, only the request id
 * that is also in the log.
 */
export const VALIDATION_MESSAGE = 'Your request is not valid!';
export const INTERNAL_MESSAGE = 'An internal error occurred during your request!';

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
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): ErrorInfo {
  const context = error.validationContext ?? 'request';
  const validationErrors = error.validation.map((issue) => {
    const members = issue.instancePath.split('/').filter(Boolean);
    return {
      message: issue.message ?? 'is invalid',
      members: members.length > 0 ? [members.join('.')] : [context],
    };
  });
  return {
    code: ErrorCode.Validation,
    message: VALIDATION_MESSAGE,
    details:
      'The following errors were detected during validation.\n' +
      validationErrors.map((v) => ` - ${v.members.join(', ')}: ${v.message}`).join('\n'),
    validationErrors,
  };
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
        return sendError(reply, 400, toValidationInfo(error));
      }
      if (error.validation) {
        return sendError(
          reply,
          400,
          toValidationInfo(error as FastifyError & { validation: { instancePath: string }[] }),
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
          message: error.message,
        });
      }
      const unavailable = answerDatabaseUnavailable(error, request, reply);
      if (unavailable) return unavailable;
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, { code: ErrorCode.Internal, message: INTERNAL_MESSAGE });
    });
  },
  { name: 'error-handler' },
);
