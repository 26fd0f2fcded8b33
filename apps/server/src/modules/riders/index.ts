import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RiderListSchema, RiderProfileInputSchema, RiderProfileSchema } from '@snowgear/contracts';
import { RidersService } from './service.js';

/** Anyone signed in keeps their own riders; the service scopes every call to its owner. */
const SIGNED_IN = { authenticated: true } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['riders'];

/** The signed-in user's riders: skier profiles for sizing and the binding's DIN suggestion. */
export async function riderRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new RidersService(app.db, request, options.timeZone);

  r.get(
    '/api/app/riders',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'My riders, myself first',
        response: { 200: RiderListSchema },
      },
    },
    async (request) => ({ items: await service(request).list() }),
  );

  r.post(
    '/api/app/riders',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary:
          'Add a rider (at most 10 an account; 403 Rider:LimitReached beyond); isSelf moves the account holder’s mark to this rider',
        body: RiderProfileInputSchema,
        response: { 201: RiderProfileSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).create(request.body)),
  );

  r.put(
    '/api/app/riders/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Change one of my riders (someone else’s: 404)',
        params: Id,
        body: RiderProfileInputSchema,
        response: { 200: RiderProfileSchema },
      },
    },
    async (request) => service(request).update(request.params.id, request.body),
  );

  r.delete(
    '/api/app/riders/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Delete one of my riders (orders keep the rider as booked; someone else’s: 404)',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service(request).remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
