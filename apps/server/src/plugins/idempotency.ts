import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@snowgear/contracts';
import { idempotentRequests } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';
import { frameworkMessage, message } from '@/lib/messages.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9._:-]{1,100}$/;
/** A first request still marked as running after this long died with its process. */
const ABANDONED_MS = 60_000;
const KEPT_HOURS = 24;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer holds a token or a secret (a sign-in, an SMS code, a payment or file link): it is
     * never kept, and a repeat under the same key is told it was done, not given the answer.
     */
    secretAnswer?: boolean;
  }
  interface FastifyRequest {
    /** The key this write is recorded under, when it came with one. */
    idempotencyKey: { tenantId: string; callerKey: string; key: string } | null;
  }
}

/**
 * Writes sent with an `Idempotency-Key` header are applied once: the first is handled and its
 * answer kept for a day; the same key again with the same request (a retry after a lost answer,
 * an offline queue sending what it kept) gets that answer back with `Idempotent-Replayed: true`
 * and changes nothing. While the first is still running the second gets 409 (retry shortly); the
 * same key with another method, path or body gets 422. Keys belong to their caller: the signed-in
 * user, or the anonymous browser named by its signed verification cookie (a caller with neither
 * gets no replay: its key is ignored), and to the tenant. An answer holding a token or secret is
 * never kept (route config `secretAnswer`). A 5xx answer is not kept, so the retry runs again
 * (the failed write was rolled back).
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotencyKey', null);

    const purge = setInterval(() => {
      void app.db
        .delete(idempotentRequests)
        .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`))
        .catch((err: unknown) => app.log.warn({ err }, 'idempotency keys: purge failed'));
    }, 60 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));

    app.addHook('preHandler', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const raw = request.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (key === undefined) return;
      if (!KEY.test(key)) {
        throw new AppError(
          400,
          ErrorCode.Validation,
          'Idempotency-Key: 1 to 100 letters, digits or ._:-',
        );
      }
      const callerKey = callerOf(request);
      if (callerKey === null) return;
      const id = { tenantId: request.tenantId, callerKey, key };
      const requestHash = fingerprint(request);
      const [claimed] = await app.db
        .insert(idempotentRequests)
        .values({ ...id, method: request.method, path: request.url, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      if (claimed) {
        request.idempotencyKey = id;
        return;
      }
      const match = and(
        eq(idempotentRequests.tenantId, id.tenantId),
        eq(idempotentRequests.callerKey, id.callerKey),
        eq(idempotentRequests.key, key),
      );
      const [first] = await app.db.select().from(idempotentRequests).where(match);
      if (!first) {
        // Purged or given up between the two statements: nothing recorded, try again.
        throw new AppError(
          409,
          ErrorCode.RequestInProgress,
          frameworkMessage(request, 'RequestRetry'),
        );
      }
      if (first.requestHash !== requestHash) {
        throw new AppError(
          422,
          ErrorCode.IdempotencyKeyReused,
          message(request, 'IdempotencyKeyReused'),
        );
      }
      if (first.statusCode === null) {
        // Taken over only when its first handler is long gone.
        const [takenOver] = await app.db
          .update(idempotentRequests)
          .set({ createdAt: new Date() })
          .where(
            and(
              match,
              isNull(idempotentRequests.statusCode),
              lt(idempotentRequests.createdAt, new Date(Date.now() - ABANDONED_MS)),
            ),
          )
          .returning({ key: idempotentRequests.key });
        if (takenOver) {
          request.idempotencyKey = id;
          return;
        }
        reply.header('Retry-After', '1');
        throw new AppError(
          409,
          ErrorCode.RequestInProgress,
          frameworkMessage(request, 'RequestInProgress'),
        );
      }
      reply.header('Idempotent-Replayed', 'true');
      if (first.statusCode < 300 && request.routeOptions.config.secretAnswer) {
        throw new AppError(
          409,
          ErrorCode.AnswerNotKept,
          message(request, 'IdempotentAnswerNotKept'),
        );
      }
      if (first.contentType) reply.type(first.contentType);
      return reply.code(first.statusCode).send(first.responseBody ?? undefined);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.idempotencyKey;
      if (!id) return payload;
      request.idempotencyKey = null;
      const match = and(
        eq(idempotentRequests.tenantId, id.tenantId),
        eq(idempotentRequests.callerKey, id.callerKey),
        eq(idempotentRequests.key, id.key),
      );
      if (reply.statusCode >= 500) {
        await app.db.delete(idempotentRequests).where(match);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      const secret = reply.statusCode < 300 && request.routeOptions.config.secretAnswer;
      await app.db
        .update(idempotentRequests)
        .set({
          statusCode: reply.statusCode,
          responseBody: !secret && typeof payload === 'string' ? payload : null,
          contentType: !secret && typeof contentType === 'string' ? contentType : null,
        })
        .where(match);
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['database', 'tenant', 'verification-token'] },
);

function callerOf(request: FastifyRequest): string | null {
  if (request.user) return `user:${request.user.id}`;
  return request.browserId ? `browser:${request.browserId}` : null;
}

/** What makes two requests the same: method, path and query, and the body as it was parsed. */
function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}
