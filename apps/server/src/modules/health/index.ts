import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '@/plugins/error-handler.js';
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
      try {
        await app.database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.error({ err }, 'readiness check: database unreachable');
        return sendError(reply, 503, { code: 'App:NotReady', message: 'database unreachable' });
      }
    },
  );
}
