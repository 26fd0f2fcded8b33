import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminParametersSchema,
  AgreementPublishSchema,
  AgreementVersionSchema,
  ParametersQuerySchema,
  ParametersSaveSchema,
  Permissions as P,
  StoreAdminSchema,
  StoreSaveSchema,
  SystemInfoAdminSchema,
  SystemInfoSaveSchema,
} from '@snowgear/contracts';
import { AdminService } from './service.js';

const STORES = { permissions: [P.SystemManagement.Stores] } as const;
/** The business's own settings. */
const SYSTEM = { permissions: [P.SystemManagement.Default] } as const;
/** Business parameters: the business's and any store's, or a manager's own store's. */
const PARAMETERS = {
  permissions: [P.SystemManagement.Default, P.StoreManagement.Default],
} as const;
const Id = z.object({ id: z.uuid() });
const tags = ['admin'];

/**
 * The administration of the business (docs/admin.md): stores, business parameters, system
 * information and filing, the rental agreement. Clients see changes through the configuration
 * call (`/api/app/config-distribution/h5`).
 */
export async function adminRoutes(app: FastifyInstance, _options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new AdminService(app.db, request);
  // Every change here (committed by the time the answer is sent) shows in the configuration
  // clients load at start.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.h5Config.forget(request.tenantId);
  });

  r.get(
    '/api/app/admin/stores',
    {
      config: { access: STORES },
      schema: {
        tags,
        summary: 'Every store, open or closed, with its open orders and staff',
        response: { 200: z.object({ items: z.array(StoreAdminSchema) }) },
      },
    },
    async (request) => ({ items: await service(request).stores() }),
  );

  r.get(
    '/api/app/admin/stores/:id',
    {
      config: { access: STORES },
      schema: { tags, params: Id, response: { 200: StoreAdminSchema } },
    },
    async (request) => service(request).store(request.params.id),
  );

  r.post(
    '/api/app/admin/stores',
    {
      config: { access: STORES },
      schema: {
        tags,
        summary: 'Open a store (409 on the code when it is in use)',
        body: StoreSaveSchema,
        response: { 201: StoreAdminSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service(request).createStore(request.body)),
  );

  r.put(
    '/api/app/admin/stores/:id',
    {
      config: { access: STORES },
      schema: {
        tags,
        summary:
          'Change a store: name, phone, address, location, hours and rest days, open or closed (closing refused with 409 while orders are in progress)',
        params: Id,
        body: StoreSaveSchema,
        response: { 200: StoreAdminSchema },
      },
    },
    async (request) => service(request).updateStore(request.params.id, request.body),
  );

  r.get(
    '/api/app/admin/business-parameters',
    {
      config: { access: PARAMETERS },
      schema: {
        tags,
        summary:
          "Every business parameter: the business's value, the store's own, and which applies (a store value wins unless blank)",
        querystring: ParametersQuerySchema,
        response: { 200: AdminParametersSchema },
      },
    },
    async (request) => service(request).parameters(request.query.storeId),
  );

  r.put(
    '/api/app/admin/business-parameters',
    {
      config: { access: PARAMETERS },
      schema: {
        tags,
        summary:
          "Set the business's values (storeId null; system management only) or a store's (a blank store value falls back to the business's)",
        body: ParametersSaveSchema,
        response: { 200: AdminParametersSchema },
      },
    },
    async (request) => service(request).saveParameters(request.body),
  );

  r.get(
    '/api/app/admin/system-info',
    {
      config: { access: SYSTEM },
      schema: { tags, response: { 200: SystemInfoAdminSchema } },
    },
    async (request) => service(request).systemInfo(),
  );

  r.put(
    '/api/app/admin/system-info',
    {
      config: { access: SYSTEM },
      schema: {
        tags,
        summary:
          'System name, domain, company, logo (a picture uploaded as SystemLogo), police and ICP filing numbers and links',
        body: SystemInfoSaveSchema,
        response: { 200: SystemInfoAdminSchema },
      },
    },
    async (request) => service(request).saveSystemInfo(request.body),
  );

  r.get(
    '/api/app/admin/rental-agreements',
    {
      config: { access: SYSTEM },
      schema: {
        tags,
        summary: 'Every published rental agreement, newest first, with how many orders accepted it',
        response: { 200: z.object({ items: z.array(AgreementVersionSchema) }) },
      },
    },
    async (request) => ({ items: await service(request).agreements() }),
  );

  r.post(
    '/api/app/admin/rental-agreements',
    {
      config: { access: SYSTEM },
      schema: {
        tags,
        summary:
          'Publish a new rental agreement: new bookings accept this version; orders keep the one they accepted',
        body: AgreementPublishSchema,
        response: { 201: z.object({ items: z.array(AgreementVersionSchema) }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ items: await service(request).publishAgreement(request.body) }),
  );
}
