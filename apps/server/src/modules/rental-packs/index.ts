import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Permissions as P,
  RateCardQuerySchema,
  RentalPackListSchema,
  RentalPackSaveSchema,
  RentalPackSchema,
} from '@snowgear/contracts';
import { RentalPackService } from './service.js';

/** The business's packs and any store's (system management), or a manager's own store's. */
const EDIT = { permissions: [P.SystemManagement.Default, P.StoreManagement.Default] } as const;
const tags = ['rental-packs'];

/**
 * The packs a shop offers (issue 60, docs/pricing.md): each sport's levels, what each holds, its
 * picture and its price where no rate card prices it. The booking catalog lists those on offer.
 */
export async function rentalPackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new RentalPackService(app.db, request);
  const config = { access: EDIT };

  r.get(
    '/api/app/rental-packs',
    {
      config,
      schema: {
        tags,
        summary:
          "A store's packs, its own and the business's (inherited), on offer or not (storeId absent: the caller's store, or the business's for system management)",
        querystring: RateCardQuerySchema,
        response: { 200: RentalPackListSchema },
      },
    },
    async (request) => service(request).list(request.query.storeId),
  );
  r.post(
    '/api/app/rental-packs',
    {
      config,
      schema: {
        tags,
        summary:
          'A new pack of a store or (storeId null, system management) of every store; 400 on the field for a part that is no kind of gear, a picture not uploaded by the caller as PackImage, or a daily price dearer than the parts; 409 for a name in use',
        body: RentalPackSaveSchema,
        response: { 201: RentalPackSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).save(request.body)),
  );
  r.put(
    '/api/app/rental-packs/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "Change a pack; 400 on categoryIds when a card of the pack would cost more than the new parts' cards",
        params: z.object({ id: z.uuid() }),
        body: RentalPackSaveSchema,
        response: { 200: RentalPackSchema },
      },
    },
    async (request) => service(request).save(request.body, request.params.id),
  );
  r.delete(
    '/api/app/rental-packs/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete a pack no order used, with its rate cards (409 RentalPack:InUse otherwise: take it off sale)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await service(request).remove(request.params.id);
      return reply.code(204).send();
    },
  );
}
