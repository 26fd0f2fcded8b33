import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Permissions as P,
  PublicSelfCheckinSchema,
  RiderFieldsSchema,
  SelfCheckinCreateSchema,
  SelfCheckinSchema,
} from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { SelfCheckinService } from './service.js';

const tags = ['self-checkin'];
/** Whoever makes counter orders opens a check-in and reads it. */
const CREATE = { permissions: [P.BusinessOperations.OrderCreate] } as const;
const Token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** Self check-in: a family types its own riders on its own phones for the counter's order. */
export async function selfCheckinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new SelfCheckinService(app.db, request);

  r.post(
    '/api/app/self-checkins',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary: 'Open a self check-in at the store, for its QR code',
        body: SelfCheckinCreateSchema,
        response: { 201: SelfCheckinSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service(request).open(request.body.storeId)),
  );

  r.get(
    '/api/app/self-checkins/:id',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary: 'A self check-in with the riders added so far',
        params: z.object({ id: z.uuid() }),
        response: { 200: SelfCheckinSchema },
      },
    },
    async (request) => service(request).get(request.params.id),
  );

  r.get(
    '/api/app/checkin/:token',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A self check-in as a family member’s phone reads it (no sign-in)',
        params: Token,
        response: { 200: PublicSelfCheckinSchema },
      },
    },
    async (request) => service(request).publicView(request.params.token),
  );

  r.post(
    '/api/app/checkin/:token/riders',
    {
      // The everyone's limits apply (per browser, then per address); a code takes ten riders
      // at most and opens for two hours, so one code cannot fill anything.
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Add oneself to a self check-in (no sign-in)',
        params: Token,
        body: RiderFieldsSchema,
        response: { 201: PublicSelfCheckinSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service(request).addRider(request.params.token, request.body)),
  );
}
