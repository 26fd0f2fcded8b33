import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignableRolesSchema,
  CreateEmployeeSchema,
  EmployeeListQuerySchema,
  EmployeeSchema,
  pagedResultSchema,
  Permissions,
  ResetPasswordSchema,
  UpdateEmployeeSchema,
} from '@snowgear/contracts';
import type { TokenService } from '@/modules/identity/tokens.js';
import { EmployeeService } from './service.js';

const PEOPLE_MANAGERS = {
  permissions: [Permissions.StoreManagement.Employees, Permissions.SystemManagement.Users],
} as const;
const Id = z.object({ id: z.uuid() });

/** Employees (and, for a SuperAdmin, all users): list, create, edit, (de)activate, reset password. */
export async function employeeRoutes(app: FastifyInstance, options: { tokens: TokenService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = () => new EmployeeService(app.db, options.tokens);
  const config = { access: PEOPLE_MANAGERS };
  const tags = ['employees'];

  r.get(
    '/api/app/employees',
    {
      config,
      schema: {
        tags,
        querystring: EmployeeListQuerySchema,
        response: { 200: pagedResultSchema(EmployeeSchema) },
      },
    },
    async (request) => service().list(request, request.query),
  );
  r.get(
    '/api/app/employees/assignable-roles',
    { config, schema: { tags, response: { 200: AssignableRolesSchema } } },
    async (request) => service().assignableRoles(request),
  );
  r.get(
    '/api/app/employees/:id',
    { config, schema: { tags, params: Id, response: { 200: EmployeeSchema } } },
    async (request) => service().get(request, request.params.id),
  );
  r.post(
    '/api/app/employees',
    { config, schema: { tags, body: CreateEmployeeSchema, response: { 201: EmployeeSchema } } },
    async (request, reply) => reply.code(201).send(await service().create(request, request.body)),
  );
  r.put(
    '/api/app/employees/:id',
    {
      config,
      schema: { tags, params: Id, body: UpdateEmployeeSchema, response: { 200: EmployeeSchema } },
    },
    async (request) => service().update(request, request.params.id, request.body),
  );
  r.post(
    '/api/app/employees/:id/deactivate',
    { config, schema: { tags, params: Id, response: { 200: EmployeeSchema } } },
    async (request) => service().setActive(request, request.params.id, false),
  );
  r.post(
    '/api/app/employees/:id/activate',
    { config, schema: { tags, params: Id, response: { 200: EmployeeSchema } } },
    async (request) => service().setActive(request, request.params.id, true),
  );
  r.post(
    '/api/app/employees/:id/reset-password',
    {
      config,
      schema: { tags, params: Id, body: ResetPasswordSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service().resetPassword(request, request.params.id, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );
}
