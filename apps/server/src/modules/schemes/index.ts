import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SchemeInputSchema, SchemeSchema, SharedSchemeSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { SchemesService } from './service.js';

const tags = ['schemes'];
const SIGNED_IN = { authenticated: true } as const;
const Id = z.object({ id: z.uuid() });

/** Schemes (方案): saved booking plans, and their short links for family and friends. */
export async function schemeRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) =>
    new SchemesService(app.db, request, options.timeZone);

  r.get(
    '/api/app/schemes',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'My schemes, newest first',
        response: { 200: z.array(SchemeSchema) },
      },
    },
    async (request) => service(request).list(),
  );

  r.post(
    '/api/app/schemes',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Save a booking cart as a scheme, priced as a quote',
        body: SchemeInputSchema,
        response: { 201: SchemeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).create(request.body)),
  );

  r.get(
    '/api/app/schemes/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'One of my schemes', params: Id, response: { 200: SchemeSchema } },
    },
    async (request) => service(request).get(request.params.id),
  );

  r.put(
    '/api/app/schemes/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Change one of my schemes (priced again)',
        params: Id,
        body: SchemeInputSchema,
        response: { 200: SchemeSchema },
      },
    },
    async (request) => service(request).update(request.params.id, request.body),
  );

  r.delete(
    '/api/app/schemes/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Delete one of my schemes',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service(request).remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/app/schemes/:id/shared',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A scheme opened from its short link (no sign-in): the plan and a fresh quote',
        params: Id,
        response: { 200: SharedSchemeSchema },
      },
    },
    async (request) => service(request).shared(request.params.id),
  );
}
