import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sortRoles } from '@/modules/identity/profile.js';
import type { SignedInUsers } from '@/modules/identity/signed-in-users.js';
import type { TokenService } from '@/modules/identity/tokens.js';

/** Who is calling, as established from the bearer token on every request. */
export interface CurrentUser {
  id: string;
  tenantId: string;
  userName: string;
  roles: string[];
  permissions: string[];
  primaryStoreId: string | null;
  /** The sign-in (refresh-token family) this access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who each open sign-in stands for, briefly remembered (modules/identity/signed-in-users). */
    signedInUsers: SignedInUsers;
  }
  interface FastifyRequest {
    /** null when anonymous or when the token is invalid, expired, revoked or the user inactive. */
    user: CurrentUser | null;
  }
}

/**
 * Reads `Authorization: Bearer <token>`. A valid token of an active user whose sign-in was not
 * ended sets `request.user` (and the tenant, which the token's tenant decides, as ABP does).
 * Anything else leaves the request anonymous; routes that need a user answer 401.
 */
export const authenticationPlugin = fp<{ tokens: TokenService }>(
  async (app: FastifyInstance, { tokens }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const claims = await tokens.verifyAccessToken(header.slice(7).trim());
      if (!claims) return;
      const user = await tokens.signedInUsers.find(app.db, claims.tenantId, claims.sub, claims.sid);
      if (!user) return;
      request.tenantId = user.tenantId;
      request.user = {
        id: user.id,
        tenantId: user.tenantId,
        userName: user.userName,
        roles: sortRoles(user.roles),
        permissions: user.permissions,
        primaryStoreId: user.primaryStoreId,
        sessionId: claims.sid,
      };
    });
  },
  { name: 'authentication', dependencies: ['database', 'tenant'] },
);
