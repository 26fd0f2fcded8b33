import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@snowgear/contracts';
import { sendUnavailable } from '@/plugins/error-handler.js';
import { PUBLIC } from '@/lib/access.js';
import type { FileStore } from '@/file-store/store.js';
import { pingRedis } from '@/lib/redis.js';

/**
 * Liveness (`/health`: the process answers) and readiness (`/ready`: the database, the file
 * store and Redis, when there is one, answer).
 */
export async function healthRoutes(
  app: FastifyInstance,
  { fileStore, redis }: { fileStore: FileStore; redis: Redis | undefined },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const Status = z.object({ status: z.string() });

  r.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['health'], response: { 200: Status } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' }),
  );

  r.get(
    '/ready',
    { config: { access: PUBLIC }, schema: { tags: ['health'] }, logLevel: 'warn' },
    async (request, reply) => {
      // Each check asks afresh (the pool opens a new connection when the old ones were cut), so
      // readiness comes back by itself when what was away does.
      const checks = [
        { part: 'database', check: () => app.database.ping() },
        { part: 'file store', check: () => fileStore.check() },
        ...(redis ? [{ part: 'Redis', check: () => pingRedis(redis) }] : []),
      ];
      const results = await Promise.allSettled(checks.map((c) => c.check()));
      const down = checks.filter((_, i) => results[i]!.status === 'rejected').map((c) => c.part);
      if (down.length === 0) return { status: 'ready' };
      results.forEach((result, i) => {
        if (result.status === 'rejected') {
          request.log.error(
            { err: result.reason },
            `readiness check: ${checks[i]!.part} unreachable`,
          );
        }
      });
      return sendUnavailable(reply, {
        code: ErrorCode.NotReady,
        message: `${down.join(' and ')} unreachable`,
      });
    },
  );
}
