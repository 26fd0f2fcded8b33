import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Permissions as P,
  PriceSeasonListSchema,
  PriceSeasonSaveSchema,
  PriceSeasonSchema,
  RateCardListSchema,
  RateCardPreviewQuerySchema,
  RateCardPreviewSchema,
  RateCardQuerySchema,
  RateCardSaveSchema,
  RateCardSchema,
} from '@snowgear/contracts';
import { RateCardService } from './service.js';

/** The business's cards and any store's (system management), or a manager's own store's. */
const EDIT = { permissions: [P.SystemManagement.Default, P.StoreManagement.Default] } as const;
const tags = ['rate-cards'];

/**
 * Rate cards (issue 60, docs/pricing.md): what a rental of each length costs per kind of gear or
 * pack, adult and junior, for the business and per store, and a preview of a rental priced on
 * them. Orders are not priced on them yet.
 */
export async function rateCardRoutes(app: FastifyInstance, _options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new RateCardService(app.db, request);
  const config = { access: EDIT };

  r.get(
    '/api/app/rate-cards',
    {
      config,
      schema: {
        tags,
        summary:
          "A store's rate cards: its own and the business's where it has none (storeId absent: the caller's store, or the business's for system management)",
        querystring: RateCardQuerySchema,
        response: { 200: RateCardListSchema },
      },
    },
    async (request) => service(request).list(request.query.storeId),
  );
  r.put(
    '/api/app/rate-cards',
    {
      config,
      schema: {
        tags,
        summary:
          'Set the card of a kind of gear or pack, adult or junior, for a store or (storeId null, system management) every store; 400 when a longer rental is cheaper, a junior day dearer than the adult day, or a pack day dearer than its parts',
        body: RateCardSaveSchema,
        response: { 200: RateCardSchema },
      },
    },
    async (request) => service(request).save(request.body),
  );
  r.delete(
    '/api/app/rate-cards/:id',
    {
      config,
      schema: { tags, summary: 'Remove a card', params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) => {
      await service(request).remove(request.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/app/rate-cards/preview',
    {
      config,
      schema: {
        tags,
        summary: 'A rental priced on the card that applies at the store, day by day',
        querystring: RateCardPreviewQuerySchema,
        response: { 200: RateCardPreviewSchema },
      },
    },
    async (request) => service(request).preview(request.query),
  );

  r.get(
    '/api/app/price-seasons',
    {
      config,
      schema: {
        tags,
        summary: "A store's price seasons: its own, or the business's when it has none (inherited)",
        querystring: RateCardQuerySchema,
        response: { 200: PriceSeasonListSchema },
      },
    },
    async (request) => service(request).seasons(request.query.storeId),
  );
  r.post(
    '/api/app/price-seasons',
    {
      config,
      schema: {
        tags,
        summary:
          'A new season of a store or (storeId null, system management) of every store; 400 SeasonOverlap on its days when it shares one with another',
        body: PriceSeasonSaveSchema,
        response: { 201: PriceSeasonSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).saveSeason(request.body)),
  );
  r.put(
    '/api/app/price-seasons/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a season',
        params: z.object({ id: z.uuid() }),
        body: PriceSeasonSaveSchema,
        response: { 200: PriceSeasonSchema },
      },
    },
    async (request) => service(request).saveSeason(request.body, request.params.id),
  );
  r.delete(
    '/api/app/price-seasons/:id',
    {
      config,
      schema: { tags, summary: 'Remove a season', params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) => {
      await service(request).removeSeason(request.params.id);
      return reply.code(204).send();
    },
  );
}
