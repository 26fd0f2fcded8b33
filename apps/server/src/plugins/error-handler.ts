import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorInfo } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';

/**
 * One error shape for every failure (ABP's `{ error: {...} }`, WIRE-FACTS.md §1) with the
 * `_AbpErrorFormat` header clients key on. 5xx bodies never carry internals, only the request id
 * that is also in the log.
 */
export const VALIDATION_MESSAGE = 'Your request is not valid!';
export const INTERNAL_MESSAGE = 'An internal error occurred during your request!';

export function sendError(reply: FastifyReply, statusCode: number, info: ErrorInfo) {
  return reply
    .code(statusCode)
    .header('_AbpErrorFormat', 'true')
    .type('application/json; charset=utf-8')
    .send({ error: { ...info, requestId: String(reply.request.id) } });
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
        return sendError(reply, error.statusCode, {
          code: error.code,
          message: error.message,
          details: error.details ?? null,
          data: error.data ?? null,
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
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: bad JSON, wrong content type, body too large, 429 ...
        return sendError(reply, status, {
          code: status === 429 ? ErrorCode.TooManyRequests : (error.code ?? null),
          message: error.message,
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, { code: ErrorCode.Internal, message: INTERNAL_MESSAGE });
    });
  },
  { name: 'error-handler' },
);
