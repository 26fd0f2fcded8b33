import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Permissions as P,
  RoleMatrixSchema,
  RoleName,
  RolePermissionsChangeSchema,
  RolePermissionsInputSchema,
} from '@snowgear/contracts';
import { RoleService } from './service.js';

/** Those who manage staff see what each role may do. */
const PEOPLE_MANAGERS = {
  permissions: [P.SystemManagement.Users, P.StoreManagement.Employees],
} as const;
/** Only the super admin changes it. */
const SUPER_ADMIN = { roles: [RoleName.SuperAdmin] } as const;
const tags = ['roles'];

/** The permission matrix of each role: read by those who manage staff, changed by the super admin (docs/permissions.md). */
export async function roleRoutes(app: FastifyInstance, _options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/roles/matrix',
    {
      config: { access: PEOPLE_MANAGERS },
      schema: {
        tags,
        summary:
          'Every role with its display name and permissions, the permissions grouped as in spec §6, and whether the caller may change them',
        response: { 200: RoleMatrixSchema },
      },
    },
    async (request) => new RoleService(app.db, request).matrix(),
  );

  r.put(
    '/api/app/roles/:name/permissions',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags,
        summary:
          "Replaces a role's permissions (the super admin's own row never changes: 409); counts from the next request on, with an audit line",
        params: z.object({ name: z.string().trim().min(1).max(64) }),
        body: RolePermissionsInputSchema,
        response: { 200: RolePermissionsChangeSchema },
      },
    },
    async (request) => {
      const change = await new RoleService(app.db, request).replace(
        request.params.name,
        request.body.permissions,
      );
      // Everyone holding the role may do more or less from their next request on.
      app.signedInUsers.forgetAll();
      return change;
    },
  );
}
