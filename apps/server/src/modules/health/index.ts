import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@snowgear/contracts';
import { sendUnavailable } from '@/plugins/error-handler.js';
import { PUBLIC } from '@/lib/access.js';

/** Liveness (`/health`: the process answers) and readiness (`/ready`: the database answers). */
export async function healthRoutes(app: FastifyInstance) {
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
      // Each check asks the database afresh (the pool opens a new connection when the old ones
      // were cut), so readiness comes back by itself when the database does.
      try {
        await app.database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.error({ err }, 'readiness check: database unreachable');
        return sendUnavailable(reply, {
          code: ErrorCode.NotReady,
          message: 'database unreachable',
        });
      }
    },
  );
}
