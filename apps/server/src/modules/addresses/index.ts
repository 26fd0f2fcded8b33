import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerAddressInputSchema,
  CustomerAddressListSchema,
  CustomerAddressSchema,
  RoleName,
} from '@snowgear/contracts';
import type { RouteAccess } from '@/lib/access.js';
import { AddressesService } from './service.js';

/** Customers keep addresses; staff have none (the service scopes every call to its owner). */
const CUSTOMERS: RouteAccess = { roles: [RoleName.Customer] };
const Id = z.object({ id: z.uuid() });
const tags = ['addresses'];

/** The signed-in customer's saved addresses, offered for delivery and pickup when booking. */
export async function addressRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new AddressesService(app.db, request);

  r.get(
    '/api/app/my-addresses',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags,
        summary: 'My saved addresses, the default first, then the newest',
        response: { 200: CustomerAddressListSchema },
      },
    },
    async (request) => ({ items: await service(request).list() }),
  );

  r.post(
    '/api/app/my-addresses',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags,
        summary:
          'Save an address (at most 20 an account; 403 Address:LimitReached beyond); the first, or one with isDefault, becomes the default',
        body: CustomerAddressInputSchema,
        response: { 201: CustomerAddressSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service(request).create(request.body)),
  );

  r.put(
    '/api/app/my-addresses/:id',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags,
        summary:
          'Change one of my addresses; isDefault true makes it the default (false keeps the default where it is; someone else’s: 404)',
        params: Id,
        body: CustomerAddressInputSchema,
        response: { 200: CustomerAddressSchema },
      },
    },
    async (request) => service(request).update(request.params.id, request.body),
  );

  r.delete(
    '/api/app/my-addresses/:id',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags,
        summary:
          'Delete one of my addresses; deleting the default makes the newest left the default (someone else’s: 404)',
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
